#pragma once

#include "clirun.h"
#include "snapshots.h"

#include <QByteArray>
#include <QMap>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <functional>
#include <memory>
#include <utility>
#include <vector>

struct sqlite3;
class QProcess;

// Shared by the reliability tests: running refund-desk and the helper programs as
// processes, sizing runs (CI-sized by default, full size under the "heavy" label),
// comparing folders and stores before and after, and writing each run's figures.
namespace RefundDesk::Reliability {

// Running programs (testsupport/clirun.h): exitCode -1 when it did not finish, -2 when it
// crashed or was killed.
using Run = Test::CliRun;
using Test::runProgram;
// Runs the built refund-desk executable.
inline Run refundDesk(const QStringList &arguments, int timeoutMs = 60000,
                      const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment())
{
    return Test::runRefundDesk(arguments, timeoutMs, environment);
}

// RD_RELIABILITY_SCALE=heavy selects the full-size runs (ctest -L heavy).
bool isHeavy();
template<typename T>
T scaled(T ciValue, T heavyValue)
{
    return isHeavy() ? heavyValue : ciValue;
}

// Folder snapshots and store dumps (testsupport/snapshots.h), under the names these
// tests have always used.
using Test::describeDifference;
using Test::dumpStore;
using Test::snapshot;

// Runs one SQL statement on its own connection (5 s busy timeout) and returns the first
// column of the first row as text (empty for none); `error` set on failure.
QString querySql(const QString &path, const QString &sql, QString *error = nullptr);
qint64 queryCount(const QString &path, const QString &sql);
// Runs SQL statements (several, separated by semicolons) on their own connection; with
// `create`, the file is created when missing. False (with `error`) on failure.
bool execSql(const QString &path, const QString &sql, QString *error = nullptr, bool create = false);
// One webhook_events row as a receiver may have stored it: the payload as raw bytes
// (not necessarily UTF-8 or JSON), the indexed columns as given (null when empty).
struct RawEvent
{
    QByteArray eventId;
    QByteArray payload;
    QByteArray operationId;
    QByteArray idempotencyKey;
    QByteArray refundId;
    QByteArray type;
    qint64 created = 0;
};
// Inserts `count` events made by `make(i)` in one transaction, the way the receiver does.
bool insertEvents(const QString &path, qint64 count, const std::function<RawEvent(qint64)> &make,
                  QString *error = nullptr);

// Calls `row` with the text of each row's columns; false (with `error`) on failure.
bool forEachRow(const QString &path, const QString &sql, const std::function<void(const QStringList &)> &row,
                QString *error = nullptr);

// The audit chain and the store's invariants, checked in this process (AuditVerifier) and,
// when this refund-desk has it, by `refund-desk verify` too. Empty when both pass;
// otherwise what failed.
QString verifyStore(const QString &path);

// The figures of a scenario's run. write(), called once the scenario's checks all
// passed, prints them and writes <build>/tests/reliability/figures/<scenario>.txt
// (with the scale, the date and "failures: 0") for docs/RELIABILITY.md.
class Figures final
{
public:
    explicit Figures(const QString &scenario);

    void add(const QString &name, const QString &value);
    void add(const QString &name, qint64 value);
    void write() const;

private:
    QString m_scenario;
    std::vector<std::pair<QString, QString>> m_rows;
};

// A connection of its own that asks, without waiting, whether another connection is
// inside a write transaction (holds the write lock) right now.
class WriteLockProbe final
{
public:
    explicit WriteLockProbe(const QString &path);
    ~WriteLockProbe();
    WriteLockProbe(const WriteLockProbe &) = delete;
    WriteLockProbe &operator=(const WriteLockProbe &) = delete;

    bool isValid() const { return m_db != nullptr; }
    bool isHeld();

private:
    sqlite3 *m_db = nullptr;
};

// With RD_RELIABILITY_KEEP=1 the folder outlives the test (its path is printed), to look
// at the stores of a failed run.
void keepIfAsked(QTemporaryDir &dir);

// Another program holding the store's write lock (rd_lock_holder) for `holdMs`: started
// by the constructor, killed by the destructor if still running.
class LockHolder final
{
public:
    LockHolder(const QString &db, int holdMs);
    ~LockHolder();
    LockHolder(const LockHolder &) = delete;
    LockHolder &operator=(const LockHolder &) = delete;

    // Waits until it holds the lock; false when it could not take it.
    bool waitUntilLocked();
    // Waits until it has rolled back and exited; false unless all went well.
    bool finish();
    // Tells it to roll back now rather than at the end of its hold, then finishes.
    bool releaseNow();
    // When it took and released the lock, by its own clock (milliseconds since the epoch),
    // or -1 before it said so: tests order other programs' moves against these.
    qint64 lockedAtMs() const;
    qint64 releasedAtMs() const;

private:
    std::unique_ptr<QProcess> m_process;
    QByteArray m_output;
};

// The seed of a test's random choices: RD_RELIABILITY_SEED, or `fallback`. Printed, so
// that a failing run can be repeated.
quint64 seed(quint64 fallback);

// A percentile (0..100) of a list of durations.
qint64 percentile(std::vector<qint64> values, int percent);

} // namespace RefundDesk::Reliability
