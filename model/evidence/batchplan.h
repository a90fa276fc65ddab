#pragma once

#include "domain/operation.h"
#include "domain/resolution.h"
#include "domain/result.h"
#include "evidence/evidence.h"
#include "store/queuepagereading.h"

#include <QDate>
#include <QSet>
#include <QString>

#include <optional>
#include <variant>
#include <vector>

namespace RefundDesk {

class Store;

// The outcome a verdict settles by itself, or nothing when a person must decide. The one
// place that says which verdicts a batch may record.
std::optional<Outcome> outcomeSettledBy(Verdict verdict);

// One operation the evidence settles: what will be recorded, and what it rests on.
struct BatchCandidate
{
    Operation seen; // the operation as reviewed; the write is checked against it
    Verdict verdict = Verdict::None;
    Outcome outcome = Outcome::Failed;
    QString refundId; // the refund the evidence names
    QString eventId;  // the event that states its final status, or empty
    qint64 lookupId = 0;  // or the provider lookup that does (not_found: the listing), or 0
    QString lookupSha256; // that lookup's stored answer's SHA-256
    // The operation's latest note when planned (0: none): a note written after it refuses
    // the decision at its commit. Its first line is shown with the plan.
    qint64 latestNoteId = 0;
    QString latestNote;

    // webhook:evt_… or stripe_lookup:ID:sha256:HEX
    QString evidenceText() const
    {
        return lookupId > 0 ? QStringLiteral("stripe_lookup:%1:sha256:%2").arg(lookupId).arg(lookupSha256)
                            : QStringLiteral("webhook:") + eventId;
    }
    // evt_… or "Stripe lookup ID", in the language of the run, for a list.
    QString sourceText() const;
};

// Why an operation in the queue is not in the batch.
enum class LeftOutReason {
    NotAsked,         // its verdict settles it, but not one of those asked for
    NoEvidence,       // verdict none
    Pending,          // the refund's latest status is not final
    Conflict,         // the events disagree
    NoNamedEvent,     // the verdict names no single refund and event to rest on
    OverrideNeeded,   // recording the verdict would contradict the evidence
    ClaimedByOther,   // a colleague holds it
    NoteSinceEvidence, // a note was written after the evidence the decision would rest on
    FollowUpToCome,    // a note set a follow-up date still to come
    OtherRefund,       // Stripe lists a refund of its payment that no operation of the store made
    LeftOutByReviewer, // eligible, but the person who reviewed the batch unticked it
};

namespace Names {
QString toString(LeftOutReason reason); // a token: not_asked, no_evidence, pending, ...
// Why it was left out, as a short phrase in the language of the run; with the claim's
// holder for ClaimedByOther.
QString describe(LeftOutReason reason, const Operation &operation);
} // namespace Names
using namespace Names;

struct BatchLeftOut
{
    Operation operation;
    Verdict verdict = Verdict::None;
    LeftOutReason reason = LeftOutReason::NoEvidence;
    QString note;      // NoteSinceEvidence, FollowUpToCome: the note's first line
    QDate followUpOn;  // FollowUpToCome: its date
};

namespace Names {
// Why it was left out, as a short phrase in the language of the run, with the note that
// holds it out ("a note since the evidence: …", "follow-up on 2026-12-24: …").
QString describe(const BatchLeftOut &left);
} // namespace Names

// Count and sum of the candidates of one outcome in one currency.
struct BatchTotal
{
    Outcome outcome = Outcome::Failed;
    QString currency;
    qint64 count = 0;
    qint64 amountCents = 0;
};

struct BatchPlan
{
    QString operatorName;
    std::vector<BatchCandidate> eligible; // in queue order
    std::vector<BatchLeftOut> leftOut;    // in queue order, then those the reviewer left out

    // By outcome (refunded first), then currency.
    std::vector<BatchTotal> totals() const;
    // The plan as reviewed: the candidates in `operationIds` move to the left-out ones,
    // LeftOutReason::LeftOutByReviewer, so that nothing records them.
    BatchPlan leavingOut(const QSet<QString> &operationIds) const;
    // The operations the reviewer left out (LeftOutReason::LeftOutByReviewer).
    std::vector<BatchLeftOut> leftOutByReviewer() const;
};

// What to plan over.
struct BatchRequest
{
    QString operatorName; // who will record it; on a store that records its login, that login
    // The verdicts asked for (empty: every verdict that settles an outcome).
    std::vector<Verdict> verdicts;
    // Only these operations (empty: the whole queue).
    QSet<QString> operationIds;
    // At most this many eligible (0: no limit); the rest of the queue is not read.
    qint64 limit = 0;
};

// Reads the queue with the events behind each verdict, as `queue --json` does, and splits
// it into what the evidence settles and what it leaves to a person. Reads only.
class BatchPlanner final
{
public:
    static constexpr int PageSize = 500;

    static Result<BatchPlan> plan(Store &store, const BatchRequest &request);

    // One operation's place in a batch: a candidate, or left out with the reason. `notes`
    // is the row's detail as the queue reads it: its latest note and the follow-up still
    // to come (after today) that it waits for.
    static std::variant<BatchCandidate, BatchLeftOut> judge(const Operation &operation, const Evidence &evidence,
                                                            const BatchRequest &request, const QueueRowDetail &notes);

    // When the evidence a candidate would rest on reached the store (milliseconds): the
    // named event's arrival, or when the named lookup was asked.
    static qint64 evidenceTime(const Evidence &evidence);
};

} // namespace RefundDesk
