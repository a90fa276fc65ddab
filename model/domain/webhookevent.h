#pragma once

#include <QString>

#include <optional>

namespace RefundDesk {

// One row of webhook_events, as the webhook receiver stored it. The payload is the raw
// text as delivered; the three indexed columns are null where the writer could not fill
// them. Parsing the payload is the evidence layer's job.
struct WebhookEvent
{
    QString eventId;
    QString type;
    std::optional<qint64> created; // provider time, seconds
    qint64 receivedAt = 0;         // milliseconds
    QString payload;
    QString operationId;
    QString idempotencyKey;
    QString refundId;
    // False when the stored payload bytes are not valid UTF-8: the text above then holds
    // replacement characters, and the evidence layer must not trust it.
    bool payloadIsValidUtf8 = true;
};

} // namespace RefundDesk
