#pragma once

#include "domain/webhookevent.h"

#include <QByteArray>
#include <QString>

namespace RefundDesk {

// The rows a whole-store copy reads and writes beyond the domain's own types.

// One store_meta row.
struct MetaEntry
{
    QString key;
    QString value;
};

// The primary key of a refund_attempts row: where the next page of attempts starts.
struct AttemptKey
{
    QString operationId;
    int attemptNo = 0;
};

// A webhook_events row as stored. The payload is kept as its bytes, untouched: they may not
// parse, nor even be UTF-8, and a copy must keep them all the same. event.payload is left
// empty; the other columns are in `event`.
struct StoredEvent
{
    WebhookEvent event;
    QByteArray payload;
};

// How many rows each table holds (store_meta as Store::metaEntries() reads it).
struct TableCounts
{
    qint64 meta = 0;
    qint64 operations = 0;
    qint64 attempts = 0;
    qint64 events = 0;
    qint64 resolutions = 0;
    qint64 notes = 0;   // schema version 2
    qint64 lookups = 0; // schema version 2
    qint64 bodies = 0;  // schema version 3

    qint64 total() const { return meta + operations + attempts + events + resolutions + notes + lookups + bodies; }
    bool operator==(const TableCounts &other) const = default;
};

} // namespace RefundDesk
