// The fake Stripe's own listings at scale: a page is found from its cursor's place, so
// that what a listing looks at grows with the page, not with the truth; a payment's
// refunds come from its index; ending_before pages towards the newer objects; a truth
// file's objects are served as the file writes them.

#include "fakestripe.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTemporaryDir>
#include <QTest>

using RefundDesk::Testing::FakeStripe;

namespace {

struct Got
{
    int status = 0;
    QJsonObject body;

    QStringList ids() const
    {
        QStringList out;
        for (const QJsonValue &object : body.value(QStringLiteral("data")).toArray())
            out.append(object.toObject().value(QStringLiteral("id")).toString());
        return out;
    }
    bool hasMore() const { return body.value(QStringLiteral("has_more")).toBool(); }
};

// A refund of its own payment, or of `payment` where given.
QByteArray refund(int n, qint64 created, const QString &payment = {})
{
    const QString of = payment.isEmpty() ? QStringLiteral("p%1").arg(n) : payment;
    return QStringLiteral(R"({"id":"re_%1","object":"refund","amount":100,"charge":"ch_%3","created":%2,)"
                          R"("currency":"usd","metadata":{},"payment_intent":"pi_%3","status":"succeeded"})")
        .arg(n, 6, 10, QLatin1Char('0'))
        .arg(created)
        .arg(of)
        .toUtf8();
}

QString refundId(int n)
{
    return QStringLiteral("re_%1").arg(n, 6, 10, QLatin1Char('0'));
}

constexpr qint64 Start = 1717000000;

} // namespace

class TestFakeStripe final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<FakeStripe> m_fake;
    QNetworkAccessManager m_network;

    Got get(const QString &pathAndQuery)
    {
        QNetworkRequest request(QUrl(m_fake->baseUrl() + pathAndQuery));
        request.setRawHeader("Authorization", "Bearer rk_test_fake");
        QNetworkReply *reply = m_network.get(request);
        QEventLoop loop;
        connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        loop.exec();
        Got got;
        got.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        got.body = QJsonDocument::fromJson(reply->readAll()).object();
        reply->deleteLater();
        return got;
    }

    // `count` refunds, three to a second from Start on, each of a payment of its own.
    void addRefunds(int count)
    {
        for (int i = 0; i < count; ++i)
            QCOMPARE(m_fake->truth().addRefund(refund(i, Start + i / 3)), QString());
    }

