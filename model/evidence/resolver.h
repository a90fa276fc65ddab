#pragma once

#include "domain/operation.h"
#include "domain/resolution.h"
#include "domain/result.h"
#include "evidence/evidence.h"

#include <QString>

#include <optional>

namespace RefundDesk {

class Store;

// The one door through which an operator's action reaches the store, for the command line
// and the console alike. It applies the rules (DESIGN.md, "The rules" and "Evidence"), then
// asks the store to write atomically against the state the operator saw.
class Resolver final
{
public:
    explicit Resolver(Store &store);

    // In this order: Refused (exit 5) when the draft itself is incomplete (checkDraft);
    // Conflict (exit 4) when the operation changed since `seen`, is no longer unknown or
    // checking, or is held by a colleague, whatever the evidence says and with or without
    // an override; only then Refused (exit 5) when the evidence contradicts the outcome.
    // StoreUnavailable (exit 3) when the store cannot be written.
    // The evidence is read again here, so a decision is judged by the events as they are
    // at the moment of writing. overrides_evidence is recorded as 1 exactly when the
    // draft overrides a contradiction (with its note); an override flag with nothing
    // to override is recorded as 0.
    Result<Resolution> resolve(const ResolutionDraft &draft, const SeenState &seen);

    // What a decision recorded from reviewed evidence was judged on: the verdict, and the
    // refund and event it named.
    struct ReviewedEvidence
    {
        Verdict verdict = Verdict::None;
        QString refundId;
        QString eventId;
        qint64 lookupId = 0; // the provider lookup it rested on, or 0
    };
    // resolve(), and also Conflict (exit 4) when the evidence read at the moment of writing
    // no longer gives the reviewed verdict, refund and event: nothing is recorded on
    // evidence that changed since it was reviewed.
    Result<Resolution> resolveAsReviewed(const ResolutionDraft &draft, const SeenState &seen,
                                         const ReviewedEvidence &reviewed);

    // unknown -> checking by the operator; with takeOver also from a colleague's claim.
    Result<Operation> claim(const Operation &seen, const QString &operatorName, bool takeOver);
    // checking by the operator -> unknown.
    Result<Operation> release(const Operation &seen, const QString &operatorName);

    // The operation's evidence as the rules see it: its candidate events, analysed.
    Result<Evidence> evidenceFor(const Operation &operation);

    // The rules that need no store: a non-empty operator and evidence, a refund id for
    // refunded, a note with an override. Empty when the draft passes them.
    static std::optional<Error> checkDraft(const ResolutionDraft &draft);

    // Why recording `draft` would contradict `evidence`, naming the events; empty when it
    // does not: refunded while the verdict is failed; failed while it is refunded or
    // pending; refunded while it is not_found; a refund id other than the one the
    // evidence names; anything in conflict or other_refund.
    // The console asks this before writing; resolve() asks it again.
    static std::optional<QString> contradiction(const Evidence &evidence, const ResolutionDraft &draft);

    // The draft as it may be recorded on `evidence` (read at the moment of writing): a
    // Conflict when the evidence no longer gives what was `reviewed`, Refused when it
    // contradicts the outcome without an override; overridesEvidence set exactly when the
    // draft overrides a contradiction. What resolve() and a batch's slices both apply.
    static Result<ResolutionDraft> checkAgainst(const Evidence &evidence, const ResolutionDraft &draft,
                                                const std::optional<ReviewedEvidence> &reviewed);

private:
    Result<Resolution> resolveChecked(const ResolutionDraft &draft, const SeenState &seen,
                                      const std::optional<ReviewedEvidence> &reviewed);

    Store &m_store;
};

} // namespace RefundDesk
