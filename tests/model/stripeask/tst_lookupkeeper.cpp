// LookupKeeper on SQLite and PostgreSQL: the answers of a queue-wide ask are written a
// batch at a time (Store::addProviderLookups: one transaction, one pipeline), each lookup
// once and in the order the answers came, a body shared by many kept once; flush() writes
// what waits; a batch the store refuses keeps nothing of itself, bodies included, and
// stops the keeper.
#include "sqliteandpgteststores.h"

#include "domain/lookupbodies.h"
#include "store/store.h"
#include "stripeask/lookupkeeper.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

ProviderLookupDraft answer(const QString &operationId, const std::vector<ResponseBody> &bodies)
{
    ProviderLookupDraft draft;
    draft.operationId = operationId;
    draft.result = QStringLiteral(R"({"complete":true,"method":"list","refunds":[]})");
    draft.bodies = bodies;
    QJsonArray requests;
    for (const ResponseBody &body : bodies)
        requests.append(LookupBodies::request(QStringLiteral("/v1/refunds"), 200, QStringLiteral("req_1"), body));
    draft.requests = QString::fromUtf8(QJsonDocument(requests).toJson(QJsonDocument::Compact));
    draft.responseSha256 = LookupBodies::digest(bodies);
    return draft;
}

bool addOperations(TestStore &store, int count)
{
    for (int i = 0; i < count; ++i) {
        if (!store.addOperation(TestStore::operation(QStringLiteral("op_%1").arg(i))))
            return false;
    }
    return true;
}

} // namespace

class TestLookupKeeper final : public QObject
{
    Q_OBJECT

private:
    SqliteAndPgTestStores m_stores{QStringLiteral("keeper")};

    std::unique_ptr<Store> open(const QString &backend, int operations)
    {
        const QString location = m_stores.make(backend, [operations](TestStore &store) {
            return addOperations(store, operations);
        });
        if (location.isEmpty())
            return {};
        auto store = StoreFactory::open(location, Store::OpenMode::ReadWrite);
        if (!store) {
            qWarning() << store.error().message;
            return {};
        }
        return std::move(*store);
    }

    // Who asks: a name on SQLite; on PostgreSQL the login, which the store names itself.
    static QString operatorOn(const QString &backend)
    {
        return backend == QLatin1String("sqlite") ? QStringLiteral("alice") : QString();
    }

private slots:
    void initTestCase() { QVERIFY2(m_stores.start(), qPrintable(m_stores.lastError())); }

    void answersAreWrittenABatchAtATime_data() { SqliteAndPgTestStores::addBackendRows(); }
    void answersAreWrittenABatchAtATime()
    {
        QFETCH(QString, backend);
        auto store = open(backend, 150);
        QVERIFY(store);
        LookupKeeper keeper(*store, operatorOn(backend));
        std::vector<ProviderLookup> kept;
        connect(&keeper, &LookupKeeper::kept, this, [&kept](const ProviderLookup &lookup) { kept.push_back(lookup); });
        int failures = 0;
        connect(&keeper, &LookupKeeper::failed, this, [&failures] { ++failures; });
        // One listing page every answer rests on, and one of each operation's own.
        const ResponseBody shared = LookupBodies::bodyOf(R"({"object":"list","data":[],"has_more":true})");
        for (int i = 0; i < 150; ++i) {
            const ResponseBody own = LookupBodies::bodyOf(QStringLiteral(R"({"page":%1})").arg(i).toUtf8());
            keeper.keep(answer(QStringLiteral("op_%1").arg(i), {shared, own}));
        }
        QCOMPARE(keeper.batchesWritten(), 150 / LookupKeeper::BatchSize);
        QCOMPARE(kept.size(), size_t(150 / LookupKeeper::BatchSize * LookupKeeper::BatchSize));
        QCOMPARE(keeper.waiting(), 150 % LookupKeeper::BatchSize);
        QVERIFY(keeper.flush());
        QCOMPARE(keeper.batchesWritten(), 150 / LookupKeeper::BatchSize + 1);
        QCOMPARE(keeper.waiting(), 0);
        QCOMPARE(failures, 0);
        QCOMPARE(kept.size(), size_t(150));
        for (int i = 0; i < 150; ++i)
            QCOMPARE(kept[size_t(i)].operationId, QStringLiteral("op_%1").arg(i));
        auto counts = store->tableCounts();
        QVERIFY(counts);
        QCOMPARE(counts->lookups, 150);
        QCOMPARE(counts->bodies, 151);
        // Nothing waits: a flush writes nothing more.
        QVERIFY(keeper.flush());
        QCOMPARE(keeper.batchesWritten(), 150 / LookupKeeper::BatchSize + 1);
    }

    void aRefusedBatchKeepsNothingOfItself_data() { SqliteAndPgTestStores::addBackendRows(); }
    void aRefusedBatchKeepsNothingOfItself()
    {
        QFETCH(QString, backend);
        auto store = open(backend, 3);
        QVERIFY(store);
        LookupKeeper keeper(*store, operatorOn(backend));
        QStringList failures;
        connect(&keeper, &LookupKeeper::failed, this,
                [&failures](const Error &error) { failures.append(error.message); });
        keeper.keep(answer(QStringLiteral("op_0"), {LookupBodies::bodyOf("{\"first\":1}")}));
        ProviderLookupDraft broken = answer(QStringLiteral("op_1"), {LookupBodies::bodyOf("{\"second\":2}")});
        broken.responseSha256 = QStringLiteral("not a digest");
        keeper.keep(broken);
        QVERIFY(!keeper.flush());
        QCOMPARE(failures.size(), 1);
        auto counts = store->tableCounts();
        QVERIFY(counts);
        QCOMPARE(counts->lookups, 0);
        QCOMPARE(counts->bodies, 0);
        // The keeper stops: what comes after is not written over a failure.
        keeper.keep(answer(QStringLiteral("op_2"), {LookupBodies::bodyOf("{\"third\":3}")}));
        QVERIFY(!keeper.flush());
        counts = store->tableCounts();
        QVERIFY(counts);
        QCOMPARE(counts->lookups, 0);
    }
};

QTEST_GUILESS_MAIN(TestLookupKeeper)
#include "tst_lookupkeeper.moc"
