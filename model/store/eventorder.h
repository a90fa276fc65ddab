#pragma once

#include "domain/webhookevent.h"

namespace RefundDesk::Internal {

// The order an operation's candidate events come in on every backend: by created, then
// received_at, then event_id; no created first; ids by their UTF-8 bytes (as SQLite and
// a "C" collation sort them).
inline bool eventOrder(const WebhookEvent &a, const WebhookEvent &b)
{
    if (a.created != b.created)
        return !a.created || (b.created && *a.created < *b.created);
    if (a.receivedAt != b.receivedAt)
        return a.receivedAt < b.receivedAt;
    return a.eventId.toUtf8() < b.eventId.toUtf8();
}

} // namespace RefundDesk::Internal
