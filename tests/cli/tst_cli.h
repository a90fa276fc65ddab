// tst_cli's class and what its files share: a store for each test, running refund-desk on it.

#pragma once

#include "clirun.h"
#include "teststore.h"

#include <sqlite3.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "store/store.h"

using namespace RefundDesk;
using RefundDesk::Test::CliRun;
using RefundDesk::Test::environmentWithoutDisplay;
using RefundDesk::Test::runRefundDesk;
using RefundDesk::Test::TestStore;

// A refund event of `operationId` (by metadata and key) as the webhook receiver stores it.
inline WebhookEvent refundEvent(const Operation &operation, const QString &eventId, const QString &refundId,
                                const QString &status)
{
    WebhookEvent event;
    event.eventId = eventId;
    event.type = QStringLiteral("refund.updated");
    event.created = 1'700'000'000;
    event.receivedAt = 1'700'000'000'500;
    event.operationId = operation.operationId;
    event.idempotencyKey = operation.idempotencyKey;
    event.refundId = refundId;
    event.payload = TestStore::refundEventPayload(eventId, event.type, refundId, status, operation.amountCents,
                                                  operation.currency, operation.operationId,
                                                  operation.idempotencyKey, *event.created);
    return event;
}

class tst_Cli : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void usageErrors_data();
    void usageErrors();
    void initNeverOverwrites();
    void badStoreExitsThree_data();
    void badStoreExitsThree();
    void queueJsonShape();
    void showJsonShape();
    void claimConflictNamesTheWinner();
    void releaseGivesTheOperationBack();
    void resolveRules_data();
    void resolveRules();
    void resolveOnceOnly();
    void helpNeedsNoDisplay();
    void versionNamesTheBuild();
    void everyCommandRunsWithoutADisplay();
    void consoleWithoutADisplaySaysSo_data();
    void consoleWithoutADisplaySaysSo();
    void decidedOperationIsAConflict_data();
    void decidedOperationIsAConflict();
    void resolveFromEvidencePlansThenRecords();
    void resolveFromEvidenceSkipsWhatChangedAfterThePlan();
    void resolveFromEvidenceRacingDecidesEachOnce();
    void textShowsMoney_data();
    void textShowsMoney();
    void showReadsLookupsFromWhatStripeAnswered();
    void demoNamesTheReferenceAmount();

    // The command line speaks like the console (tst_cli_voice.cpp).
    void usageLinesNameTheCommand_data();
    void usageLinesNameTheCommand();
    void operatorIsChosenAsTheConsoleChooses_data();
    void operatorIsChosenAsTheConsoleChooses();
    void blankOperatorIsAUsageError_data();
    void blankOperatorIsAUsageError();
    void queueHasAHeaderAndTheVerdict();
    void countsUseTheLanguagesPlurals_data();
    void countsUseTheLanguagesPlurals();
    void rerunWithNothingToDoSaysSo();
    void pastFollowUpIsRefused_data();
    void pastFollowUpIsRefused();
    void askStripeWithoutOperationIsPrefixed();
    void resolveFromEvidencePlanShowsTheNotes();

private:
    // The subcommands `refund-desk --help` lists.
    QStringList listedCommands();
    QString db() const { return m_store->path(); }
    // A demo store of 2000 operations at a fixed time.
    QString demoStore(const QString &name);
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<TestStore> m_store;
};
