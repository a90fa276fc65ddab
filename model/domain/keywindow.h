#pragma once

#include "domain/operation.h"

#include <QString>

namespace RefundDesk {

// How long the provider remembers an operation's idempotency key. While the window is
// open a retry with the same key would be answered from the provider's memory; once it
// has closed, the key no longer protects against a second refund.
class KeyWindow final
{
public:
    KeyWindow(const Operation &operation, int retentionHours);

    qint64 expiresAt() const { return m_expiresAt; }
    bool isOpenAt(qint64 nowMs) const { return nowMs < m_expiresAt; }
    // "5 h 12 min left", "40 min left" or "closed".
    QString describeAt(qint64 nowMs) const;

private:
    qint64 m_expiresAt = 0;
};

} // namespace RefundDesk
