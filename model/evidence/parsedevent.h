#pragma once

#include <QString>

#include <optional>
#include <vector>

namespace RefundDesk {

// A Stripe refund's status. Absent when the provider sent none (Stripe allows null).
enum class RefundStatus { Absent, Pending, RequiresAction, Succeeded, Failed, Canceled };

QString toString(RefundStatus status); // Stripe's spelling; empty for Absent
// The status as the console shows it, in the language of the run; empty for Absent.
QString displayName(RefundStatus status);
std::optional<RefundStatus> refundStatusFromString(const QString &text);

// The fields of a Stripe refund object that the evidence needs. Optional text is empty
// when the provider sent null or nothing.
struct ParsedRefund
{
    QString id;              // re_...
    qint64 amount = 0;       // minor units
    QString currency;        // lower case
    RefundStatus status = RefundStatus::Absent;
    QString failureReason;
    QString operationId;     // metadata.operation_id
    QString chargeId;
    QString paymentIntentId;
    qint64 created = 0;      // seconds; set where a lookup's listing states it, else 0
};

// The charge object of a charge.refunded event.
struct ParsedCharge
{
    QString id;              // ch_...
    qint64 amount = 0;
    qint64 amountRefunded = 0;
    QString currency;
    QString operationId;     // metadata.operation_id
    bool refundsListed = false; // newer API versions leave charge.refunds out
    std::vector<ParsedRefund> refunds;
};

// One webhook payload as the evidence layer reads it. An unreadable event keeps what
// could be read of its envelope (for showing it) and says why it could not be used.
struct ParsedEvent
{
    bool readable = false;
    QString unreadableReason;

    QString id;              // evt_...
    QString type;            // refund.updated, charge.refunded, ...
    qint64 created = 0;      // provider time, seconds
    QString objectType;      // data.object.object: refund, charge, ...
    QString requestId;
    QString idempotencyKey;

    std::optional<ParsedRefund> refund; // when data.object is a refund
    std::optional<ParsedCharge> charge; // when data.object is a charge

    // metadata.operation_id of data.object, whichever kind it is.
    QString operationId() const;
    // The refunds this payload states: the refund itself, or those a charge lists.
    std::vector<ParsedRefund> statedRefunds() const;
};

// What a writer stores beside the raw payload (DESIGN.md, "webhook_events"): read
// leniently, each field filled only where the payload has it with the right type.
struct IndexColumns
{
    QString eventId;
    QString type;
    std::optional<qint64> created;
    QString operationId;    // data.object.metadata.operation_id
    QString idempotencyKey; // request.idempotency_key
    QString refundId;       // data.object.id when data.object.object is "refund"
};

// One payload read once: the columns for storing it and the event for judging it.
struct PayloadReading
{
    bool isJsonObject = false; // false: the columns are empty, jsonError says why
    QString jsonError;
    IndexColumns columns;
    ParsedEvent event;
};

} // namespace RefundDesk
