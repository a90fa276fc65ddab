// The store on a real PostgreSQL server: the same answers as on SQLite, the writes' rules,
// live notifications and reconnecting, the roles the server enforces, and bad locations.

#include "tst_pgstore.h"

namespace {

constexpr qint64 Base = 1'700'000'000'000;

} // namespace

void tst_PgStore::initTestCase()
{
    m_server = std::make_unique<PgTestServer>();
    QVERIFY2(m_server->isRunning(), qPrintable(m_server->lastError()));
    QVERIFY2(m_server->exec(QStringLiteral("postgres"),
                            QStringLiteral("CREATE ROLE %1 LOGIN PASSWORD 'right-secret'")
                                .arg(QLatin1String(PgTestServer::PasswordUser))),
             qPrintable(m_server->lastError()));
}

void tst_PgStore::init()
{
    m_db = freshStore();
    QVERIFY(!m_db.isEmpty());
}

void tst_PgStore::cleanup()
{
    // A test that failed while the server was stopped leaves it running for the next.
    if (!m_server->isRunning())
        QVERIFY2(m_server->start(), qPrintable(m_server->lastError()));
}

QString tst_PgStore::freshStore()
{
    const QString name = QStringLiteral("store_%1").arg(++m_databases);
    if (!m_server->createDatabase(name)) {
        qWarning() << m_server->lastError();
        return {};
    }
    auto builder = StoreBuilder::createNew(m_server->location(name));
    if (!builder) {
        qWarning() << builder.error().message;
        return {};
    }
    // op_1..op_5 in the queue (op_3 and op_4 share an updated_at), op_2 claimed, op_6 closed.
    const qint64 times[] = {Base + 1000, Base + 2000, Base + 3000, Base + 3000, Base + 5000};
    for (int i = 1; i <= 5; ++i) {
        Operation o = TestStore::operation(QStringLiteral("op_%1").arg(i),
                                           i == 2 ? OperationStatus::Checking : OperationStatus::Unknown, times[i - 1]);
        if (i == 2)
            o.claimedBy = QStringLiteral("bob");
        if (!(*builder)->addOperation(o))
            return {};
    }
    Operation closed = TestStore::operation(QStringLiteral("op_6"), OperationStatus::Refunded, Base);
    closed.orderId = QStringLiteral("order-op_1");
    closed.refundId = QStringLiteral("re_old");
    if (!(*builder)->addOperation(closed) || !(*builder)->finish())
        return {};
    return name;
}

bool tst_PgStore::setUpRoles()
{
    for (int run = 0; run < 2; ++run) {
        if (!m_server->applyRoles(m_db)) {
            qWarning() << m_server->lastError();
            return false;
        }
    }
    return m_server->exec(QStringLiteral("postgres"),
                          QStringLiteral("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'alice') "
                                         "THEN CREATE ROLE alice LOGIN IN ROLE refund_desk_support; "
                                         "CREATE ROLE bob LOGIN IN ROLE refund_desk_support; "
                                         "CREATE ROLE finance LOGIN IN ROLE refund_desk_audit; "
                                         "CREATE ROLE tool LOGIN IN ROLE refund_desk_agent; END IF; END $$"));
}

std::unique_ptr<Store> tst_PgStore::open(const QString &location, Store::OpenMode mode)
{
    auto store = StoreFactory::open(location, mode);
    if (!store) {
        qWarning() << store.error().message;
        return nullptr;
    }
    return std::move(store.value());
}

QString tst_PgStore::chainProblem()
{
    auto store = open(m_server->location(m_db), Store::OpenMode::ReadOnly);
    if (!store)
        return QStringLiteral("the store does not open");
    auto log = store->resolutionsAfter(0, 1000);
    if (!log)
        return log.error().message;
    ChainVerifier chain;
    for (const Resolution &r : *log) {
        if (!chain.add(r))
            return QStringLiteral("#%1: %2").arg(chain.firstBreak()->resolutionId).arg(chain.firstBreak()->reason);
    }
    return {};
}

void tst_PgStore::locationsAreDispatchedAndShownWithoutPassword()
{
    // A path with '=' in it is still a file; keywords and both URI schemes are servers.
    QVERIFY(!StoreFactory::recordsLoginAsOperator(QStringLiteral("/tmp/a=b.sqlite")));
    QVERIFY(!StoreFactory::recordsLoginAsOperator(QStringLiteral("refunds.sqlite")));
    QVERIFY(StoreFactory::recordsLoginAsOperator(QStringLiteral("postgres://x@/y")));
    QVERIFY(StoreFactory::recordsLoginAsOperator(QStringLiteral("postgresql://x@/y")));
    QVERIFY(StoreFactory::recordsLoginAsOperator(QStringLiteral("host=/tmp dbname=y")));
    QCOMPARE(StoreFactory::displayLocation(QStringLiteral("/tmp/a=b.sqlite")), QStringLiteral("/tmp/a=b.sqlite"));
    QCOMPARE(StoreFactory::displayLocation(QStringLiteral("host=/tmp dbname=y password=hush user=ann")),
             QStringLiteral("host=/tmp dbname=y user=ann"));

    // A store opened with the password in the URI never shows it, and reopens by what it shows.
    const QString user = QString::fromLatin1(PgTestServer::PasswordUser);
    QVERIFY(m_server->exec(m_db, QStringLiteral("GRANT SELECT, INSERT, UPDATE ON ALL TABLES IN SCHEMA public TO %1")
                                     .arg(user)));
    const QString uri = m_server->uri(m_db, user, QStringLiteral("right-secret"));
    auto store = open(uri);
    QVERIFY(store);
    QVERIFY2(!store->location().contains(QLatin1String("right-secret")), qPrintable(store->location()));
    QVERIFY(store->location().contains(QLatin1String("user=") + user));
    QCOMPARE(store->sessionOperator(), user);
    auto again = open(store->location(), Store::OpenMode::ReadOnly);
    QVERIFY2(again, "a location as shown opens again in the same process");
}

