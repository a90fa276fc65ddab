#include "evidence/evidenceanalyzer.h"

#include "domain/money.h"
#include "evidence/eventparser.h"
#include "evidence/lookupevidence.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QSet>
#include <QStringList>

#include <algorithm>
#include <map>
#include <tuple>

namespace RefundDesk {

namespace {

using RefundIds = QSet<QString>;

struct Candidate
{
    WebhookEvent row;
    ParsedEvent parsed;
    int deliveries = 1;
    std::optional<MatchRoute> route;
    std::vector<ParsedRefund> refunds;
};

// Duplicate deliveries share an event id; the first row stands for all of them.
std::vector<Candidate> uniqueCandidates(const std::vector<WebhookEvent> &rows)
{
    std::vector<Candidate> candidates;
    std::map<QString, size_t> indexById;
    for (const WebhookEvent &row : rows) {
        const auto [found, inserted] = indexById.emplace(row.eventId, candidates.size());
        if (!inserted) {
            ++candidates[found->second].deliveries;
            continue;
        }
        ParsedEvent parsed = EventParser::parse(row.payload);
        if (!row.payloadIsValidUtf8) {
            // What was read came through replacement characters: show it, never judge by it.
            parsed.readable = false;
            parsed.unreadableReason = QCoreApplication::translate("EvidenceAnalyzer", "the payload is not valid UTF-8 text");
            parsed.refund.reset();
            parsed.charge.reset();
        }
        candidates.push_back({row, std::move(parsed), 1, std::nullopt, {}});
    }
    return candidates;
}

bool isMetadataMatch(const Operation &operation, const Candidate &candidate)
{
    const QString &id = operation.operationId;
    if (id.isEmpty())
        return false;
    if (candidate.row.operationId == id || candidate.parsed.operationId() == id)
        return true;
    // A refund event's own metadata was compared above; a charge's refunds carry their own.
    const auto &charge = candidate.parsed.charge;
    return charge && std::any_of(charge->refunds.cbegin(), charge->refunds.cend(),
                                 [&id](const ParsedRefund &refund) { return refund.operationId == id; });
}

bool isKeyMatch(const Operation &operation, const Candidate &candidate)
{
    const QString &key = operation.idempotencyKey;
    return !key.isEmpty() && (candidate.row.idempotencyKey == key || candidate.parsed.idempotencyKey == key);
}

// The refunds a charge event states about the operation: those tagged with its id or
// already known to be its refunds, or, when the charge itself matched and lists a
// single untagged refund, that one (the request that matched created it).
std::vector<ParsedRefund> chargeRefundsFor(const Operation &operation, const ParsedCharge &charge,
                                           const RefundIds &known, bool chargeMatched)
{
    std::vector<ParsedRefund> refunds;
    for (const ParsedRefund &refund : charge.refunds) {
        if (refund.operationId == operation.operationId || known.contains(refund.id))
            refunds.push_back(refund);
    }
    if (refunds.empty() && chargeMatched && charge.refunds.size() == 1 && charge.refunds.front().operationId.isEmpty())
        refunds.push_back(charge.refunds.front());
    return refunds;
}

// Assigns each candidate its route (DESIGN.md, "Evidence"): metadata, then idempotency
// key, then a refund id that the first two routes or the operation itself named.
void matchCandidates(const Operation &operation, std::vector<Candidate> &candidates)
{
    RefundIds known;
    if (!operation.refundId.isEmpty())
        known.insert(operation.refundId);

    for (Candidate &candidate : candidates) {
        if (isMetadataMatch(operation, candidate))
            candidate.route = MatchRoute::Metadata;
        else if (isKeyMatch(operation, candidate))
            candidate.route = MatchRoute::IdempotencyKey;
        if (!candidate.route)
            continue;
        if (!candidate.row.refundId.isEmpty())
            known.insert(candidate.row.refundId);
        if (candidate.parsed.refund) {
            candidate.refunds = {*candidate.parsed.refund};
            known.insert(candidate.parsed.refund->id);
        }
    }
    // Charges second, so that refunds named by refund events help pick their refunds.
    RefundIds fromCharges;
    for (Candidate &candidate : candidates) {
        if (candidate.route && candidate.parsed.charge) {
            candidate.refunds = chargeRefundsFor(operation, *candidate.parsed.charge, known, true);
            for (const ParsedRefund &refund : candidate.refunds)
                fromCharges.insert(refund.id);
        }
    }
    known.unite(fromCharges);

    for (Candidate &candidate : candidates) {
        if (candidate.route)
            continue;
        if (candidate.parsed.refund) {
            if (known.contains(candidate.parsed.refund->id)) {
                candidate.route = MatchRoute::RefundId;
                candidate.refunds = {*candidate.parsed.refund};
            }
        } else if (candidate.parsed.charge) {
            candidate.refunds = chargeRefundsFor(operation, *candidate.parsed.charge, known, false);
            if (!candidate.refunds.empty())
                candidate.route = MatchRoute::RefundId;
        } else if (!candidate.row.refundId.isEmpty() && known.contains(candidate.row.refundId)) {
            candidate.route = MatchRoute::RefundId; // unreadable, tied by the writer's column
        }
    }
}

// At equal times a later stage wins: a refund can fail after succeeding, never the reverse.
int statusRank(RefundStatus status)
{
    switch (status) {
    case RefundStatus::Absent: return 0;
    case RefundStatus::Pending:
    case RefundStatus::RequiresAction: return 1;
    case RefundStatus::Succeeded: return 2;
    case RefundStatus::Failed:
    case RefundStatus::Canceled: return 3;
    }
    return 0;
}

bool isLater(const RefundState &a, const RefundState &b)
{
    return std::make_tuple(a.created, a.receivedAt, statusRank(a.refund.status), a.eventId, a.lookupId)
        > std::make_tuple(b.created, b.receivedAt, statusRank(b.refund.status), b.eventId, b.lookupId);
}

QString money(const ParsedRefund &refund)
{
    return Money::display(refund.amount, refund.currency);
}

QString describeState(const RefundState &state)
{
    const QString status = displayName(state.refund.status);
    return QStringLiteral("%1 %2").arg(state.refund.id, status.isEmpty() ? QCoreApplication::translate("EvidenceAnalyzer", "without a status") : status);
}

std::vector<ConflictReason> findConflicts(const Operation &operation, const std::vector<RefundState> &allStates,
                                          const std::vector<RefundState> &latest)
{
    std::vector<ConflictReason> conflicts;
    if (latest.size() > 1) {
        QStringList states;
        for (const RefundState &state : latest)
            states << describeState(state);
        conflicts.push_back({ConflictReason::Kind::SeveralRefunds,
                             QCoreApplication::translate("EvidenceAnalyzer",
                                                         "%n refunds point at this operation (%1): money may have "
                                                         "moved more than once",
                                                         "a phrase; more phrases may follow after a semicolon",
                                                         int(latest.size()))
                                 .arg(states.join(QStringLiteral(", ")))});
    }
    RefundIds amountReported;
    RefundIds currencyReported;
    for (const RefundState &state : allStates) {
        const ParsedRefund &refund = state.refund;
        if (refund.currency.compare(operation.currency, Qt::CaseInsensitive) != 0) {
            if (!currencyReported.contains(refund.id)) {
                currencyReported.insert(refund.id);
                conflicts.push_back({ConflictReason::Kind::CurrencyDiffers,
                                     QCoreApplication::translate("EvidenceAnalyzer", "refund %1 is in %2 but the operation is in %3 (%4)")
                                         .arg(refund.id, refund.currency.toUpper(), operation.currency.toUpper(), state.source())});
            }
        } else if (refund.amount != operation.amountCents && !amountReported.contains(refund.id)) {
            amountReported.insert(refund.id);
            conflicts.push_back({ConflictReason::Kind::AmountDiffers,
                                 QCoreApplication::translate("EvidenceAnalyzer", "refund %1 is for %2 but the operation is for %3 (%4)")
                                     .arg(refund.id, money(refund),
                                          Money::display(operation.amountCents, operation.currency), state.source())});
        }
    }
    return conflicts;
}

QString sentence(const QString &text)
{
    return QCoreApplication::translate("EvidenceAnalyzer", "%1.", "a sentence made of the phrases in %1")
        .arg(capitalized(text));
}

// What a refund's latest status makes of the operation.
Verdict verdictFor(RefundStatus status)
{
    switch (status) {
    case RefundStatus::Succeeded: return Verdict::Refunded;
    case RefundStatus::Failed:
    case RefundStatus::Canceled: return Verdict::Failed;
    case RefundStatus::Pending:
    case RefundStatus::RequiresAction:
    case RefundStatus::Absent: // a refund exists, so money may move; without a status it is not settled
        return Verdict::Pending;
    }
    return Verdict::Pending;
}

QString clock(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"));
}

const EvidenceLookup *lookupById(const Evidence &evidence, qint64 lookupId)
{
    for (const EvidenceLookup &lookup : evidence.lookups) {
        if (lookup.row.lookupId == lookupId)
            return &lookup;
    }
    return nullptr;
}

QString explainLookupRefund(const RefundState &state, const EvidenceLookup &lookup)
{
    const ParsedRefund &refund = state.refund;
    const QString status = displayName(refund.status);
    return QCoreApplication::translate("EvidenceAnalyzer", "Stripe says refund %1 of %2 has status %3 (lookup %4, asked at %5 by %6).")
        .arg(refund.id, money(refund),
             status.isEmpty() ? QCoreApplication::translate("EvidenceAnalyzer", "without a status") : status,
             QString::number(lookup.row.lookupId), clock(lookup.row.askedAt), lookup.row.operatorName);
}

QString describeOther(const ParsedRefund &refund)
{
    const QString status = displayName(refund.status);
    return QCoreApplication::translate("EvidenceAnalyzer", "%1, %2, %3, created %4", "a refund: id, amount, status, time")
        .arg(refund.id, money(refund),
             status.isEmpty() ? QCoreApplication::translate("EvidenceAnalyzer", "without a status") : status,
             clock(refund.created * 1000));
}

QString explainOtherRefunds(const std::vector<RefundState> &others)
{
    QStringList refunds;
    for (const RefundState &state : others)
        refunds << describeOther(state.refund);
    return QCoreApplication::translate("EvidenceAnalyzer", "Stripe lists %n refund(s) of this payment that no operation of "
                                                           "this store made: %1 (the Dashboard or another tool?).",
                                       nullptr, int(others.size()))
        .arg(refunds.join(QStringLiteral("; ")));
}

QString explainNotFound(const EvidenceLookup &lookup)
{
    if (lookup.byPayment) {
        return QCoreApplication::translate("EvidenceAnalyzer", "Stripe lists no refund of payment %1 (complete, asked at %2 "
                                                               "by %3, lookup %4).")
            .arg(lookup.paymentId, clock(lookup.row.askedAt), lookup.row.operatorName, QString::number(lookup.row.lookupId));
    }
    return QCoreApplication::translate("EvidenceAnalyzer", "Stripe lists no refund for this operation created between %1 and %2 "
                                                           "(asked at %3 by %4, lookup %5).")
        .arg(clock(lookup.row.windowFrom.value_or(0)), clock(lookup.row.windowTo.value_or(0)), clock(lookup.row.askedAt),
             lookup.row.operatorName, QString::number(lookup.row.lookupId));
}

QString explainRefund(const RefundState &state)
{
    const ParsedRefund &refund = state.refund;
    const QString subject = QCoreApplication::translate("EvidenceAnalyzer", "Refund %1 of %2").arg(refund.id, money(refund));
    switch (refund.status) {
    case RefundStatus::Succeeded:
        return QCoreApplication::translate("EvidenceAnalyzer", "%1 succeeded (event %2).").arg(subject, state.eventId);
    case RefundStatus::Failed:
        return refund.failureReason.isEmpty()
            ? QCoreApplication::translate("EvidenceAnalyzer", "%1 failed (event %2).").arg(subject, state.eventId)
            : QCoreApplication::translate("EvidenceAnalyzer", "%1 failed: %2 (event %3).").arg(subject, refund.failureReason, state.eventId);
    case RefundStatus::Canceled:
        return QCoreApplication::translate("EvidenceAnalyzer", "%1 was canceled (event %2).").arg(subject, state.eventId);
    case RefundStatus::Pending:
        return QCoreApplication::translate("EvidenceAnalyzer", "%1 is still pending (event %2); it may yet succeed or fail.").arg(subject, state.eventId);
    case RefundStatus::RequiresAction:
        return QCoreApplication::translate("EvidenceAnalyzer", "%1 requires action from the customer (event %2); it may yet succeed or fail.")
            .arg(subject, state.eventId);
    case RefundStatus::Absent:
        return QCoreApplication::translate("EvidenceAnalyzer", "%1 exists but no event states its status (event %2).").arg(subject, state.eventId);
    }
    return {};
}

QString explainNoRefund(const Evidence &evidence)
{
    // A charge.refunded event without its refunds list names no refund, yet says
    // money left the charge: worth a look in the provider's dashboard.
    const auto charge = std::find_if(evidence.events.cbegin(), evidence.events.cend(), [](const EvidenceEvent &event) {
        return event.parsed.charge && event.parsed.charge->amountRefunded > 0;
    });
    if (charge != evidence.events.cend()) {
        const ParsedCharge &parsed = *charge->parsed.charge;
        return QCoreApplication::translate("EvidenceAnalyzer", "No event names a refund for this operation, but event %1 says charge %2 "
                              "has %3 refunded; look the charge up in the provider's dashboard.")
            .arg(charge->row.eventId, parsed.id, Money::display(parsed.amountRefunded, parsed.currency));
    }
    const int unreadable = evidence.unreadableCount();
    if (unreadable == 0)
        return QCoreApplication::translate("EvidenceAnalyzer", "No event from the provider states a refund for this operation.");
    return QCoreApplication::translate("EvidenceAnalyzer", "No readable event states a refund for this operation; "
                                      "%n matching event(s) could not be read.", nullptr, unreadable);
}

void decide(const Operation &operation, const std::vector<RefundState> &allStates, Evidence &evidence,
            EvidenceAnalyzer::Detail detail)
{
    const bool explain = detail == EvidenceAnalyzer::Detail::Full;
    if (evidence.refunds.size() == 1) {
        evidence.namedRefundId = evidence.refunds.front().refund.id;
        evidence.namedEventId = evidence.refunds.front().eventId;
        evidence.namedLookupId = evidence.refunds.front().lookupId;
    }
    evidence.conflicts = findConflicts(operation, allStates, evidence.refunds);
    // Money the payment lost by another path, beside the operation's own refund: which
    // one is the operation's is for a person to say.
    if (!evidence.refunds.empty()) {
        for (const RefundState &other : evidence.otherRefunds) {
            evidence.conflicts.push_back({ConflictReason::Kind::OtherRefund,
                                          QCoreApplication::translate("EvidenceAnalyzer", "Stripe also lists a refund of this "
                                                                                          "payment that no operation of this "
                                                                                          "store made: %1 (%2)")
                                              .arg(describeOther(other.refund), other.source())});
        }
    }
    if (!evidence.conflicts.empty()) {
        evidence.verdict = Verdict::Conflict;
        if (explain) {
            QStringList reasons;
            for (const ConflictReason &reason : evidence.conflicts)
                reasons << reason.text;
            evidence.explanation = sentence(reasons.join(QCoreApplication::translate("EvidenceAnalyzer", "; ", "between two phrases of a sentence")));
        }
        return;
    }
    if (evidence.refunds.empty() && !evidence.otherRefunds.empty()) {
        evidence.verdict = Verdict::OtherRefund;
        evidence.namedLookupId = evidence.otherRefunds.front().lookupId;
        for (const RefundState &other : evidence.otherRefunds)
            evidence.namedLookupId = std::max(evidence.namedLookupId, other.lookupId);
        if (explain)
            evidence.explanation = explainOtherRefunds(evidence.otherRefunds);
        return;
    }
    if (evidence.refunds.empty()) {
        // The latest listing that shows Stripe has none, if any.
        const auto listing = std::find_if(evidence.lookups.crbegin(), evidence.lookups.crend(),
                                          [](const EvidenceLookup &lookup) { return lookup.findsNoRefund(); });
        if (listing != evidence.lookups.crend()) {
            evidence.verdict = Verdict::NotFound;
            evidence.namedLookupId = listing->row.lookupId;
            if (explain)
                evidence.explanation = explainNotFound(*listing);
            return;
        }
        evidence.verdict = Verdict::None;
        if (explain)
            evidence.explanation = explainNoRefund(evidence);
        return;
    }
    const RefundState &named = evidence.refunds.front();
    evidence.verdict = verdictFor(named.refund.status);
    if (explain) {
        const EvidenceLookup *lookup = named.lookupId > 0 ? lookupById(evidence, named.lookupId) : nullptr;
        evidence.explanation = lookup ? explainLookupRefund(named, *lookup) : explainRefund(named);
    }
}

} // namespace

Evidence EvidenceAnalyzer::analyzeAgain(const Operation &operation, const Evidence &evidence)
{
    std::vector<WebhookEvent> rows;
    for (const EvidenceEvent &event : evidence.events)
        rows.insert(rows.end(), size_t(qMax(1, event.deliveries)), event.row);
    std::vector<ProviderLookup> lookups;
    for (const EvidenceLookup &lookup : evidence.lookups)
        lookups.push_back(lookup.row);
    return analyze(operation, rows, lookups);
}

Evidence EvidenceAnalyzer::analyze(const Operation &operation, const std::vector<WebhookEvent> &rows, Detail detail)
{
    return analyze(operation, rows, {}, detail);
}

Evidence EvidenceAnalyzer::analyze(const Operation &operation, const std::vector<WebhookEvent> &rows,
                                   const std::vector<ProviderLookup> &lookupRows, Detail detail)
{
    std::vector<Candidate> candidates = uniqueCandidates(rows);
    matchCandidates(operation, candidates);

    Evidence evidence;
    std::vector<RefundState> allStates;
    std::map<QString, RefundState> latest;
    for (Candidate &candidate : candidates) {
        if (!candidate.route)
            continue;
        for (const ParsedRefund &refund : candidate.refunds) {
            RefundState state{refund, candidate.row.eventId, createdOf(candidate.row, candidate.parsed), candidate.row.receivedAt};
            allStates.push_back(state);
            auto found = latest.find(refund.id);
            if (found == latest.end())
                latest.emplace(refund.id, state);
            else if (isLater(state, found->second))
                found->second = state;
        }
        evidence.events.push_back({std::move(candidate.row), std::move(candidate.parsed), *candidate.route,
                                   candidate.deliveries, std::move(candidate.refunds)});
    }
    // A lookup states its refunds as of the moment it was asked.
    evidence.lookups = LookupEvidence::readAll(lookupRows);
    for (const EvidenceLookup &lookup : evidence.lookups) {
        for (const ParsedRefund &refund : lookup.refunds) {
            RefundState state{refund, QString(), lookup.row.askedAt / 1000, lookup.row.askedAt, lookup.row.lookupId};
            allStates.push_back(state);
            auto found = latest.find(refund.id);
            if (found == latest.end())
                latest.emplace(refund.id, state);
            else if (isLater(state, found->second))
                found->second = state;
        }
    }
    std::sort(evidence.events.begin(), evidence.events.end(), [](const EvidenceEvent &a, const EvidenceEvent &b) {
        const qint64 createdA = a.created();
        const qint64 createdB = b.created();
        return std::tie(createdA, a.row.receivedAt, a.row.eventId) < std::tie(createdB, b.row.receivedAt, b.row.eventId);
    });
    std::sort(allStates.begin(), allStates.end(), [](const RefundState &a, const RefundState &b) { return isLater(b, a); });
    // Refunds of the payment that no operation of this store made, unless the events or
    // another lookup show them to be the operation's own.
    std::map<QString, RefundState> others;
    for (const EvidenceLookup &lookup : evidence.lookups) {
        for (const ParsedRefund &refund : lookup.otherRefunds) {
            if (latest.count(refund.id) > 0)
                continue;
            RefundState state{refund, QString(), lookup.row.askedAt / 1000, lookup.row.askedAt, lookup.row.lookupId};
            auto found = others.find(refund.id);
            if (found == others.end())
                others.emplace(refund.id, state);
            else if (isLater(state, found->second))
                found->second = state;
        }
    }
    for (auto &[id, state] : others)
        evidence.otherRefunds.push_back(std::move(state));
    for (auto &[id, state] : latest)
        evidence.refunds.push_back(std::move(state));

    decide(operation, allStates, evidence, detail);
    return evidence;
}

} // namespace RefundDesk
