#include "demo/fakeprovider.h"

#include "demo/stripepayload.h"

namespace RefundDesk::Internal {

namespace {

const char *const FailureReasons[] = {"lost_or_stolen_card", "expired_or_canceled_card",
                                      "insufficient_funds", "unknown"};

struct Decline
{
    const char *code;
    const char *message;
};

const Decline Declines[] = {
    {"charge_disputed", "This charge has been disputed and cannot be refunded."},
    {"charge_already_refunded", "This charge has already been refunded in full."},
    {"insufficient_funds", "Your available balance is insufficient to cover this refund."},
};

bool sameParameters(const RefundRequest &a, const RefundRequest &b)
{
    return a.amount == b.amount && a.currency == b.currency && a.reason == b.reason
           && a.operationId == b.operationId;
}

} // namespace

FaultSchedule::FaultSchedule(DemoRandom &random, qint64 beginMs, qint64 endMs, int count)
{
    for (int i = 0; i < count && endMs > beginMs; ++i) {
        const qint64 from = random.between(beginMs, endMs);
        m_incidents.push_back({from, from + random.between(20, 90) * 60 * 1000});
    }
}

FaultSchedule FaultSchedule::reliable()
{
    FaultSchedule schedule;
    schedule.m_reliable = true;
    return schedule;
}

FaultRates FaultSchedule::at(qint64 timeMs) const
{
    FaultRates rates;
    if (m_reliable) {
        rates.slowShare = 0;
        rates.serverErrorRate = 0;
        rates.lostResponseRate = 0;
        rates.networkErrorRate = 0;
        rates.declineRate = 0;
        return rates;
    }
    for (const Incident &incident : m_incidents) {
        if (timeMs >= incident.from && timeMs < incident.to) {
            rates.slowShare = 0.45;
            rates.serverErrorRate = 0.12;
            rates.lostResponseRate = 0.06;
            rates.networkErrorRate = 0.05;
            break;
        }
    }
    return rates;
}

QString ProviderRefund::statusAt(qint64 timeMs) const
{
    QString status;
    for (const RefundChange &change : history) {
        if (change.atMs > timeMs)
            break;
        status = change.status;
    }
    return status;
}

FakeProvider::FakeProvider(DemoRandom &random, const FaultSchedule &faults)
    : m_random(random)
    , m_faults(faults)
{
}

void FakeProvider::beginConversation(const ProviderCharge &charge)
{
    m_charge = charge;
    m_keys.clear();
    m_refunds.clear();
    m_script.clear();
}

void FakeProvider::script(ProviderFate fate)
{
    m_script.push_back(std::move(fate));
}

ProviderFate FakeProvider::drawFate(qint64 atMs)
{
    const FaultRates rates = m_faults.at(atMs);
    ProviderFate fate;
    if (m_random.chance(rates.slowShare))
        fate.latencyMs = m_random.between(ClientTimeoutMs + 1000, 90000);
    else if (m_random.chance(0.12))
        fate.latencyMs = m_random.between(900, 6000);
    else
        fate.latencyMs = m_random.between(150, 900);

    const double r = m_random.unit();
    if (r < rates.serverErrorRate) {
        fate.result = ProviderFate::Result::ServerError;
        fate.workDone = m_random.chance(rates.workDoneDespiteError);
    } else if (r < rates.serverErrorRate + rates.declineRate) {
        fate.result = ProviderFate::Result::Declined;
        fate.declineCode = QString::fromLatin1(Declines[m_random.below(std::size(Declines))].code);
    }
    fate.responseLost = m_random.chance(rates.lostResponseRate);

    // A refund created by a request that then failed with a 500 was often caught half-way:
    // left pending, and more likely than others to fail or to stay pending.
    const bool troubled = fate.result == ProviderFate::Result::ServerError;
    if (m_random.chance(troubled ? 0.6 : rates.pendingShare)) {
        fate.initialStatus = QStringLiteral("pending");
        // Most settle within hours; some payment methods take days.
        const qint64 after = m_random.skewed(60 * 1000, 5 * 24 * 3600 * 1000LL);
        const double next = m_random.unit();
        const double succeeded = troubled ? 0.5 : 0.81;
        const double failed = troubled ? 0.8 : 0.93;
        const double canceled = troubled ? 0.85 : 0.97;
        const double requiresAction = troubled ? 0.9 : 1.0;
        if (next < succeeded) {
            fate.later.push_back({after, QStringLiteral("succeeded"), {}});
        } else if (next < failed) {
            fate.later.push_back({after, QStringLiteral("failed"),
                                  QString::fromLatin1(FailureReasons[m_random.below(std::size(FailureReasons))])});
        } else if (next < canceled) {
            fate.later.push_back({after, QStringLiteral("canceled"), {}});
        } else if (next < requiresAction) {
            fate.later.push_back({after, QStringLiteral("requires_action"), {}});
        } // else it is still pending
    } else if (m_random.chance(0.004)) {
        // A refund can fail after it succeeded, when the card turns out to be closed.
        fate.later.push_back({m_random.skewed(3600 * 1000, 48 * 3600 * 1000), QStringLiteral("failed"),
                              QStringLiteral("expired_or_canceled_card")});
    }
    return fate;
}

int FakeProvider::createRefund(const RefundRequest &request, const ProviderFate &fate, qint64 createdMs,
                               const QString &requestId)
{
    ProviderRefund refund;
    refund.id = fate.refundId.isEmpty() ? m_random.token(QLatin1StringView("re_"), 24) : fate.refundId;
    refund.balanceTransaction = m_random.token(QLatin1StringView("txn_"), 24);
    refund.charge = m_charge;
    refund.amount = request.amount;
    refund.currency = request.currency;
    refund.operationId = request.operationId;
    refund.idempotencyKey = request.idempotencyKey;
    refund.requestId = requestId;
    refund.reason = request.reason;
    refund.history.push_back({createdMs, fate.initialStatus, {}});
    for (const RefundChange &change : fate.later)
        refund.history.push_back({createdMs + change.atMs, change.status, change.failureReason});
    m_refunds.push_back(std::move(refund));
    return int(m_refunds.size()) - 1;
}

ProviderReply FakeProvider::replyFor(const KeyRecord &record, qint64 elapsedMs)
{
    ProviderReply reply;
    reply.elapsedMs = elapsedMs;
    reply.requestId = m_random.token(QLatin1StringView("req_"), 14);
    switch (record.result) {
    case ProviderFate::Result::Succeeded:
        reply.outcome = AttemptOutcome::Refunded;
        reply.httpStatus = 200;
        reply.refundId = m_refunds.at(record.refund).id;
        break;
    case ProviderFate::Result::Declined: {
        const Decline *decline = &Declines[0];
        for (const Decline &d : Declines) {
            if (record.declineCode == QLatin1String(d.code))
                decline = &d;
        }
        reply.outcome = AttemptOutcome::Declined;
        reply.httpStatus = 402;
        reply.error = StripePayload::errorBody(QStringLiteral("card_error"), QString::fromLatin1(decline->code),
                                               QString::fromLatin1(decline->message));
        break;
    }
    case ProviderFate::Result::ServerError:
        reply.outcome = AttemptOutcome::ServerError;
        reply.httpStatus = 500;
        reply.error = StripePayload::errorBody(QStringLiteral("api_error"), {},
                                               QStringLiteral("An unknown error occurred while processing "
                                                              "the request."));
        break;
    }
    return reply;
}

ProviderReply FakeProvider::send(const RefundRequest &request, qint64 atMs)
{
    const FaultRates rates = m_faults.at(atMs);
    // While a scripted fate waits for its request, the network lets that request through.
    if (m_script.empty() && m_random.chance(rates.networkErrorRate)) {
        ProviderReply reply;
        reply.outcome = AttemptOutcome::NetworkError;
        reply.elapsedMs = m_random.between(30, 3000);
        reply.error = QStringLiteral("connection refused: the request never reached the provider");
        return reply;
    }

    const auto known = m_keys.constFind(request.idempotencyKey);
    if (known == m_keys.constEnd()) {
        ProviderFate fate;
        if (m_script.empty()) {
            fate = drawFate(atMs);
        } else {
            fate = std::move(m_script.front());
            m_script.pop_front();
        }
        const QString requestId = m_random.token(QLatin1StringView("req_"), 14);
        KeyRecord record;
        record.request = request;
        record.completesAt = atMs + fate.latencyMs;
        record.result = fate.result;
        record.declineCode = fate.declineCode;
        const qint64 createdAt = atMs + fate.latencyMs * 4 / 5;
        if (fate.result == ProviderFate::Result::Succeeded
            || (fate.result == ProviderFate::Result::ServerError && fate.workDone)) {
            record.refund = createRefund(request, fate, createdAt, requestId);
        }
        const KeyRecord &stored = *m_keys.insert(request.idempotencyKey, std::move(record));

        ProviderReply reply;
        if (fate.latencyMs > ClientTimeoutMs) {
            reply.outcome = AttemptOutcome::Timeout;
            reply.elapsedMs = ClientTimeoutMs;
            reply.error = QStringLiteral("no response from the provider within %1 s").arg(ClientTimeoutMs / 1000);
            return reply;
        }
        if (fate.responseLost) {
            reply.outcome = AttemptOutcome::NetworkError;
            reply.elapsedMs = fate.latencyMs;
            reply.error = QStringLiteral("connection reset by peer while waiting for the response");
            return reply;
        }
        reply = replyFor(stored, fate.latencyMs);
        reply.requestId = requestId;
        return reply;
    }

    const KeyRecord &record = *known;
    if (atMs < record.completesAt) {
        ProviderReply reply;
        reply.outcome = AttemptOutcome::KeyInProgress;
        reply.httpStatus = 409;
        reply.elapsedMs = m_random.between(60, 300);
        reply.requestId = m_random.token(QLatin1StringView("req_"), 14);
        reply.error = StripePayload::errorBody(
            QStringLiteral("invalid_request_error"), QStringLiteral("idempotency_key_in_use"),
            QStringLiteral("There is currently another in-progress request using this idempotency key. "
                           "Please try again later."));
        return reply;
    }
    if (!sameParameters(record.request, request)) {
        ProviderReply reply;
        reply.outcome = AttemptOutcome::KeyMismatch;
        reply.httpStatus = 400;
        reply.elapsedMs = m_random.between(60, 300);
        reply.requestId = m_random.token(QLatin1StringView("req_"), 14);
        reply.error = StripePayload::errorBody(
            QStringLiteral("idempotency_error"), {},
            QStringLiteral("Keys for idempotent requests can only be used with the same parameters they "
                           "were first used with. Try using a key other than '%1' if you meant to execute "
                           "a different request.").arg(request.idempotencyKey));
        return reply;
    }
    const qint64 elapsed = m_random.between(80, 400);
    if (m_random.chance(rates.lostResponseRate)) {
        ProviderReply reply;
        reply.outcome = AttemptOutcome::NetworkError;
        reply.elapsedMs = elapsed;
        reply.error = QStringLiteral("connection reset by peer while waiting for the response");
        return reply;
    }
    return replyFor(record, elapsed);
}

} // namespace RefundDesk::Internal
