// tst_lookupverdict's class and what its files share: an operation, its events and the
// provider lookups that state its refunds (by its window, by id or by its payment), and a
// PostgreSQL test server for the stores.

#pragma once

#include "latencyproxy.h"
#include "pgtestserver.h"
#include "teststore.h"

#include "domain/providerlookupresult.h"
#include "evidence/batchplan.h"
#include "evidence/evidenceanalyzer.h"
#include "evidence/resolver.h"
#include "store/store.h"
#include "stripeask/paymentrefundsorting.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace RefundDesk;
using namespace RefundDesk::Test;

constexpr qint64 Minute = 60'000;
constexpr qint64 LastAttemptEnded = 1'700'000'000'000;
constexpr qint64 WindowFrom = LastAttemptEnded - 45 * Minute; // 5 minutes before the first attempt
constexpr qint64 WindowTo = LastAttemptEnded + 5 * Minute;    // 5 minutes after the last

inline Operation operation()
{
    Operation o = TestStore::operation(QStringLiteral("op_1"));
    o.amountCents = 3800;
    o.currency = QStringLiteral("usd");
    return o;
}

inline QString refundJson(const QString &id, const QString &status, qint64 amount = 3800, const QString &currency = QStringLiteral("usd"))
{
    return QStringLiteral(R"({"id":"%1","status":"%2","amount":%3,"currency":"%4","operation_id":"op_1"})")
        .arg(id, status)
        .arg(amount)
        .arg(currency);
}

// A lookup row as the store hands it back. `refunds`: the result's refunds, as JSON.
inline ProviderLookup lookup(qint64 id, qint64 askedAt, bool listed, bool complete, const QStringList &refunds = {})
{
    ProviderLookup row;
    row.lookupId = id;
    row.operationId = QStringLiteral("op_1");
    row.provider = QStringLiteral("stripe");
    row.askedAt = askedAt;
    row.operatorName = QStringLiteral("alice");
    if (listed) {
        row.windowFrom = WindowFrom;
        row.windowTo = WindowTo;
    }
    row.requests = QStringLiteral(R"([{"method":"GET","path":"/v1/refunds","status":200,"body":"{}"}])");
    row.result = QStringLiteral(R"({"complete":%1,"method":"%2","refunds":[%3]})")
                     .arg(complete ? QStringLiteral("true") : QStringLiteral("false"),
                          listed ? QStringLiteral("list") : QStringLiteral("retrieve"), refunds.join(u','));
    row.responseSha256 = QString::fromLatin1(QCryptographicHash::hash("{}", QCryptographicHash::Sha256).toHex());
    return row;
}

inline QString paymentRefundJson(const QString &id, const QString &operationId, const QString &status = QStringLiteral("succeeded"))
{
    return QStringLiteral(R"({"id":"%1","status":"%2","amount":3800,"currency":"usd","created":%3,"operation_id":"%4"})")
        .arg(id, status)
        .arg(LastAttemptEnded / 1000 - 600)
        .arg(operationId);
}

// A listing of payment pi_1's refunds, as kept: the operation's own refunds, those of the
// store's other operations, those no operation of the store made; `key` names the last
// array (payment_refunds: a record no keeper sorted).
inline ProviderLookup paymentLookup(qint64 id, qint64 askedAt, bool complete, const QStringList &own,
                             const QStringList &others = {}, const QStringList &ofOperations = {},
                             const QString &key = QStringLiteral("other_refunds"))
{
    ProviderLookup row = lookup(id, askedAt, false, complete);
    row.result = QStringLiteral(R"({"complete":%1,"method":"payment","route":"payment_intent","payment_id":"pi_1",)"
                                R"("payment_from":"row","quiet_since":%2,"refunds":[%3],"other_operations":[%4],"%5":[%6]})")
                     .arg(complete ? QStringLiteral("true") : QStringLiteral("false"))
                     .arg(LastAttemptEnded)
                     .arg(own.join(u','), ofOperations.join(u','), key, others.join(u','));
    return row;
}

inline WebhookEvent refundEvent(const QString &eventId, const QString &refundId, const QString &status, qint64 createdSeconds)
{
    WebhookEvent event;
    event.eventId = eventId;
    event.type = QStringLiteral("refund.updated");
    event.created = createdSeconds;
    event.receivedAt = createdSeconds * 1000 + 250;
    event.operationId = QStringLiteral("op_1");
    event.refundId = refundId;
    event.payload = TestStore::refundEventPayload(eventId, event.type, refundId, status, 3800, QStringLiteral("usd"),
                                                  QStringLiteral("op_1"), QStringLiteral("key-op_1"), createdSeconds);
    return event;
}

inline ResolutionDraft draft(Outcome outcome, const QString &refundId = {})
{
    ResolutionDraft d;
    d.operationId = QStringLiteral("op_1");
    d.outcome = outcome;
    d.refundId = refundId;
    d.evidence = QStringLiteral("stripe_lookup:1:sha256:00");
    d.operatorName = QStringLiteral("alice");
    return d;
}

// On PostgreSQL the operator is the login: `operatorName` empty there.
inline ProviderLookupDraft storedDraft(const QString &operationId, qint64 windowTo, const QString &refunds, const QString &operatorName)
{
    ProviderLookupDraft d;
    d.operationId = operationId;
    d.operatorName = operatorName;
    d.windowFrom = windowTo - 50 * Minute;
    d.windowTo = windowTo;
    d.requests = QStringLiteral(R"([{"method":"GET","path":"/v1/refunds","status":200,"body":"{}"}])");
    d.result = QStringLiteral(R"({"complete":true,"method":"list","refunds":[%1]})").arg(refunds);
    d.responseSha256 = QString::fromLatin1(QCryptographicHash::hash("{}", QCryptographicHash::Sha256).toHex());
    return d;
}

// The test server's database `name` opened through `proxy`, which counts its round trips.
inline auto openThroughProxy(LatencyProxy &proxy, const QString &name)
{
    return StoreFactory::open(proxy.pgLocation(name, QString::fromLatin1(PgTestServer::SuperUser)),
                              Store::OpenMode::ReadWrite);
}

Q_DECLARE_METATYPE(RefundDesk::ProviderLookup)

class tst_LookupVerdict : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void completeListingAfterTheDelayIsNotFound();
    void listingTooSoonOrIncompleteSaysNothing();
    void notFoundAllowsFailedAndRefusesRefunded();
    void lookupRefundIsJudgedAsAnEvent();
    void lookupAmountOrCurrencyDiffersIsConflict();
    void lookupAndEventNameTwoRefundsIsConflict();
    void laterLookupStatesTheLatestStatus();
    void eventsNamingARefundOutweighAnEmptyListing();
    void aPaymentsListingGivesTheVerdict_data();
    void aPaymentsListingGivesTheVerdict();
    void anOtherRefundHoldsTheOperationForAPerson();
    void anOtherRefundBesideTheOwnIsAConflict();
    void theKeeperSortsThePaymentsRefundsByTheStore_data();
    void theKeeperSortsThePaymentsRefundsByTheStore();
    void sortingReadsTheStoreOnce();
    void sortingABatchReadsTheStoreOnce();

    void storeReadsLookupsWithTheVerdictsInputs_data();
    void storeReadsLookupsWithTheVerdictsInputs();
    void queuePageWithLookupsIsOneRoundTrip();

private:
    // A store holding op_1 (a refund found by a lookup), op_2 (a listing that found none)
    // and op_3 (no lookup); empty on failure.
    QString makeStore(const QString &backend);

    QTemporaryDir m_dir;
    std::unique_ptr<PgTestServer> m_server;
    int m_databases = 0;
};
