// The lease in store_meta that keeps one program at a time on a job (StoreLease, by
// Store::replaceMeta): taken when free, refused while another holds it, taken over once
// it expired, renewed and released only by its holder; of two connections that read the
// same value only one writes it; on SQLite and on PostgreSQL alike.

#include "sqliteandpgteststores.h"
#include "teststore.h"

#include "store/store.h"
#include "store/storelease.h"

#include <QtTest>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

const QString Key = QStringLiteral("test_lease");
constexpr qint64 Length = 120'000;
constexpr qint64 T0 = 1'700'000'000'000;

} // namespace

class tst_StoreLease final : public QObject
{
    Q_OBJECT

private:
    SqliteAndPgTestStores m_stores{QStringLiteral("lease")};

    std::unique_ptr<Store> open(const QString &location)
    {
        auto store = StoreFactory::open(location, Store::OpenMode::ReadWrite);
        if (!store) {
            qWarning() << store.error().message;
            return nullptr;
        }
        return std::move(*store);
    }

    // Two connections to a new, empty store on the backend of the test's row.
    std::pair<std::unique_ptr<Store>, std::unique_ptr<Store>> twoConnections()
    {
        QFETCH(QString, backend);
        const QString location = m_stores.make(backend, [](TestStore &) { return true; });
        if (location.isEmpty())
            return {};
        return {open(location), open(location)};
    }

private slots:
    void initTestCase() { QVERIFY2(m_stores.start(), qPrintable(m_stores.lastError())); }

    void oneHolderAtATime_data() { SqliteAndPgTestStores::addBackendRows(); }
    void oneHolderAtATime()
    {
        auto [first, second] = twoConnections();
        QVERIFY(first && second);
        StoreLease a(*first, Key, QStringLiteral("host-a pid 1"), Length);
        StoreLease b(*second, Key, QStringLiteral("host-b pid 2"), Length);

        auto taken = a.take(T0);
        QVERIFY(taken);
        QVERIFY(!*taken);
        QVERIFY(a.isHeld());
        QCOMPARE(*first->meta(Key), QStringLiteral("%1 host-a pid 1").arg(T0 + Length));

        // While a's lease runs, b is told who holds it and until when.
        auto refused = b.take(T0 + Length - 1);
        QVERIFY(refused);
        QVERIFY(*refused);
        QCOMPARE((*refused)->id, QStringLiteral("host-a pid 1"));
        QCOMPARE((*refused)->expiresAtMs, T0 + Length);
        QVERIFY(!b.isHeld());

        // a renews it: b is refused past the first expiry too.
        QCOMPARE(*a.renew(T0 + Length / 2), true);
        QVERIFY(*b.take(T0 + Length + 1));

        // a released it: b takes it at once.
        QVERIFY(a.release());
        QVERIFY(!a.isHeld());
        auto afterRelease = b.take(T0 + Length + 2);
        QVERIFY(afterRelease);
        QVERIFY(!*afterRelease);
        QVERIFY(b.isHeld());
    }

    void anExpiredLeaseIsTakenOver_data() { SqliteAndPgTestStores::addBackendRows(); }
    void anExpiredLeaseIsTakenOver()
    {
        auto [first, second] = twoConnections();
        QVERIFY(first && second);
        StoreLease killed(*first, Key, QStringLiteral("killed"), Length);
        StoreLease next(*second, Key, QStringLiteral("next"), Length);
        QVERIFY(!*killed.take(T0));
        // The holder stopped renewing (it was killed): once expired, the lease is free.
        QVERIFY(!*next.take(T0 + Length));
        QVERIFY(next.isHeld());
        // The old holder, were it alive after all, learns it lost the lease, and its
        // release leaves the new holder's alone.
        QCOMPARE(*killed.renew(T0 + Length + 1), false);
        QVERIFY(!killed.isHeld());
        QVERIFY(killed.release());
        QCOMPARE(StoreLease::parse(*second->meta(Key))->id, QStringLiteral("next"));
    }

    void ofTwoThatReadTheSameValueOneWrites_data() { SqliteAndPgTestStores::addBackendRows(); }
    void ofTwoThatReadTheSameValueOneWrites()
    {
        auto [first, second] = twoConnections();
        QVERIFY(first && second);
        // Both saw no row; the first to write wins, the second changes nothing.
        QCOMPARE(*first->replaceMeta(Key, QString(), QStringLiteral("1 first")), true);
        QCOMPARE(*second->replaceMeta(Key, QString(), QStringLiteral("1 second")), false);
        QCOMPARE(*second->meta(Key), QStringLiteral("1 first"));
        // Both saw "1 first".
        QCOMPARE(*second->replaceMeta(Key, QStringLiteral("1 first"), QStringLiteral("2 second")), true);
        QCOMPARE(*first->replaceMeta(Key, QStringLiteral("1 first"), QStringLiteral("2 first")), false);
        QCOMPARE(*first->meta(Key), QStringLiteral("2 second"));
    }

    void theSchemasKeysAreRefused_data() { SqliteAndPgTestStores::addBackendRows(); }
    void theSchemasKeysAreRefused()
    {
        auto store = twoConnections().first;
        QVERIFY(store);
        const QString before = *store->meta(QStringLiteral("key_retention_hours"));
        auto set = store->replaceMeta(QStringLiteral("key_retention_hours"), before, QStringLiteral("1"));
        QVERIFY(!set);
        QCOMPARE(set.error().kind, ErrorKind::Usage);
        QCOMPARE(*store->meta(QStringLiteral("key_retention_hours")), before);
    }
};

QTEST_GUILESS_MAIN(tst_StoreLease)
#include "tst_storelease.moc"
