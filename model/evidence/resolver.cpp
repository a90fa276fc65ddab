#include "evidence/resolver.h"

#include "domain/money.h"
#include "evidence/evidenceanalyzer.h"
#include "store/store.h"

#include <QCoreApplication>

namespace RefundDesk {

namespace {

QString describeNamedRefund(const Evidence &evidence)
{
    const RefundState *state = evidence.namedRefund();
    if (!state)
        return QCoreApplication::translate("Resolver", "the refund");
    QString text = QCoreApplication::translate("Resolver", "%1 says refund %2 of %3 ")
                       .arg(state->source(), state->refund.id, Money::format(state->refund.amount, state->refund.currency));
    const QString status = displayName(state->refund.status);
    text += status.isEmpty() ? QCoreApplication::translate("Resolver", "has no status yet") : QCoreApplication::translate("Resolver", "has status %1").arg(status);
    if (!state->refund.failureReason.isEmpty())
        text += QStringLiteral(" (%1)").arg(state->refund.failureReason);
    return text;
}

} // namespace

Resolver::Resolver(Store &store)
    : m_store(store)
{
}

std::optional<Error> Resolver::checkDraft(const ResolutionDraft &draft)
{
    if (draft.operatorName.trimmed().isEmpty())
        return Error::refused(QCoreApplication::translate("Resolver", "The operator name is empty. Say who records this decision (--operator NAME)."));
    if (draft.evidence.trimmed().isEmpty())
        return Error::refused(QCoreApplication::translate("Resolver", "The evidence is empty. Say where the outcome was confirmed "
                                             "(e.g. webhook:evt_..., dashboard, provider_support:CASE)."));
    if (draft.outcome == Outcome::Refunded && draft.refundId.trimmed().isEmpty())
        return Error::refused(QCoreApplication::translate("Resolver", "A refunded outcome needs the provider's refund id (--refund-id re_...)."));
    if (draft.outcome == Outcome::Failed && !draft.refundId.trimmed().isEmpty())
        return Error::refused(QCoreApplication::translate("Resolver", "A failed outcome carries no refund id; leave --refund-id out."));
    if (draft.overridesEvidence && draft.note.trimmed().isEmpty())
        return Error::refused(QCoreApplication::translate("Resolver", "Overriding the evidence needs a note that says why (--note TEXT)."));
    return std::nullopt;
}

std::optional<QString> Resolver::contradiction(const Evidence &evidence, const ResolutionDraft &draft)
{
    const QString outcome = displayName(draft.outcome);
    switch (evidence.verdict) {
    case Verdict::Conflict:
        return QCoreApplication::translate("Resolver", "The evidence is in conflict, so no outcome can be recorded without an override: %1")
            .arg(evidence.explanation);
    case Verdict::Failed:
        if (draft.outcome == Outcome::Refunded)
            return QCoreApplication::translate("Resolver", "%1, so recording %2 contradicts it.").arg(capitalized(describeNamedRefund(evidence)), outcome);
        break;
    case Verdict::Refunded:
    case Verdict::Pending:
        if (draft.outcome == Outcome::Failed) {
            const QString why = evidence.verdict == Verdict::Pending ? QCoreApplication::translate("Resolver", "; it may still succeed") : QString();
            return QCoreApplication::translate("Resolver", "%1%2, so recording %3 contradicts it.")
                .arg(capitalized(describeNamedRefund(evidence)), why, outcome);
        }
        break;
    case Verdict::NotFound:
        if (draft.outcome == Outcome::Refunded)
            return QCoreApplication::translate("Resolver", "%1 So recording %2 contradicts it.").arg(evidence.explanation, outcome);
        break;
    case Verdict::OtherRefund:
        // Whether that money is this operation's refund, or something else entirely, is
        // for a person to find out; either outcome is theirs to record, with a note.
        return QCoreApplication::translate("Resolver", "%1 Whether it is this operation's refund is for a person to say, so "
                                                       "no outcome can be recorded without an override.")
            .arg(evidence.explanation);
    case Verdict::None:
        break;
    }
    if (draft.outcome == Outcome::Refunded && !evidence.namedRefundId.isEmpty()
        && draft.refundId.trimmed() != evidence.namedRefundId) {
        const RefundState *named = evidence.namedRefund();
        return QCoreApplication::translate("Resolver", "The evidence names refund %1 (%2), not %3.")
            .arg(evidence.namedRefundId, named ? named->source() : evidence.namedEventId, draft.refundId.trimmed());
    }
    return std::nullopt;
}

Result<Evidence> Resolver::evidenceFor(const Operation &operation)
{
    auto candidates = m_store.candidateEvents(operation);
    if (!candidates)
        return candidates.error();
    auto lookups = m_store.providerLookups(operation.operationId);
    if (!lookups)
        return lookups.error();
    return EvidenceAnalyzer::analyze(operation, *candidates, *lookups);
}

namespace {

std::optional<Error> refuseEmptyOperator(const QString &operatorName)
{
    if (!operatorName.trimmed().isEmpty())
        return std::nullopt;
    return Error::refused(QCoreApplication::translate("Resolver", "The operator name is empty. Say who is acting (--operator NAME)."));
}

} // namespace

Result<Operation> Resolver::claim(const Operation &seen, const QString &operatorName, bool takeOver)
{
    if (auto error = refuseEmptyOperator(operatorName))
        return *error;
    return m_store.claim(seen.operationId, SeenState::of(seen), operatorName.trimmed(), takeOver);
}

Result<Operation> Resolver::release(const Operation &seen, const QString &operatorName)
{
    if (auto error = refuseEmptyOperator(operatorName))
        return *error;
    return m_store.release(seen.operationId, SeenState::of(seen), operatorName.trimmed());
}

Result<Resolution> Resolver::resolve(const ResolutionDraft &draft, const SeenState &seen)
{
    return resolveChecked(draft, seen, std::nullopt);
}

Result<Resolution> Resolver::resolveAsReviewed(const ResolutionDraft &draft, const SeenState &seen,
                                               const ReviewedEvidence &reviewed)
{
    return resolveChecked(draft, seen, reviewed);
}

Result<ResolutionDraft> Resolver::checkAgainst(const Evidence &evidence, const ResolutionDraft &draft,
                                              const std::optional<ReviewedEvidence> &reviewed)
{
    if (reviewed
        && (evidence.verdict != reviewed->verdict || evidence.namedRefundId != reviewed->refundId
            || evidence.namedEventId != reviewed->eventId || evidence.namedLookupId != reviewed->lookupId)) {
        return Error::conflict(QCoreApplication::translate("Resolver", "The evidence of %1 changed since it was reviewed: "
                                                                       "it was %2 (refund %3, event %4) and is now %5. "
                                                                       "Nothing was recorded; review it again.")
                                   .arg(draft.operationId, displayName(reviewed->verdict), reviewed->refundId,
                                        reviewed->eventId, displayName(evidence.verdict)));
    }

    ResolutionDraft checked = draft;
    checked.overridesEvidence = false;
    if (const auto reason = contradiction(evidence, draft)) {
        if (!draft.overridesEvidence) {
            return Error::refused(QCoreApplication::translate("Resolver", "%1 To record it anyway, override the evidence "
                                                 "(--override-evidence) with a note saying why (--note TEXT).")
                                      .arg(*reason));
        }
        checked.overridesEvidence = true;
    }
    return checked;
}

Result<Resolution> Resolver::resolveChecked(const ResolutionDraft &draft, const SeenState &seen,
                                            const std::optional<ReviewedEvidence> &reviewed)
{
    if (auto error = checkDraft(draft))
        return *error;

    // The operation and its events, read together (one round trip on a server).
    auto reading = m_store.operationReading(draft.operationId);
    if (!reading)
        return reading.error();
    const std::optional<Operation> &operation = reading->operation;
    // The operation's state comes before the evidence: a decision that can no longer be
    // made (the operation is missing, changed since it was seen, decided or closed, or held
    // by a colleague) is a conflict whatever the evidence says, override or not. The store
    // checks the same state in its transaction, refuses, and says who decided what and when.
    if (!operation || !seen.matches(*operation) || !operation->canBeDecidedBy(draft.operatorName))
        return m_store.recordResolution(draft, seen);

    const Evidence evidence = EvidenceAnalyzer::analyze(*operation, reading->candidates, reading->lookups);
    auto checked = checkAgainst(evidence, draft, reviewed);
    if (!checked)
        return checked.error();
    return m_store.recordResolution(*checked, seen);
}

} // namespace RefundDesk
