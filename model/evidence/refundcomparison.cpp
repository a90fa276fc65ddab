#include "evidence/refundcomparison.h"

#include "domain/money.h"
#include "evidence/lookupevidence.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace RefundDesk {

namespace {

// When Stripe made the refund: a lookup's listing says it exactly; an event only says
// when it was sent, so the earliest event that states the refund is the nearest sign.
qint64 createdOf(const QString &refundId, const Evidence &evidence)
{
    for (const EvidenceLookup &lookup : evidence.lookups) {
        for (const auto *listed : {&lookup.refunds, &lookup.otherRefunds}) {
            for (const ParsedRefund &refund : *listed) {
                if (refund.id == refundId && refund.created > 0)
                    return refund.created;
            }
        }
    }
    qint64 earliest = 0;
    for (const EvidenceEvent &event : evidence.events) {
        const bool states = std::any_of(event.refunds.cbegin(), event.refunds.cend(),
                                        [&refundId](const ParsedRefund &refund) { return refund.id == refundId; });
        const qint64 created = event.created();
        if (states && created > 0 && (earliest == 0 || created < earliest))
            earliest = created;
    }
    return earliest;
}

int attemptAt(qint64 createdSeconds, const std::vector<Attempt> &attempts)
{
    if (createdSeconds <= 0)
        return 0;
    const qint64 at = createdSeconds * 1000;
    int best = 0;
    qint64 bestDistance = std::numeric_limits<qint64>::max();
    for (const Attempt &attempt : attempts) {
        const qint64 from = attempt.startedAt - RefundComparison::AttemptMarginMs;
        const qint64 to = attempt.finishedAt.value_or(attempt.startedAt) + RefundComparison::AttemptMarginMs;
        if (at < from || at > to)
            continue;
        // Attempts close together share the margin: the one started nearest made it.
        const qint64 distance = std::llabs(at - attempt.startedAt);
        if (distance < bestDistance) {
            bestDistance = distance;
            best = attempt.attemptNo;
        }
    }
    return best;
}

ComparedRefund compared(const RefundState &state, bool own, const Evidence &evidence, const std::vector<Attempt> &attempts)
{
    ComparedRefund compared;
    compared.refund = state.refund;
    compared.createdSeconds = createdOf(state.refund.id, evidence);
    compared.own = own;
    compared.attemptNo = own ? attemptAt(compared.createdSeconds, attempts) : 0;
    compared.source = state.source();
    return compared;
}

} // namespace

QString ComparedRefund::madeBy(Wording wording) const
{
    const auto say = [wording](const char *source) { return worded("RefundComparison", source, wording); };
    if (own) {
        if (attemptNo > 0)
            return say(QT_TRANSLATE_NOOP("RefundComparison", "attempt %1")).arg(attemptNo);
        return createdSeconds > 0 ? say(QT_TRANSLATE_NOOP("RefundComparison", "this operation, outside its attempts' times"))
                                  : say(QT_TRANSLATE_NOOP("RefundComparison", "this operation, at an unknown time"));
    }
    if (ofAnotherOperation)
        return say(QT_TRANSLATE_NOOP("RefundComparison", "operation %1 of this store")).arg(refund.operationId);
    return refund.operationId.isEmpty()
        ? say(QT_TRANSLATE_NOOP("RefundComparison", "another path, no operation id (the Dashboard or another tool?)"))
        : say(QT_TRANSLATE_NOOP("RefundComparison", "another path: operation %1, which this store does not hold"))
              .arg(refund.operationId);
}

QString ComparedRefund::metadata() const
{
    // The key is Stripe's, the same in every language.
    return refund.operationId.isEmpty() ? QCoreApplication::translate("RefundComparison", "none")
                                        : QStringLiteral("operation_id %1").arg(refund.operationId);
}

QString ComparedRefund::amount(const QLocale &locale) const
{
    return Money::display(refund.amount, refund.currency, locale);
}

std::vector<ComparedRefund> RefundComparison::of(const Evidence &evidence, const std::vector<Attempt> &attempts)
{
    std::vector<ComparedRefund> refunds;
    const size_t count = evidence.refunds.size() + evidence.otherRefunds.size();
    if (count < 2 && evidence.otherRefunds.empty())
        return refunds;
    // Evidence keeps each list by refund id already.
    for (const RefundState &state : evidence.refunds)
        refunds.push_back(compared(state, true, evidence, attempts));
    for (const RefundState &state : evidence.otherRefunds)
        refunds.push_back(compared(state, false, evidence, attempts));
    return refunds;
}

std::vector<ComparedRefund> RefundComparison::ofPaymentListing(const ProviderLookup &lookup,
                                                               const std::vector<Attempt> &attempts)
{
    std::vector<ComparedRefund> refunds;
    const EvidenceLookup listing = LookupEvidence::read(lookup);
    if (!listing.byPayment)
        return refunds;
    const auto add = [&](std::vector<ParsedRefund> group, bool own, bool ofAnotherOperation) {
        std::sort(group.begin(), group.end(), [](const ParsedRefund &a, const ParsedRefund &b) { return a.id < b.id; });
        for (const ParsedRefund &refund : group) {
            RefundState state; // the listing states it
            state.refund = refund;
            state.lookupId = lookup.lookupId;
            ComparedRefund compared;
            compared.refund = refund;
            compared.createdSeconds = refund.created;
            compared.own = own;
            compared.ofAnotherOperation = ofAnotherOperation;
            compared.attemptNo = own ? attemptAt(compared.createdSeconds, attempts) : 0;
            compared.source = state.source();
            refunds.push_back(std::move(compared));
        }
    };
    add(listing.refunds, true, false);
    add(listing.otherOperations, false, true);
    add(listing.otherRefunds, false, false);
    return refunds;
}

QString RefundComparison::meaning(const Evidence &evidence)
{
    const int own = int(evidence.refunds.size());
    const int others = int(evidence.otherRefunds.size());
    if (own == 0 && others > 0) {
        return QCoreApplication::translate(
            "RefundComparison",
            "No refund is tied to this operation, but Stripe lists %n refund(s) of its payment that no operation of "
            "this store made. If one was this operation's, made by hand, pick it and record refunded; if the money "
            "went back for something else, record failed. Either needs the override and a note.",
            nullptr, others);
    }
    if (own > 0 && others > 0) {
        return QCoreApplication::translate(
            "RefundComparison",
            "The operation's own refund and %n refund(s) made by another path took money from the same payment: the "
            "customer may have been refunded more than once. Pick the refund that is this operation's and record it "
            "with the override and a note; have the others looked into (Ctrl+Shift+K copies a case for Stripe "
            "support).",
            nullptr, others);
    }
    if (own > 1) {
        return QCoreApplication::translate(
            "RefundComparison",
            "%n refunds are tied to this operation: the customer may have been refunded more than once. Pick the one "
            "that is the operation's and record it with the override and a note; have the others looked into "
            "(Ctrl+Shift+K copies a case for Stripe support).",
            nullptr, own);
    }
    return {};
}

} // namespace RefundDesk
