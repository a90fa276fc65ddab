// export: CSV (RFC 4180) and JSON, round-tripped through parsers, with commas, quotes,
// line breaks, non-ASCII text and cells a spreadsheet would run as formulas.

#include "auditteststore.h"
#include "clirun.h"
#include "csvreader.h"

#include "audit/auditexporter.h"
#include "domain/money.h"
#include "store/store.h"

#include <QBuffer>
#include <QDateTime>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

constexpr qint64 Day = 86'400'000;
constexpr qint64 T0 = 1'717'243'200'000; // 2024-06-01T12:00:00Z

struct Row
{
    QString operationId;
    Outcome outcome;
    QString operatorName;
    qint64 at;
    QString note;
    QString evidence;
    qint64 amount;
    QString currency;
};

const QList<Row> &rows()
{
    static const QList<Row> list = {
        {QStringLiteral("op_1"), Outcome::Refunded, QStringLiteral("alice"), T0, QStringLiteral("plain note"),
         QStringLiteral("webhook:evt_1"), 3800, QStringLiteral("usd")},
        {QStringLiteral("op_2"), Outcome::Failed, QStringLiteral("Zoë Ångström"), T0 + Day,
         QStringLiteral("commas, \"quotes\" and\r\na line break\nand another"), QStringLiteral("dashboard"), 123456,
         QStringLiteral("eur")},
        {QStringLiteral("op_3"), Outcome::Refunded, QStringLiteral("山田 太郎"), T0 + 2 * Day,
         QStringLiteral("=HYPERLINK(\"http://evil\",\"click\")"), QStringLiteral("+1 provider_support:42"), 500,
         QStringLiteral("jpy")},
        {QStringLiteral("op_4"), Outcome::Failed, QStringLiteral("@bob"), T0 + 3 * Day, QStringLiteral("-2+3"),
         QStringLiteral("\tdashboard"), 1250, QStringLiteral("kwd")},
        {QStringLiteral("op_5"), Outcome::Failed, QStringLiteral("carol"), T0 + 4 * Day, QString(),
         QStringLiteral("dashboard 🙂"), 99, QStringLiteral("usd")},
    };
    return list;
}

QString guarded(const QString &text)
{
    static const QString leading = QStringLiteral("=+-@\t\r");
    return !text.isEmpty() && leading.contains(text.at(0)) ? u'\'' + text : text;
}

} // namespace

