// tst_simulator's class and what its files share: the stores it builds once, reading them
// with sqlite3.

#pragma once

#include "clirun.h"
#include "snapshots.h"

#include "demo/demosimulator.h"
#include "demo/demostore.h"
#include "domain/auditchain.h"
#include "store/storebuilder.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <atomic>
#include <climits>
#include <map>
#include <memory>
#include <set>

using namespace RefundDesk;
using RefundDesk::Test::CliRun;
using RefundDesk::Test::dumpStore;
using RefundDesk::Test::runRefundDesk;

constexpr qint64 Now = 1767225600000; // 2026-01-01T00:00:00Z
constexpr qint64 Hour = 3600 * 1000;
constexpr qint64 Day = 24 * Hour;

constexpr qint64 Operations = 2000;
constexpr quint64 Seed = 7;

struct DbCloser
{
    void operator()(sqlite3 *db) const { sqlite3_close_v2(db); }
};
using Db = std::unique_ptr<sqlite3, DbCloser>;

inline Db openReadOnly(const QString &path)
{
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close_v2(db);
        return nullptr;
    }
    return Db(db);
}

// Every row of a query, each as its columns' text (NULL as "<null>").
inline QList<QStringList> rows(sqlite3 *db, const char *sql)
{
    QList<QStringList> result;
    sqlite3_stmt *statement = nullptr;
    if (sqlite3_prepare_v2(db, sql, -1, &statement, nullptr) != SQLITE_OK) {
        qWarning("cannot prepare %s: %s", sql, sqlite3_errmsg(db));
        return result;
    }
    while (sqlite3_step(statement) == SQLITE_ROW) {
        QStringList row;
        for (int i = 0; i < sqlite3_column_count(statement); ++i) {
            row << (sqlite3_column_type(statement, i) == SQLITE_NULL
                        ? QStringLiteral("<null>")
                        : QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(statement, i))));
        }
        result << row;
    }
    sqlite3_finalize(statement);
    return result;
}

inline qint64 number(sqlite3 *db, const char *sql)
{
    const auto result = rows(db, sql);
    return result.isEmpty() ? -1 : result.first().value(0).toLongLong();
}

inline SimulationOptions options(qint64 operations = Operations, quint64 seed = Seed)
{
    SimulationOptions o;
    o.operations = operations;
    o.seed = seed;
    o.nowMs = Now;
    return o;
}

class tst_Simulator : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void sameSeedSameStore();
    void otherSeedOtherStore();
    void referenceCase();
    void referenceCaseInEveryStore_data();
    void referenceCaseInEveryStore();
    void storeIsFinished();
    void summaryMatchesStore();

    void attemptBudgets();
    void attemptsFollowTheToolsAlgorithm();
    void keysAreUniqueUuids();
    void everyUnknownHasAnAttempt();
    void oneLiveOperationPerOrderAndAmount();
    void statusesAreConsistent();
    void timesLieInTheSimulatedDays();
    void eventsNameRealOperations();
    void payloadsAreStripeEvents();
    void paymentsAreNamedByTheTool();
    void auditChainVerifies();

    void queueShowsEveryKindOfEvidence();
    void scenesArePresent();

    void dashboardRefundsLeaveOperationsUnknown();
    void shopRefundsReachTheTruthOnly();
    void profileShapesTheQueue_data();
    void profileShapesTheQueue();

    void refusesAnExistingFile();
    void unfinishedBuildLeavesNoFile();
    void cancelLeavesNoFile();
    void rejectsAnImpossibleSize();

    void demoCommand();
    void demoCommandRefusesAnExistingFile();
    void demoCommandRejectsBadArguments_data();
    void demoCommandRejectsBadArguments();

private:
    QTemporaryDir m_dir;
    QString m_path;
    SimulationSummary m_summary;
    Db m_db;
};
