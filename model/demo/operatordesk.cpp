#include "demo/operatordesk.h"

#include "demo/demotime.h"
#include "domain/auditchain.h"

#include <algorithm>

namespace RefundDesk::Internal {

namespace {

using DemoTime::Minute;
using DemoTime::Hour;

const char *const Operators[] = {"amira", "bruno", "chen.li", "dana", "elif", "farid", "grace"};

bool isFailure(const QString &status)
{
    return status == QLatin1String("failed") || status == QLatin1String("canceled");
}

} // namespace

OperatorDesk::OperatorDesk(DemoRandom &random, qint64 nowMs)
    : m_random(random)
    , m_now(nowMs)
{
}

QString OperatorDesk::operatorName()
{
    return QString::fromLatin1(Operators[m_random.below(std::size(Operators))]);
}

void OperatorDesk::claim(Operation &op)
{
    const qint64 age = m_now - op.updatedAt;
    const qint64 at = op.updatedAt + m_random.between(Minute, qMin(age, 20 * Hour));
    op.status = OperationStatus::Checking;
    op.claimedBy = operatorName();
    op.claimedAt = at;
    op.updatedAt = at;
    ++op.version;
}

void OperatorDesk::maybeClaim(Operation &op, double probability)
{
    if (op.status == OperationStatus::Unknown && m_now - op.updatedAt > 10 * Minute
        && m_random.chance(probability)) {
        claim(op);
    }
}

void OperatorDesk::review(Operation &op, const std::vector<ProviderRefund> &refunds,
                          const std::vector<DeliveredEvent> &events)
{
    if (op.status != OperationStatus::Unknown)
        return;
    const qint64 age = m_now - op.updatedAt;
    if (age < 10 * Minute)
        return;
    const bool overdue = m_targetMs > 0 && age > m_targetMs;
    if (age > 2 * Hour && m_random.chance(overdue ? 0.97 : 0.4) && resolve(op, refunds, events))
        return;
    // A team that keeps up looks again today at what it could not decide then: what has
    // settled since is decided, a refund still pending stays overdue.
    if (overdue && resolve(op, refunds, events, m_now - m_random.between(Minute, 2 * Hour)))
        return;
    maybeClaim(op, 0.15);
}

bool OperatorDesk::resolve(Operation &op, const std::vector<ProviderRefund> &refunds,
                           const std::vector<DeliveredEvent> &events, std::optional<qint64> atMs)
{
    const qint64 age = m_now - op.updatedAt;
    const qint64 at = atMs ? *atMs
                           : op.updatedAt + m_random.between(10 * Minute, qMin(age - Minute, m_targetMs > 0 ? m_targetMs : 36 * Hour));

    int refundIndex = -1;
    for (int i = 0; i < int(refunds.size()); ++i) {
        if (refunds[i].operationId == op.operationId) {
            if (refundIndex >= 0)
                return false; // two refunds: that needs more than a routine decision
            refundIndex = i;
        }
    }

    Resolution r;
    r.operationId = op.operationId;
    r.operatorName = operatorName();
    r.recordedAt = at;
    r.previousStatus = m_random.chance(0.7) ? OperationStatus::Checking : OperationStatus::Unknown;

    if (refundIndex < 0) {
        r.outcome = Outcome::Failed;
        if (m_random.chance(0.7)) {
            r.evidence = QStringLiteral("dashboard");
            r.note = QStringLiteral("No refund under this idempotency key in the dashboard; no money moved.");
        } else {
            r.evidence = QStringLiteral("provider_support:") + QString::number(m_random.between(10000, 99999));
            r.note = QStringLiteral("Provider support confirmed the request was never processed.");
        }
    } else {
        const ProviderRefund &refund = refunds[refundIndex];
        // The latest readable refund event that had arrived by then.
        const DeliveredEvent *seen = nullptr;
        for (const DeliveredEvent &e : events) {
            if (e.refund != refundIndex || !e.readable || e.refundStatus.isEmpty() || e.event.receivedAt > at)
                continue;
            if (!seen || *e.event.created > *seen->event.created
                || (*e.event.created == *seen->event.created && e.event.receivedAt > seen->event.receivedAt)) {
                seen = &e;
            }
        }
        const QString truth = refund.statusAt(at);
        if (seen && seen->refundStatus == QLatin1String("succeeded")) {
            r.outcome = Outcome::Refunded;
            r.refundId = refund.id;
            r.evidence = QStringLiteral("webhook:") + seen->event.eventId;
            if (m_random.chance(0.5))
                r.note = QStringLiteral("The webhook shows the refund succeeded; told the customer.");
        } else if (seen && isFailure(seen->refundStatus)) {
            r.outcome = Outcome::Failed;
            r.evidence = QStringLiteral("webhook:") + seen->event.eventId;
            r.note = QStringLiteral("The refund failed at the provider (%1); no money moved.")
                         .arg(seen->refundStatus);
        } else if (truth == QLatin1String("succeeded")) {
            r.outcome = Outcome::Refunded;
            r.refundId = refund.id;
            r.evidence = QStringLiteral("dashboard");
            r.note = QStringLiteral("Found the refund in the dashboard under the operation's key.");
        } else if (isFailure(truth)) {
            r.outcome = Outcome::Failed;
            if (seen) {
                // The webhooks that had arrived said pending: deciding against them is an override.
                r.evidence = QStringLiteral("provider_support:") + QString::number(m_random.between(10000, 99999));
                r.note = QStringLiteral("Provider support confirmed the pending refund %1 was %2; the "
                                        "webhook is out of date.").arg(refund.id, truth);
                r.overridesEvidence = true;
            } else {
                r.evidence = QStringLiteral("dashboard");
                r.note = QStringLiteral("The dashboard shows refund %1 %2; no money moved.").arg(refund.id, truth);
            }
        } else {
            return false; // still pending: nobody can decide yet
        }
    }

    op.status = r.outcome == Outcome::Refunded ? OperationStatus::Refunded : OperationStatus::Failed;
    if (r.outcome == Outcome::Refunded)
        op.refundId = r.refundId;
    op.version += r.previousStatus == OperationStatus::Checking ? 2 : 1;
    op.claimedBy.clear();
    op.claimedAt.reset();
    op.updatedAt = at;
    m_log.push_back(std::move(r));
    return true;
}

std::vector<Resolution> OperatorDesk::chainedLog()
{
    std::vector<Resolution> log = std::move(m_log);
    m_log.clear();
    std::stable_sort(log.begin(), log.end(), [](const Resolution &a, const Resolution &b) {
        return a.recordedAt != b.recordedAt ? a.recordedAt < b.recordedAt : a.operationId < b.operationId;
    });
    QString previous = AuditChain::genesisHash();
    qint64 id = 0;
    for (Resolution &r : log) {
        r.resolutionId = ++id;
        r.prevHash = previous;
        r.hash = AuditChain::hashOf(r);
        previous = r.hash;
    }
    return log;
}

} // namespace RefundDesk::Internal