class tst_AuditExport : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_path;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath(QStringLiteral("store.sqlite"));
        AuditTestStore s(m_path);
        QVERIFY2(s.isValid(), qPrintable(s.lastError()));
        for (const Row &row : rows()) {
            Operation o = TestStore::operation(row.operationId, OperationStatus::Unknown, row.at - 3'600'000);
            o.amountCents = row.amount;
            o.currency = row.currency;
            QVERIFY2(s.store().addOperation(o), qPrintable(s.lastError()));
            Resolution r;
            r.operationId = row.operationId;
            r.outcome = row.outcome;
            r.refundId = row.outcome == Outcome::Refunded ? QStringLiteral("re_") + row.operationId : QString();
            r.evidence = row.evidence;
            r.note = row.note;
            r.operatorName = row.operatorName;
            r.recordedAt = row.at;
            r.previousStatus = OperationStatus::Checking;
            QVERIFY2(s.addResolution(r), qPrintable(s.lastError()));
        }
    }

    void csvRoundTrip()
    {
        auto store = StoreFactory::open(m_path, Store::OpenMode::ReadOnly);
        QVERIFY(store.ok());
        QBuffer buffer;
        buffer.open(QIODevice::WriteOnly);
        AuditExporter exporter(**store, AuditExporter::Format::Csv);
        exporter.setPageSize(2); // rows across page boundaries
        auto written = exporter.write(buffer);
        QVERIFY2(written.ok(), qPrintable(written.ok() ? QString() : written.error().message));
        QCOMPARE(*written, rows().size());

        const QByteArray bytes = buffer.data();
        QVERIFY(!bytes.startsWith("\xEF\xBB\xBF")); // no byte order mark
        QList<QStringList> records;
        QString problem;
        QVERIFY2(parseCsv(bytes, records, &problem), qPrintable(problem));
        QCOMPARE(records.size(), rows().size() + 1);
        QCOMPARE(records.first(), AuditExporter::columnNames());
        const QStringList columns = records.first();
        const auto col = [&](const char *name) { return int(columns.indexOf(QLatin1String(name))); };

        for (int i = 0; i < rows().size(); ++i) {
            const Row &row = rows().at(i);
            const QStringList &record = records.at(i + 1);
            QCOMPARE(record.size(), columns.size());
            QCOMPARE(record.at(col("resolution_id")), QString::number(i + 1));
            QCOMPARE(record.at(col("operation_id")), row.operationId);
            QCOMPARE(record.at(col("order_id")), QStringLiteral("order-") + row.operationId);
            QCOMPARE(record.at(col("amount_cents")), QString::number(row.amount));
            QCOMPARE(record.at(col("currency")), row.currency);
            QCOMPARE(record.at(col("amount")), Money::format(row.amount, row.currency));
            QCOMPARE(record.at(col("outcome")), toString(row.outcome));
            QCOMPARE(record.at(col("note")), guarded(row.note));
            QCOMPARE(record.at(col("evidence")), guarded(row.evidence));
            QCOMPARE(record.at(col("operator")), guarded(row.operatorName));
            QCOMPARE(record.at(col("previous_status")), QStringLiteral("checking"));
            QCOMPARE(record.at(col("overrides_evidence")), QStringLiteral("0"));
            const QDateTime when = QDateTime::fromString(record.at(col("recorded_at")), Qt::ISODateWithMs);
            QVERIFY(when.isValid());
            QCOMPARE(when.timeSpec(), Qt::UTC);
            QCOMPARE(when.toMSecsSinceEpoch(), row.at);
            QCOMPARE(record.at(col("hash")).size(), 64);
        }
        // The formula guard, spelled out.
        QCOMPARE(records.at(3).at(col("note")), QStringLiteral("'=HYPERLINK(\"http://evil\",\"click\")"));
        QCOMPARE(records.at(3).at(col("evidence")), QStringLiteral("'+1 provider_support:42"));
        QCOMPARE(records.at(4).at(col("operator")), QStringLiteral("'@bob"));
        QCOMPARE(records.at(4).at(col("note")), QStringLiteral("'-2+3"));
        QCOMPARE(records.at(4).at(col("evidence")), QStringLiteral("'\tdashboard"));
        QCOMPARE(records.at(1).at(col("recorded_at")), QStringLiteral("2024-06-01T12:00:00.000Z"));
        QCOMPARE(records.at(2).at(col("amount")), QStringLiteral("1,234.56 EUR"));
    }

    void csvField_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QByteArray>("field");
        QTest::newRow("plain") << QStringLiteral("abc") << QByteArray("abc");
        QTest::newRow("empty") << QString() << QByteArray();
        QTest::newRow("comma") << QStringLiteral("a,b") << QByteArray("\"a,b\"");
        QTest::newRow("quote") << QStringLiteral("say \"hi\"") << QByteArray("\"say \"\"hi\"\"\"");
        QTest::newRow("newline") << QStringLiteral("a\nb") << QByteArray("\"a\nb\"");
        QTest::newRow("formula") << QStringLiteral("=1+1") << QByteArray("'=1+1");
        QTest::newRow("formula with comma") << QStringLiteral("=SUM(A1,B1)") << QByteArray("\"'=SUM(A1,B1)\"");
        QTest::newRow("plus") << QStringLiteral("+1") << QByteArray("'+1");
        QTest::newRow("minus") << QStringLiteral("-1") << QByteArray("'-1");
        QTest::newRow("at") << QStringLiteral("@x") << QByteArray("'@x");
        QTest::newRow("tab") << QStringLiteral("\tx") << QByteArray("'\tx");
        QTest::newRow("carriage return") << QStringLiteral("\rx") << QByteArray("\"'\rx\"");
        QTest::newRow("inner equals") << QStringLiteral("a=b") << QByteArray("a=b");
        QTest::newRow("non-ASCII") << QStringLiteral("Zoë") << QByteArray("Zo\xC3\xAB");
    }

    void csvField()
    {
        QFETCH(QString, text);
        QFETCH(QByteArray, field);
        QCOMPARE(AuditExporter::csvField(text), field);
    }

    void jsonRoundTrip()
    {
        auto store = StoreFactory::open(m_path, Store::OpenMode::ReadOnly);
        QVERIFY(store.ok());
        QBuffer buffer;
        buffer.open(QIODevice::WriteOnly);
        AuditExporter exporter(**store, AuditExporter::Format::Json);
        exporter.setPageSize(3);
        auto written = exporter.write(buffer);
        QVERIFY(written.ok());
        QCOMPARE(*written, rows().size());

        const nlohmann::json doc = nlohmann::json::parse(buffer.data().toStdString(), nullptr, false);
        QVERIFY(!doc.is_discarded());
        QVERIFY(doc.is_array());
        QCOMPARE(qsizetype(doc.size()), rows().size());
        const auto text = [](const nlohmann::json &value) {
            return value.is_null() ? QString() : QString::fromStdString(value.get<std::string>());
        };
        for (int i = 0; i < rows().size(); ++i) {
            const Row &row = rows().at(i);
            const nlohmann::json &o = doc.at(size_t(i));
            QCOMPARE(o.at("resolution_id").get<qint64>(), i + 1);
            QCOMPARE(text(o.at("operation_id")), row.operationId);
            QCOMPARE(o.at("amount_cents").get<qint64>(), row.amount);
            QCOMPARE(text(o.at("currency")), row.currency);
            QCOMPARE(text(o.at("amount")), Money::format(row.amount, row.currency));
            QCOMPARE(text(o.at("outcome")), toString(row.outcome));
            QCOMPARE(text(o.at("note")), row.note); // exactly as stored: no formula guard in JSON
            QCOMPARE(o.at("note").is_null(), row.note.isNull());
            QCOMPARE(text(o.at("evidence")), row.evidence);
            QCOMPARE(text(o.at("operator")), row.operatorName);
            QCOMPARE(o.at("overrides_evidence").get<bool>(), false);
            QCOMPARE(QDateTime::fromString(text(o.at("recorded_at")), Qt::ISODateWithMs).toMSecsSinceEpoch(), row.at);
            QCOMPARE(o.at("refund_id").is_null(), row.outcome == Outcome::Failed);
        }
    }

    void emptyJsonIsAnEmptyArray()
    {
        auto store = StoreFactory::open(m_path, Store::OpenMode::ReadOnly);
        QVERIFY(store.ok());
        QBuffer buffer;
        buffer.open(QIODevice::WriteOnly);
        AuditExporter exporter(**store, AuditExporter::Format::Json);
        AuditQuery query;
        query.fromMs = T0 + 100 * Day;
        exporter.setQuery(query);
        auto written = exporter.write(buffer);
        QVERIFY(written.ok());
        QCOMPARE(*written, 0);
        const nlohmann::json doc = nlohmann::json::parse(buffer.data().toStdString(), nullptr, false);
        QVERIFY(doc.is_array() && doc.empty());
    }

    void cliDateRange_data()
    {
        QTest::addColumn<QStringList>("range");
        QTest::addColumn<QList<qint64>>("ids");
        QTest::newRow("all") << QStringList() << QList<qint64>{1, 2, 3, 4, 5};
        QTest::newRow("from a date") << QStringList{QStringLiteral("--from"), QStringLiteral("2024-06-03")}
                                     << QList<qint64>{3, 4, 5};
        QTest::newRow("to a date, inclusive") << QStringList{QStringLiteral("--to"), QStringLiteral("2024-06-02")}
                                              << QList<qint64>{1, 2};
        QTest::newRow("one day") << QStringList{QStringLiteral("--from"), QStringLiteral("2024-06-02"),
                                                QStringLiteral("--to"), QStringLiteral("2024-06-02")}
                                 << QList<qint64>{2};
        QTest::newRow("times") << QStringList{QStringLiteral("--from"), QStringLiteral("2024-06-02T12:00:00Z"),
                                              QStringLiteral("--to"), QStringLiteral("2024-06-04T12:00:00Z")}
                               << QList<qint64>{2, 3};
    }

    void cliDateRange()
    {
        QFETCH(QStringList, range);
        QFETCH(QList<qint64>, ids);
        const CliRun run = runRefundDesk(QStringList{QStringLiteral("export"), QStringLiteral("--db"), m_path,
                                              QStringLiteral("--format"), QStringLiteral("json")}
                                  + range);
        QCOMPARE(run.exitCode, 0);
        const nlohmann::json doc = nlohmann::json::parse(run.out.toStdString(), nullptr, false);
        QVERIFY2(doc.is_array(), run.out.constData());
        QList<qint64> got;
        for (const auto &o : doc)
            got << o.at("resolution_id").get<qint64>();
        QCOMPARE(got, ids);
    }

    void cliCsvToFile()
    {
        const QString output = m_dir.filePath(QStringLiteral("audit.csv"));
        const CliRun run = runRefundDesk({QStringLiteral("export"), QStringLiteral("--db"), m_path,
                                   QStringLiteral("--output"), output});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(QString::fromUtf8(run.out).contains(QStringLiteral("exported 5 resolutions")));
        QFile file(output);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QList<QStringList> records;
        QString problem;
        QVERIFY2(parseCsv(file.readAll(), records, &problem), qPrintable(problem));
        QCOMPARE(records.size(), 6);
        QCOMPARE(records.at(2).at(AuditExporter::columnNames().indexOf(QStringLiteral("operator"))),
                 QStringLiteral("Zoë Ångström"));

        const CliRun stdoutRun = runRefundDesk({QStringLiteral("export"), QStringLiteral("--db"), m_path});
        QCOMPARE(stdoutRun.exitCode, 0);
        QCOMPARE(stdoutRun.out, [&] { file.seek(0); return file.readAll(); }());
    }

    void cliUsageErrors_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("format") << QStringList{QStringLiteral("--format"), QStringLiteral("xml")};
        QTest::newRow("from") << QStringList{QStringLiteral("--from"), QStringLiteral("yesterday")};
        QTest::newRow("to") << QStringList{QStringLiteral("--to"), QStringLiteral("2024-13-01")};
        QTest::newRow("reversed") << QStringList{QStringLiteral("--from"), QStringLiteral("2024-06-05"),
                                                 QStringLiteral("--to"), QStringLiteral("2024-06-01")};
    }

    void cliUsageErrors()
    {
        QFETCH(QStringList, arguments);
        const CliRun run = runRefundDesk(QStringList{QStringLiteral("export"), QStringLiteral("--db"), m_path} + arguments);
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.out.isEmpty());
    }

    void cliRefusesToOverwriteTheStore()
    {
        const QByteArray before = [&] { QFile f(m_path); f.open(QIODevice::ReadOnly); return f.readAll(); }();
        const CliRun run = runRefundDesk({QStringLiteral("export"), QStringLiteral("--db"), m_path,
                                   QStringLiteral("--output"), m_path});
        QCOMPARE(run.exitCode, 2);
        QFile f(m_path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), before);
    }
};

QTEST_GUILESS_MAIN(tst_AuditExport)
#include "tst_auditexport.moc"
