// tst_pgstore's class and what its files share: the server, a fresh store for each test,
// the store's logins.

#pragma once

#include "pgtestserver.h"
#include "silentlistener.h"
#include "teststore.h"
#include "idlists.h"

#include "demo/demostore.h"
#include "domain/auditchain.h"
#include "store/store.h"
#include "store/storebuilder.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace RefundDesk;
using namespace RefundDesk::Test;

// A resolution row as `psql` would append it (its hash is not the chain's: these tests
// are about what the server lets a login write, not about the chain).
inline QString resolutionInsert(int id, const QString &operationId, const QString &outcome, const QString &refundId,
                                const QString &operatorName, const QString &previousStatus)
{
    return QStringLiteral("INSERT INTO resolutions (resolution_id, operation_id, outcome, refund_id, evidence, operator, "
                          "recorded_at, previous_status, prev_hash, hash) VALUES (%1, '%2', '%3', %4, 'dashboard', '%5', "
                          "5, '%6', 'prev-%1', 'hash-%1');")
        .arg(id)
        .arg(operationId, outcome, refundId.isEmpty() ? QStringLiteral("NULL") : u'\'' + refundId + u'\'',
             operatorName, previousStatus);
}

inline QString decisionUpdate(const QString &operationId, const QString &outcome, const QString &refundId)
{
    return QStringLiteral("UPDATE refund_ops SET status = '%1', refund_id = %2, claimed_by = NULL, claimed_at = NULL, "
                          "updated_at = 5, version = version + 1 WHERE operation_id = '%3';")
        .arg(outcome, refundId.isEmpty() ? QStringLiteral("refund_id") : u'\'' + refundId + u'\'', operationId);
}

inline QString claimUpdate(const QString &operationId)
{
    return QStringLiteral("UPDATE refund_ops SET status = 'checking', claimed_by = session_user, claimed_at = 5, "
                          "updated_at = 5, version = version + 1 WHERE operation_id = '%1';").arg(operationId);
}

class tst_PgStore : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void locationsAreDispatchedAndShownWithoutPassword();
    void badLocationsGiveTheirOwnError_data();
    void badLocationsGiveTheirOwnError();
    void createNeverOverwrites();
    void answersAreTheSameAsOnSqlite_data();
    void answersAreTheSameAsOnSqlite();
    void candidateEventsFollowAllThreeRoutes();
    void claimReleaseAndTakeOverRecordTheLogin();
    void resolutionIsAtomicChainedAndHappensOnce();
    void dataVersionFollowsOtherSessionsCommits();
    void snapshotSeesOneMomentAndRefusesWrites();
    void reconnectsAfterTheServerRestarts();
    void reconnectsInStepsWhileTheServerIsSilent();
    void rolesAreEnforcedByTheServer();
    void writesByHandAreHeldToWhatTheAppWrites_data();
    void writesByHandAreHeldToWhatTheAppWrites();
    void supportLoginsLeaveTheChainAndTheTimesToTheServer_data();
    void supportLoginsLeaveTheChainAndTheTimesToTheServer();
    void decisionsByHandAtOnceAreChainedOneAfterAnother();
    void agentLoginsOnlyAppendToTheAttemptHistory_data();
    void agentLoginsOnlyAppendToTheAttemptHistory();
    void verifyWantsTheSupportRulesWhereSupportMayWrite();
    void rolesFileBringsAnOlderStoreUpToDate();
    void readOnlyRoleOpensReadOnlyAndSaysWhy();
    void aServerThatTakesNoChangesSaysSo();

private:
    // A fresh database with the store's schema and op_1..op_6 as in tst_store.
    QString freshStore();
    // roles-postgresql.sql run on the current database (twice: it is run again on existing
    // stores), and the logins alice and bob (support), finance (audit) and tool (agent).
    bool setUpRoles();
    std::unique_ptr<Store> open(const QString &location, Store::OpenMode mode = Store::OpenMode::ReadWrite);
    // Whether the audit log of the current database, read by its owner, is one unbroken
    // chain, every hash that of its row's content; what broke it otherwise.
    QString chainProblem();

    std::unique_ptr<PgTestServer> m_server;
    int m_databases = 0;
    QString m_db; // the current test's database
};
