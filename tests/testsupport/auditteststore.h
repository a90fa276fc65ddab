#pragma once

// Builds audit logs for the audit tests: a TestStore plus resolutions appended by explicit
// SQL with their chain fields computed from the canonical form, the way any correct
// writer of the store would.

#include "teststore.h"

#include "domain/auditchain.h"
#include "domain/resolution.h"

#include <QString>

namespace RefundDesk::Test {

inline QString sqlLiteral(const QString &text)
{
    if (text.isNull())
        return QStringLiteral("NULL");
    return u'\'' + QString(text).replace(u'\'', QStringLiteral("''")) + u'\'';
}

class AuditTestStore final
{
public:
    explicit AuditTestStore(const QString &path) : m_store(path) {}

    TestStore &store() { return m_store; }
    bool isValid() const { return m_store.isValid(); }
    QString lastError() const { return m_store.lastError(); }
    QString headHash() const { return m_lastHash; }

    // Appends a resolution: id, prev_hash and hash are filled in. Also moves the operation
    // to the outcome, as Refund Desk's one transaction does.
    bool addResolution(Resolution r, bool updateOperation = true)
    {
        r.resolutionId = m_nextId;
        r.prevHash = m_lastHash;
        r.hash = AuditChain::hashOf(r);
        const QString insert =
            QStringLiteral("INSERT INTO resolutions (resolution_id, operation_id, outcome, refund_id, evidence, note, "
                           "operator, recorded_at, previous_status, overrides_evidence, prev_hash, hash) VALUES "
                           "(%1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12)")
                .arg(r.resolutionId)
                .arg(sqlLiteral(r.operationId), sqlLiteral(toString(r.outcome)), sqlLiteral(r.refundId),
                     sqlLiteral(r.evidence), sqlLiteral(r.note), sqlLiteral(r.operatorName))
                .arg(r.recordedAt)
                .arg(sqlLiteral(toString(r.previousStatus)))
                .arg(r.overridesEvidence ? 1 : 0)
                .arg(sqlLiteral(r.prevHash), sqlLiteral(r.hash));
        if (!m_store.exec(insert))
            return false;
        if (updateOperation) {
            const QString update =
                QStringLiteral("UPDATE refund_ops SET status = %1, refund_id = %2, claimed_by = NULL, "
                               "claimed_at = NULL, updated_at = %3, version = version + 1 WHERE operation_id = %4")
                    .arg(sqlLiteral(toString(r.outcome)), sqlLiteral(r.refundId))
                    .arg(r.recordedAt)
                    .arg(sqlLiteral(r.operationId));
            if (!m_store.exec(update))
                return false;
        }
        m_lastHash = r.hash;
        ++m_nextId;
        return true;
    }

    // An operation in unknown, resolved with `outcome` by `operatorName` at `at`.
    bool addResolved(const QString &operationId, Outcome outcome, const QString &operatorName, qint64 at,
                     bool overrides = false, const QString &note = QString(), qint64 amountCents = 3800,
                     const QString &currency = QStringLiteral("usd"))
    {
        Operation o = TestStore::operation(operationId, OperationStatus::Unknown, at - 3'600'000);
        o.amountCents = amountCents;
        o.currency = currency;
        if (!m_store.addOperation(o))
            return false;
        Resolution r;
        r.operationId = operationId;
        r.outcome = outcome;
        r.refundId = outcome == Outcome::Refunded ? QStringLiteral("re_") + operationId : QString();
        r.evidence = outcome == Outcome::Refunded ? QStringLiteral("webhook:evt_") + operationId
                                                  : QStringLiteral("dashboard");
        r.note = note;
        r.operatorName = operatorName;
        r.recordedAt = at;
        r.previousStatus = OperationStatus::Checking;
        r.overridesEvidence = overrides;
        return addResolution(r);
    }

private:
    TestStore m_store;
    QString m_lastHash = AuditChain::genesisHash();
    qint64 m_nextId = 1;
};

} // namespace RefundDesk::Test
