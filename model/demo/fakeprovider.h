#pragma once

#include "demo/demorandom.h"
#include "domain/attempt.h"

#include <QHash>
#include <QString>

#include <deque>
#include <optional>
#include <vector>

namespace RefundDesk::Internal {

// How often things go wrong at the provider and on the way to it.
struct FaultRates
{
    double slowShare = 0.035;         // processing outlasts the client's timeout
    double serverErrorRate = 0.03;    // a 500, saved and replayed for the key
    double workDoneDespiteError = 0.5; // of those 500s, the refund was created anyway
    double lostResponseRate = 0.02;   // the work is done, the response never arrives
    double networkErrorRate = 0.005;  // the request never reaches the provider
    double declineRate = 0.04;        // a definite 402
    double pendingShare = 0.25;       // refunds created pending rather than succeeded
};

// Normal days and a few incidents: windows in which the provider is slow and fails.
class FaultSchedule final
{
public:
    FaultSchedule() = default;
    // A provider that never fails on its own: only scripted fates go wrong.
    static FaultSchedule reliable();
    // Places `count` incidents of 20 to 90 minutes between begin and end.
    FaultSchedule(DemoRandom &random, qint64 beginMs, qint64 endMs, int count);

    FaultRates at(qint64 timeMs) const;

private:
    struct Incident
    {
        qint64 from = 0;
        qint64 to = 0;
    };
    std::vector<Incident> m_incidents;
    bool m_reliable = false;
};

// The charge a refund returns money from: one per order, made at checkout.
struct ProviderCharge
{
    QString id;
    QString paymentIntent;
    QString orderId;
    qint64 amount = 0;
    QString currency;
    qint64 createdMs = 0;
};

// POST /v1/refunds with an Idempotency-Key header.
struct RefundRequest
{
    QString idempotencyKey;
    QString operationId; // sent as metadata.operation_id
    qint64 amount = 0;
    QString currency;
    QString reason;
};

// What the client saw of one request.
struct ProviderReply
{
    AttemptOutcome outcome = AttemptOutcome::Unfinished;
    std::optional<int> httpStatus;
    QString requestId;
    QString error;
    QString refundId;
    qint64 elapsedMs = 0;
};

// One status a refund took, at a time (the provider's clock).
struct RefundChange
{
    qint64 atMs = 0;
    QString status;
    QString failureReason;
};

// A refund the provider really created: money moved or is moving, whatever the client saw.
struct ProviderRefund
{
    QString id;
    QString balanceTransaction;
    ProviderCharge charge;
    qint64 amount = 0;
    QString currency;
    QString operationId;
    QString idempotencyKey;
    QString requestId;      // the request that created it
    QString reason;
    std::vector<RefundChange> history; // the first entry is its creation

    // Its status as of a time, or empty before it existed.
    QString statusAt(qint64 timeMs) const;
};

// How the provider handles the next request with a key it has not seen. The simulator
// scripts the reference case and the scenes of the old tool's bug with these; otherwise
// each request's fate is drawn from the fault rates of its time.
struct ProviderFate
{
    enum class Result { Succeeded, Declined, ServerError };
    qint64 latencyMs = 400;
    Result result = Result::Succeeded;
    bool workDone = true;        // for a ServerError: the refund was created all the same
    bool responseLost = false;   // the work is done but the client gets a reset connection
    QString initialStatus = QStringLiteral("succeeded");
    std::vector<RefundChange> later; // status changes, atMs relative to the creation
    QString refundId;            // empty: a fresh re_…
    QString declineCode;
};

// An in-memory Stripe: keeps each idempotency key's request and saved response, answers
// 409 while a request with the key is in progress, replays the saved response (a 500
// included) afterwards, refuses a key reused with other parameters, and records every
// refund it creates so that webhooks can be delivered for them.
class FakeProvider final
{
public:
    // The refund tool's own timeout for one request.
    static constexpr qint64 ClientTimeoutMs = 15000;

    FakeProvider(DemoRandom &random, const FaultSchedule &faults);

    // Forgets the keys of the previous conversation (they never meet again) and sets
    // the order's charge.
    void beginConversation(const ProviderCharge &charge);
    // The next request with a new key follows this fate instead of a drawn one.
    void script(ProviderFate fate);

    ProviderReply send(const RefundRequest &request, qint64 atMs);

    const std::vector<ProviderRefund> &refunds() const { return m_refunds; }
    // The charge of the conversation under way.
    const ProviderCharge &charge() const { return m_charge; }

private:
    struct KeyRecord
    {
        RefundRequest request;
        qint64 completesAt = 0;
        ProviderFate::Result result = ProviderFate::Result::Succeeded;
        int refund = -1;
        QString declineCode;
    };

    ProviderFate drawFate(qint64 atMs);
    int createRefund(const RefundRequest &request, const ProviderFate &fate, qint64 createdMs,
                     const QString &requestId);
    ProviderReply replyFor(const KeyRecord &record, qint64 elapsedMs);

    DemoRandom &m_random;
    const FaultSchedule &m_faults;
    ProviderCharge m_charge;
    QHash<QString, KeyRecord> m_keys;
    std::deque<ProviderFate> m_script;
    std::vector<ProviderRefund> m_refunds;
};

} // namespace RefundDesk::Internal
