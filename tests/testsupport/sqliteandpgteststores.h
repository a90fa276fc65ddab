#pragma once

#include "pgtestserver.h"
#include "teststore.h"

#include <QString>
#include <QTemporaryDir>

#include <functional>
#include <memory>

namespace RefundDesk::Test {

// Test stores for a test that runs on SQLite and on PostgreSQL alike: each one filled by
// explicit SQL through TestStore in a temporary folder and, for "postgresql", copied by the
// product's StoreCopier into a new database of a PostgreSQL test server of its own.
class SqliteAndPgTestStores final
{
public:
    using Fill = std::function<bool(TestStore &)>;

    // `prefix` names the files and the databases: "views" gives views_1.sqlite, views_1, …
    explicit SqliteAndPgTestStores(QString prefix);
    ~SqliteAndPgTestStores();
    SqliteAndPgTestStores(const SqliteAndPgTestStores &) = delete;
    SqliteAndPgTestStores &operator=(const SqliteAndPgTestStores &) = delete;

    // Starts the PostgreSQL server (in initTestCase); false, with lastError(), when the
    // folder or the server is not there.
    bool start();
    const QString &lastError() const { return m_lastError; }

    // A new store filled by `fill` on `backend` ("sqlite" or "postgresql"): its location,
    // or empty (with a warning saying why).
    QString make(const QString &backend, const Fill &fill);
    // The PostgreSQL database the last make() on "postgresql" created.
    QString lastDatabase() const;
    PgTestServer &server() { return *m_server; }
    // A path in the stores' folder, for a store the test builds itself.
    QString filePath(const QString &name) const { return m_dir.filePath(name); }

    // The `backend` column of a _data function, a row for each backend.
    static void addBackendRows();

private:
    QString m_prefix;
    QTemporaryDir m_dir;
    std::unique_ptr<PgTestServer> m_server;
    QString m_lastError;
    int m_made = 0;
};

} // namespace RefundDesk::Test
