#pragma once

#include "domain/providerlookup.h"
#include "domain/webhookevent.h"
#include "evidence/parsedevent.h"

#include <QString>

#include <optional>
#include <vector>

namespace RefundDesk {

// What the provider's events and lookups, taken together, say about an operation
// (DESIGN.md, "Evidence"). NotFound: a complete listing of Stripe's refunds (of the
// operation's payment, or in its window) found none of its own, and none of the payment
// that no operation of this store made. OtherRefund: the payment's listing holds a refund
// that no operation of this store made, and the operation has none of its own.
enum class Verdict { None, Refunded, Failed, Pending, Conflict, NotFound, OtherRefund };

QString toString(Verdict verdict);
// The verdict as the console shows it, in the language of the run; toString() is the token.
QString displayName(Verdict verdict);
std::optional<Verdict> verdictFromString(const QString &text);

// Which route tied an event to the operation.
enum class MatchRoute { Metadata, IdempotencyKey, RefundId };

QString toString(MatchRoute route); // metadata, idempotency_key, refund_id
QString displayName(MatchRoute route);

// `text` with its first letter in upper case: explanations are built from phrases.
QString capitalized(QString text);

// One event shown next to an operation, once however often it was delivered.
// Provider time of an event in seconds: the payload's when readable, else the writer's
// column. The order events are judged and shown in.
qint64 createdOf(const WebhookEvent &row, const ParsedEvent &parsed);

struct EvidenceEvent
{
    WebhookEvent row;
    ParsedEvent parsed;
    MatchRoute matchedBy = MatchRoute::Metadata;
    int deliveries = 1; // how many times the candidates held this event id
    // The refunds this event states about the operation (for a charge event, those of
    // its refunds that belong to the operation).
    std::vector<ParsedRefund> refunds;

    bool readable() const { return parsed.readable; }
    // Provider time in seconds: the payload's when readable, else the writer's column.
    qint64 created() const { return createdOf(row, parsed); }
    // The refund to show on this event's row: the first it states, if any.
    const ParsedRefund *refund() const { return refunds.empty() ? nullptr : &refunds.front(); }
};

// A provider lookup as the verdict reads it: what Stripe answered, taken from the
// record's result.
struct EvidenceLookup
{
    ProviderLookup row;
    bool complete = false; // the listing (or every retrieval) finished
    bool listed = false;   // the refunds of a window were listed (not retrieved by id)
    bool byPayment = false; // the refunds of the operation's payment were listed
    QString route;          // payment_intent, charge, refund_ids, window; empty on older records
    QString paymentId;      // by the payment: the payment listed
    std::optional<qint64> quietSince; // by the payment: when the attempts ended (ms)
    std::vector<ParsedRefund> refunds; // the operation's own
    // By the payment: its refunds that no operation of this store made, and those of the
    // store's other operations (theirs, saying nothing against this one).
    std::vector<ParsedRefund> otherRefunds;
    std::vector<ParsedRefund> otherOperations;

    // What a decision made on it names: stripe_lookup:ID:sha256:HEX.
    QString evidenceText() const;
    // Whether it shows that Stripe has no refund for the operation: a complete listing
    // that found none (by the payment: none of its own and none that no operation of this
    // store made), asked at least 10 minutes after the last attempt ended.
    bool findsNoRefund() const;
};

// A refund's latest state, and the event (or provider lookup) that states it.
struct RefundState
{
    ParsedRefund refund;
    QString eventId;       // empty when a lookup states it
    qint64 created = 0;    // seconds
    qint64 receivedAt = 0; // milliseconds
    qint64 lookupId = 0;   // the provider lookup that states it, or 0

    // "event evt_…" or "Stripe lookup 17", in the language of the run.
    QString source() const;
};

// Why the evidence is in conflict.
struct ConflictReason
{
    enum class Kind { SeveralRefunds, AmountDiffers, CurrencyDiffers, OtherRefund };
    Kind kind = Kind::SeveralRefunds;
    QString text;
};

struct Evidence
{
    Verdict verdict = Verdict::None;
    std::vector<EvidenceEvent> events;         // oldest first (created, then received_at)
    std::vector<EvidenceLookup> lookups;       // in lookup_id order
    std::vector<RefundState> refunds;          // each refund id's latest state, by refund id
    // Refunds of the operation's payment that no operation of this store made, each as the
    // latest lookup that lists it states it (by refund id).
    std::vector<RefundState> otherRefunds;
    std::vector<ConflictReason> conflicts;     // empty unless verdict is Conflict
    QString explanation;                       // one sentence for a banner
    QString namedRefundId;                     // the refund the evidence names, when exactly one
    QString namedEventId;                      // the event that states its latest state
    // The lookup the verdict rests on when a lookup states the named refund's latest
    // state, or the verdict is NotFound or OtherRefund; else null.
    const EvidenceLookup *namedLookup() const;
    qint64 namedLookupId = 0;

    int unreadableCount() const;
    const RefundState *namedRefund() const;
    // What to pre-fill as the resolution's evidence: webhook:evt_...,
    // stripe_lookup:ID:sha256:HEX, or empty.
    QString suggestedEvidenceText() const;
};

} // namespace RefundDesk
