#pragma once

#include "domain/result.h"

#include <QString>

#include <optional>

namespace RefundDesk {

class Store;

// A lease kept in one store_meta row, so that one program at a time does a job on a store
// (the reconciler's pass): "EXPIRES_MS HOLDER". Taken, renewed and released by
// compare-and-set (Store::replaceMeta), which works alike on SQLite and on PostgreSQL and,
// unlike a session's advisory lock, through a transaction pooler. A holder that dies keeps
// it only until it expires; a live one renews it well before. The clock is the caller's
// (`nowMs`), so that a test drives it.
class StoreLease final
{
public:
    struct Holder
    {
        QString id;
        qint64 expiresAtMs = 0;
    };

    StoreLease(Store &store, QString key, QString holderId, qint64 lengthMs);

    // Takes the lease when nobody holds it, its holder let it expire or it is this one's
    // already. Nothing when taken; else who holds it.
    Result<std::optional<Holder>> take(qint64 nowMs);
    // Moves this one's expiry on; false when the lease is no longer this one's (it expired
    // and was taken).
    Result<bool> renew(qint64 nowMs);
    // Gives it up, if it is still this one's.
    Result<void> release();

    bool isHeld() const { return !m_value.isEmpty(); }
    const QString &holderId() const { return m_holderId; }
    qint64 lengthMs() const { return m_lengthMs; }

    // What a row's value says; nothing when it holds no lease (released, or unreadable).
    static std::optional<Holder> parse(const QString &value);

private:
    QString valueUntil(qint64 expiresAtMs) const;

    Store &m_store;
    QString m_key;
    QString m_holderId;
    qint64 m_lengthMs = 0;
    QString m_value; // what this one last wrote; empty when it does not hold the lease
};

} // namespace RefundDesk