void tst_PgStore::badLocationsGiveTheirOwnError_data()
{
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("database"); // a database that must stay without tables

    const QString user = QString::fromLatin1(PgTestServer::PasswordUser);
    QVERIFY(m_server);
    QTest::newRow("malformed URI") << QStringLiteral("postgresql://u:secret@[::1/db") << QStringLiteral("not valid")
                                   << QString();
    QTest::newRow("unknown keyword") << QStringLiteral("host=/tmp colour=blue") << QStringLiteral("not valid")
                                     << QString();
    QTest::newRow("server down") << QStringLiteral("host=%1/nowhere dbname=x").arg(m_server->socketDir())
                                 << QStringLiteral("not running") << QString();
    QTest::newRow("wrong password") << m_server->uri(QStringLiteral("postgres"), user, QStringLiteral("wrong-secret"))
                                    << QStringLiteral("refused the password") << QString();
    QTest::newRow("unknown login") << m_server->location(QStringLiteral("postgres"), QStringLiteral("nobody_here"))
                                   << QStringLiteral("no such login") << QString();
    QTest::newRow("missing database") << m_server->location(QStringLiteral("no_such_db"))
                                      << QStringLiteral("no such database") << QString();
    QTest::newRow("no schema") << m_server->location(QStringLiteral("empty_db")) << QStringLiteral("holds no Refund Desk store")
                               << QStringLiteral("empty_db");
    QTest::newRow("newer schema") << m_server->location(QStringLiteral("newer_db"))
                                  << QStringLiteral("newer than this Refund Desk") << QString();
    QTest::newRow("login without rights") << m_server->location(QStringLiteral("newer_db"), QStringLiteral("no_rights"))
                                          << QStringLiteral("may not read the store") << QString();
}

void tst_PgStore::badLocationsGiveTheirOwnError()
{
    QFETCH(QString, location);
    QFETCH(QString, expected);
    QFETCH(QString, database);
    static bool prepared = false;
    if (!prepared) {
        prepared = true;
        QVERIFY(m_server->createDatabase(QStringLiteral("empty_db")));
        QVERIFY(m_server->createDatabase(QStringLiteral("newer_db")));
        QVERIFY(StoreFactory::create(m_server->location(QStringLiteral("newer_db"))));
        QVERIFY(m_server->exec(QStringLiteral("newer_db"),
                               QStringLiteral("UPDATE store_meta SET value = '4' WHERE key = 'schema_version'")));
        QVERIFY(m_server->exec(QStringLiteral("postgres"), QStringLiteral("CREATE ROLE no_rights LOGIN")));
        QVERIFY(m_server->exec(QStringLiteral("newer_db"),
                               QStringLiteral("UPDATE store_meta SET value = '3' WHERE key = 'schema_version'")));
    }
    // The newer-schema row needs version 4, the rights row a readable-looking store.
    const bool newer = QTest::currentDataTag() == QLatin1String("newer schema");
    QVERIFY(m_server->exec(QStringLiteral("newer_db"),
                           QStringLiteral("UPDATE store_meta SET value = '%1' WHERE key = 'schema_version'")
                               .arg(newer ? 4 : 3)));

    for (auto mode : {Store::OpenMode::ReadWrite, Store::OpenMode::ReadOnly}) {
        auto store = StoreFactory::open(location, mode);
        QVERIFY(!store);
        QCOMPARE(store.error().kind, ErrorKind::StoreUnavailable);
        QCOMPARE(store.error().exitCode(), 3);
        QVERIFY2(store.error().message.contains(expected), qPrintable(store.error().message));
        QVERIFY2(!store.error().message.contains(u'\n'), qPrintable(store.error().message));
        QVERIFY2(!store.error().message.contains(QLatin1String("secret")), qPrintable(store.error().message));
    }
    if (!database.isEmpty())
        QCOMPARE(m_server->query(database, QStringLiteral("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")),
                 QStringLiteral("0"));
}

void tst_PgStore::createNeverOverwrites()
{
    auto again = StoreFactory::create(m_server->location(m_db));
    QVERIFY(!again);
    QCOMPARE(again.error().kind, ErrorKind::StoreUnavailable);
    QVERIFY2(again.error().message.contains(QLatin1String("already holds a Refund Desk store")),
             qPrintable(again.error().message));
    auto builder = StoreBuilder::createNew(m_server->location(m_db));
    QVERIFY(!builder);
    QCOMPARE(m_server->queryInt(m_db, QStringLiteral("SELECT count(*) FROM refund_ops")), qint64(6));
}

QTEST_GUILESS_MAIN(tst_PgStore)