private slots:
    void init()
    {
        m_fake = std::make_unique<FakeStripe>();
        QVERIFY(m_fake->listenOnLoopback());
    }

    void cleanup() { m_fake.reset(); }

    // Every page of a window, paged with starting_after to its end: the window's refunds,
    // newest first, each once; each page looks at about one page of refunds.
    void aWindowIsPagedFromEachCursorsPlace_data()
    {
        QTest::addColumn<int>("refunds");
        QTest::addColumn<int>("limit");
        QTest::newRow("3,000 refunds, pages of 100") << 3000 << 100;
        QTest::newRow("30,000 refunds, pages of 100") << 30000 << 100;
        QTest::newRow("30,000 refunds, pages of 7") << 30000 << 7;
    }

    void aWindowIsPagedFromEachCursorsPlace()
    {
        QFETCH(int, refunds);
        QFETCH(int, limit);
        addRefunds(refunds);
        // The seconds 200 to 299 of the truth: refunds 600 to 899.
        const QString window = QStringLiteral("/v1/refunds?created[gte]=%1&created[lte]=%2&limit=%3")
                                   .arg(Start + 200).arg(Start + 299).arg(limit);
        get(window); // the lists are built on the first listing
        QStringList ids;
        QString after;
        int pages = 0;
        const qint64 examinedBefore = m_fake->objectsExamined();
        for (bool more = true; more; ++pages) {
            const Got page = get(after.isEmpty() ? window : window + QStringLiteral("&starting_after=") + after);
            QCOMPARE(page.status, 200);
            QVERIFY(page.ids().size() <= limit);
            ids += page.ids();
            more = page.hasMore();
            after = ids.isEmpty() ? QString() : ids.last();
            QVERIFY(pages < 1000);
        }
        QStringList expected;
        for (int n = 899; n >= 600; --n) // newest first; among equal times the later first
            expected.append(refundId(n));
        QCOMPARE(ids, expected);
        QCOMPARE(pages, (300 + limit - 1) / limit); // has_more is false on the last
        // Each page: its refunds and the one after, and its cursor found among the three
        // refunds of its second. Never the window's 300 again, nor the truth's thousands.
        QVERIFY2(m_fake->objectsExamined() - examinedBefore <= qint64(pages) * (limit + 1 + 3 + 1),
                 qPrintable(QString::number(m_fake->objectsExamined() - examinedBefore)));
    }

    // ending_before: the objects just newer than the cursor, newest first, has_more saying
    // whether there are newer still.
    void endingBeforePagesTowardsTheNewer_data()
    {
        QTest::addColumn<int>("cursor");
        QTest::addColumn<int>("limit");
        QTest::addColumn<QStringList>("expected");
        QTest::addColumn<bool>("hasMore");
        QTest::newRow("a page below the newest")
            << 10 << 3 << QStringList{refundId(13), refundId(12), refundId(11)} << true;
        QTest::newRow("up to the newest") << 96 << 10 << QStringList{refundId(99), refundId(98), refundId(97)} << false;
        QTest::newRow("the newest itself") << 99 << 10 << QStringList{} << false;
    }

    void endingBeforePagesTowardsTheNewer()
    {
        QFETCH(int, cursor);
        QFETCH(int, limit);
        QFETCH(QStringList, expected);
        QFETCH(bool, hasMore);
        addRefunds(100);
        const Got page = get(QStringLiteral("/v1/refunds?limit=%1&ending_before=%2").arg(limit).arg(refundId(cursor)));
        QCOMPARE(page.status, 200);
        QCOMPARE(page.ids(), expected);
        QCOMPARE(page.hasMore(), hasMore);
    }

    // A cursor the listing does not hold: Stripe's 400, as before.
    void aCursorNotListedIsRefused_data()
    {
        QTest::addColumn<QString>("query");
        QTest::newRow("no such refund") << QStringLiteral("starting_after=re_nothing");
        QTest::newRow("a refund outside the window")
            << QStringLiteral("created[gte]=%1&starting_after=%2").arg(Start + 10).arg(refundId(3));
        QTest::newRow("a refund of another payment")
            << QStringLiteral("payment_intent=pi_p5&starting_after=%1").arg(refundId(6));
        QTest::newRow("both cursors") << QStringLiteral("starting_after=%1&ending_before=%2").arg(refundId(6), refundId(7));
    }

    void aCursorNotListedIsRefused()
    {
        QFETCH(QString, query);
        addRefunds(100);
        QCOMPARE(get(QStringLiteral("/v1/refunds?") + query).status, 400);
    }

    // A payment's refunds from the index: what the lookup looks at does not grow with the
    // shop's other refunds.
    void aPaymentsRefundsCostTheSameAmongAnyNumberOfOthers_data()
    {
        QTest::addColumn<QString>("filter");
        QTest::newRow("payment_intent") << QStringLiteral("payment_intent=pi_shared");
        QTest::newRow("charge") << QStringLiteral("charge=ch_shared");
        QTest::newRow("both") << QStringLiteral("payment_intent=pi_shared&charge=ch_shared");
    }

    void aPaymentsRefundsCostTheSameAmongAnyNumberOfOthers()
    {
        QFETCH(QString, filter);
        qint64 examined[2] = {};
        for (const int others : {100, 20000}) {
            init();
            addRefunds(others);
            for (int i = 0; i < 5; ++i)
                QCOMPARE(m_fake->truth().addRefund(refund(900000 + i, Start + i * 7, QStringLiteral("shared"))), QString());
            const qint64 before = m_fake->objectsExamined();
            const Got page = get(QStringLiteral("/v1/refunds?limit=3&") + filter);
            QCOMPARE(page.ids(), (QStringList{refundId(900004), refundId(900003), refundId(900002)}));
            QVERIFY(page.hasMore());
            const Got next = get(QStringLiteral("/v1/refunds?limit=3&starting_after=%1&").arg(refundId(900002)) + filter);
            QCOMPARE(next.ids(), (QStringList{refundId(900001), refundId(900000)}));
            QVERIFY(!next.hasMore());
            examined[others == 100 ? 0 : 1] = m_fake->objectsExamined() - before;
        }
        QVERIFY(examined[0] > 0);
        QCOMPARE(examined[1], examined[0]);
    }

    // The undelivered events of a long span, a page at a time: the pages look at the span
    // once between them, not once each.
    void eventPagesLookAtTheSpanOnce()
    {
        for (int i = 0; i < 5000; ++i) {
            const QByteArray event = QStringLiteral(R"({"id":"evt_%1","object":"event","created":%2,"type":"%3",)"
                                                    R"("data":{"object":{"id":"re_%1","object":"refund"}}})")
                                         .arg(i, 5, 10, QLatin1Char('0'))
                                         .arg(Start + i)
                                         .arg(i % 2 ? QStringLiteral("refund.updated") : QStringLiteral("charge.succeeded"))
                                         .toUtf8();
            QCOMPARE(m_fake->truth().addEvent(event, i % 10 != 1), QString());
        }
        const QString query = QStringLiteral("/v1/events?types[]=refund.updated&delivery_success=false&limit=100");
        get(query);
        const qint64 before = m_fake->objectsExamined();
        int listed = 0;
        QString after;
        for (bool more = true; more;) {
            const Got page = get(after.isEmpty() ? query : query + QStringLiteral("&starting_after=") + after);
            QCOMPARE(page.status, 200);
            listed += int(page.ids().size());
            more = page.hasMore();
            after = page.ids().isEmpty() ? QString() : page.ids().last();
        }
        QCOMPARE(listed, 500);
        // The 5,000 events once; each page again looks at the ten or so events up to the one
        // after it (for has_more) and at its cursor. Each page from the span's start: 25,000.
        QVERIFY2(m_fake->objectsExamined() - before <= 5000 + 5 * (10 + 2),
                 qPrintable(QString::number(m_fake->objectsExamined() - before)));
    }

    // A truth file as the demo writes it is served as written, ids and payments read; a
    // line written otherwise (spaces, the members the other way round) is read as well.
    void aTruthFileIsServedAsWritten()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("truth.jsonl"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const QByteArray written = refund(1, Start + 1);
        file.write("{\"refund\":" + written + "}\n");
        file.write("{ \"refund\" : " + refund(2, Start + 2, QStringLiteral("shared")) + " }\n\n");
        file.write(R"({"delivered":false,"event":{"id":"evt_1","object":"event","created":1717000003,"type":"refund.updated"}})"
                   "\n");
        file.write(R"({"event":{"id":"evt_2","object":"event","created":1717000004,"type":"refund.created"},"delivered":true})"
                   "\n");
        file.close();
        QCOMPARE(m_fake->truth().load(path), QString());

        QCOMPARE(m_fake->truth().refunds.size(), size_t(2));
        QCOMPARE(m_fake->truth().refunds.at(0).json, written);
        QCOMPARE(m_fake->truth().refunds.at(0).id, QByteArray("re_000001"));
        QCOMPARE(m_fake->truth().refunds.at(0).paymentIntent, QByteArray("pi_p1"));
        QCOMPARE(m_fake->truth().refunds.at(1).charge, QByteArray("ch_shared"));
        QCOMPARE(m_fake->truth().events.size(), size_t(2));
        QCOMPARE(m_fake->truth().events.at(0).delivered, false);
        QCOMPARE(m_fake->truth().events.at(1).delivered, true);
        QCOMPARE(m_fake->truth().events.at(1).type, QStringLiteral("refund.created"));

        QCOMPARE(get(QStringLiteral("/v1/refunds?payment_intent=pi_shared")).ids(), QStringList{refundId(2)});
        QCOMPARE(get(QStringLiteral("/v1/refunds/") + refundId(1)).body.value(QStringLiteral("payment_intent")).toString(),
                 QStringLiteral("pi_p1"));
        QCOMPARE(get(QStringLiteral("/v1/events?delivery_success=false")).ids(), QStringList{QStringLiteral("evt_1")});
    }

    // A line that is no refund or event, or no JSON: the load says which line.
    void aBrokenLineIsNamed_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::newRow("cut short") << QByteArray(R"({"refund":{"id":"re_1","created":)");
        QTest::newRow("neither") << QByteArray(R"({"charge":{"id":"ch_1"}})");
        QTest::newRow("without an id") << QByteArray(R"({"refund":{"created":5}})");
    }

    void aBrokenLineIsNamed()
    {
        QFETCH(QByteArray, line);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("truth.jsonl"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"refund\":" + refund(1, Start) + "}\n" + line + '\n');
        file.close();
        QVERIFY2(m_fake->truth().load(path).contains(QLatin1String("line 2")), qPrintable(m_fake->truth().load(path)));
    }
};

QTEST_GUILESS_MAIN(TestFakeStripe)
#include "tst_fakestripe.moc"
