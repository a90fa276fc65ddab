// PgStore's writes: events, claims, releases and decisions, each one transaction that
// locks the operation's row before re-checking the state the operator saw.
#include "store/postgresql/pgstore.h"

#include "domain/auditchain.h"
#include "store/postgresql/pgconnection.h"
#include "store/postgresql/pgresult.h"
#include "store/postgresql/pgrows.h"
#include "store/postgresql/pgtransaction.h"
#include "store/storetext.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QThread>

namespace RefundDesk::Internal {

namespace {

// The key of the advisory lock that serialises appends to the audit chain ("rdchain").
constexpr qint64 ChainLockKey = 0x7264636861696e;

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

} // namespace

// ---- Writes ----

std::optional<Error> PgStore::refuseWrite() const
{
    if (m_snapshotDepth > 0)
        return Error::internal(QCoreApplication::translate("Store", "A change to %1 was asked for while a read snapshot of it is open. "
                                              "Nothing was written. Close the snapshot first.").arg(location()));
    if (!m_readOnly)
        return std::nullopt;
    if (m_connection->isStandby())
        return StandbyStatus::writeRefusal(location());
    return Error::unavailable(QCoreApplication::translate("Store", "%1 is open read-only, so nothing can be recorded in it. %2")
                                  .arg(location(), m_openNote.isEmpty()
                                                       ? QCoreApplication::translate("Store", "Open it without --read-only.")
                                                       : m_openNote));
}

Result<QString> PgStore::operatorFor(const QString &requested, const QString &doing) const
{
    const QString login = m_connection->sessionUser();
    const QString name = requested.trimmed();
    if (!name.isEmpty() && name != login)
        return Error::refused(QCoreApplication::translate("Store", "On PostgreSQL the operator recorded is the database login: you are "
                                             "logged in as %1, so %2 cannot be recorded as %3. Nothing was written. "
                                             "Log in as %3, or leave the operator name out.")
                                  .arg(login, doing, name));
    return login;
}

Error PgStore::describeChange(const Operation &current)
{
    std::optional<Resolution> last;
    if (current.status == OperationStatus::Refunded || current.status == OperationStatus::Failed) {
        static const QByteArray sql = QByteArray("SELECT ") + ResolutionColumns
            + " FROM resolutions WHERE operation_id = $1 ORDER BY resolution_id DESC LIMIT 1";
        PgResult found = m_connection->exec(sql, PgParams().add(current.operationId));
        if (found.isOk() && found.rows() == 1)
            last = resolutionFrom(found, 0);
    }
    return conflictFor(current, last);
}

Result<Operation> PgStore::lockedForWrite(const QString &operationId, const SeenState &seen)
{
    // The row lock: a concurrent write of the same operation waits here until this
    // transaction ends, and then reads the row as that one left it.
    static const QByteArray sql = QByteArray("SELECT ") + OperationColumns
                                  + " FROM refund_ops WHERE operation_id = $1 FOR UPDATE";
    PgResult found = m_connection->exec(sql, PgParams().add(operationId));
    if (!found.isOk())
        return m_connection->errorFor(found, QCoreApplication::translate("Store", "reading operation %1", "what the store was doing when it failed").arg(operationId));
    if (found.rows() == 0)
        return Error::usage(QCoreApplication::translate("Store", "There is no operation %1 in %2. Check the id (e.g. op_5521).")
                                .arg(operationId, location()));
    const Operation current = operationFrom(found, 0);
    if (current.status != seen.status || current.version != seen.version)
        return describeChange(current);
    return current;
}

Result<int> PgStore::insertEvents(const std::vector<WebhookEvent> &events)
{
    if (auto error = refuseWrite())
        return *error;
    const QString doing = QCoreApplication::translate("Store", "importing events", "what the store was doing when it failed");
    if (auto lost = m_connection->ensureConnected())
        return *lost;
    PgTransaction transaction(*m_connection);
    if (!transaction.isActive())
        return m_connection->errorFor(transaction.beginResult(), doing);
    static const QByteArray sql = pgInsert("webhook_events", EventColumns) + " ON CONFLICT (event_id) DO NOTHING";
    int inserted = 0;
    for (const WebhookEvent &e : events) {
        PgResult result = m_connection->exec(sql, eventParams(e));
        if (!result.isOk())
            return m_connection->errorFor(result, QCoreApplication::translate("Store", "importing event %1", "what the store was doing when it failed").arg(e.eventId));
        inserted += int(result.affectedRows());
    }
    PgResult committed = transaction.commit();
    if (!committed.isOk())
        return m_connection->errorFor(committed, doing);
    return inserted;
}

Result<qint64> PgStore::updateAndCommit(PgTransaction &transaction, Operation &operation, const QByteArray &update,
                                        const QString &doing)
{
    // The times are the server's for every login but the store's owner (roles-postgresql.sql):
    // what is kept is what the UPDATE returns.
    PgResult updated = m_connection->exec(update + " RETURNING updated_at, claimed_at",
                                          PgParams().add(nowMs()).add(operation.operationId).add(operation.version));
    if (!updated.isOk())
        return m_connection->errorFor(updated, doing);
    if (updated.rows() != 1)
        return describeChange(operation);
    const qint64 updatedAt = updated.integer(0, 0);
    const std::optional<qint64> claimedAt = updated.optionalInteger(0, 1);
    PgResult committed = transaction.commit();
    if (!committed.isOk())
        return m_connection->errorFor(committed, doing);
    operation.updatedAt = updatedAt;
    operation.claimedAt = claimedAt;
    ++operation.version;
    return updatedAt;
}

Result<Operation> PgStore::claim(const QString &operationId, const SeenState &seen, const QString &operatorName,
                                 bool takeOver)
{
    if (auto error = refuseWrite())
        return *error;
    const QString doing = QCoreApplication::translate("Store", "claiming %1", "what the store was doing when it failed").arg(operationId);
    auto login = operatorFor(operatorName, QCoreApplication::translate("Store", "a claim"));
    if (!login)
        return login.error();
    if (auto lost = m_connection->ensureConnected())
        return *lost;
    PgTransaction transaction(*m_connection);
    if (!transaction.isActive())
        return m_connection->errorFor(transaction.beginResult(), doing);
    auto current = lockedForWrite(operationId, seen);
    if (!current)
        return current.error();
    Operation operation = *current;
    if (operation.status == OperationStatus::Checking && operation.claimedBy == *login)
        return operation; // already ours
    if (operation.status == OperationStatus::Checking && !takeOver)
        return describeChange(operation);
    if (!operation.needsPerson())
        return describeChange(operation);

    auto now = updateAndCommit(transaction, operation,
                               "UPDATE refund_ops SET status = 'checking', claimed_by = session_user, "
                               "claimed_at = $1, updated_at = $1, version = version + 1 "
                               "WHERE operation_id = $2 AND version = $3",
                               doing);
    if (!now)
        return now.error();
    operation.status = OperationStatus::Checking;
    operation.claimedBy = *login;
    return operation;
}

Result<Operation> PgStore::release(const QString &operationId, const SeenState &seen, const QString &operatorName)
{
    if (auto error = refuseWrite())
        return *error;
    const QString doing = QCoreApplication::translate("Store", "releasing %1", "what the store was doing when it failed").arg(operationId);
    auto login = operatorFor(operatorName, QCoreApplication::translate("Store", "a release"));
    if (!login)
        return login.error();
    if (auto lost = m_connection->ensureConnected())
        return *lost;
    PgTransaction transaction(*m_connection);
    if (!transaction.isActive())
        return m_connection->errorFor(transaction.beginResult(), doing);
    auto current = lockedForWrite(operationId, seen);
    if (!current)
        return current.error();
    Operation operation = *current;
    if (operation.status == OperationStatus::Unknown)
        return Error::conflict(QCoreApplication::translate("Store", "%1 is not claimed by anyone; there is nothing to release.")
                                   .arg(operationId));
    if (operation.status != OperationStatus::Checking || operation.claimedBy != *login)
        return describeChange(operation);

    auto now = updateAndCommit(transaction, operation,
                               "UPDATE refund_ops SET status = 'unknown', claimed_by = NULL, "
                               "claimed_at = NULL, updated_at = $1, version = version + 1 "
                               "WHERE operation_id = $2 AND version = $3",
                               doing);
    if (!now)
        return now.error();
    operation.status = OperationStatus::Unknown;
    operation.claimedBy = QString();
    return operation;
}

Result<Resolution> PgStore::recordResolution(const ResolutionDraft &draft, const SeenState &seen)
{
    if (auto error = refuseWrite())
        return *error;
    if (draft.outcome == Outcome::Refunded && draft.refundId.trimmed().isEmpty())
        return Error::refused(QCoreApplication::translate("Store", "A refunded outcome needs the provider's refund id."));
    const QString doing = QCoreApplication::translate("Store", "recording the outcome of %1", "what the store was doing when it failed").arg(draft.operationId);
    auto login = operatorFor(draft.operatorName, QCoreApplication::translate("Store", "a decision"));
    if (!login)
        return login.error();
    if (auto lost = m_connection->ensureConnected())
        return *lost;
    // READ COMMITTED, whatever the database's default: the head read after the lock below
    // must see every append committed before (the server's chain trigger wants it too).
    PgTransaction transaction(*m_connection, "BEGIN ISOLATION LEVEL READ COMMITTED");
    if (!transaction.isActive())
        return m_connection->errorFor(transaction.beginResult(), doing);
    auto current = lockedForWrite(draft.operationId, seen);
    if (!current)
        return current.error();
    const Operation &operation = *current;
    if (!operation.needsPerson())
        return describeChange(operation);
    if (operation.status == OperationStatus::Checking && operation.claimedBy != *login)
        return describeChange(operation);

    // The chain's append, serialised: the head read below stays the head until COMMIT.
    PgResult locked = m_connection->exec("SELECT pg_advisory_xact_lock($1)", PgParams().add(ChainLockKey));
    if (!locked.isOk())
        return m_connection->errorFor(locked, doing);
    PgResult head = m_connection->exec("SELECT resolution_id, hash FROM resolutions ORDER BY resolution_id DESC LIMIT 1");
    if (!head.isOk())
        return m_connection->errorFor(head, doing);

    Resolution r;
    r.resolutionId = head.rows() == 1 ? head.integer(0, 0) + 1 : 1;
    r.prevHash = head.rows() == 1 ? head.text(0, 1) : AuditChain::genesisHash();
    r.operationId = draft.operationId;
    r.outcome = draft.outcome;
    r.refundId = draft.outcome == Outcome::Refunded ? draft.refundId.trimmed() : QString();
    r.evidence = draft.evidence.trimmed();
    r.note = draft.note.trimmed().isEmpty() ? QString() : draft.note.trimmed();
    r.operatorName = *login;
    r.recordedAt = nowMs();
    r.previousStatus = operation.status;
    r.overridesEvidence = draft.overridesEvidence;
    r.hash = AuditChain::hashOf(r);

    // The resolution first, as stored: for every login but the store's owner the server
    // fills in its id, time, prev_hash and hash (roles-postgresql.sql), and the operation's
    // updated_at is then the time it was recorded.
    static const QByteArray insert = pgInsert("resolutions", ResolutionColumns) + " RETURNING " + ResolutionColumns;
    PgResult inserted = m_connection->exec(insert, resolutionParams(r));
    if (!inserted.isOk())
        return m_connection->errorFor(inserted, doing);
    if (inserted.rows() == 1)
        r = resolutionFrom(inserted, 0);

    // Test-only seam: the crash tests kill a decision here, between its two writes.
    if (const int delayMs = qEnvironmentVariableIntValue("RD_TEST_DELAY_IN_RESOLVE_MS"); delayMs > 0)
        QThread::msleep(ulong(delayMs));

    PgResult updated = m_connection->exec("UPDATE refund_ops SET status = $1, refund_id = COALESCE($2, refund_id), "
                                          "claimed_by = NULL, claimed_at = NULL, updated_at = $3, "
                                          "version = version + 1 WHERE operation_id = $4 AND version = $5",
                                          PgParams().add(toString(r.outcome)).add(r.refundId).add(r.recordedAt)
                                              .add(r.operationId).add(operation.version));
    if (!updated.isOk())
        return m_connection->errorFor(updated, doing);
    PgResult committed = transaction.commit();
    if (!committed.isOk()) {
        const Error lost = m_connection->errorFor(committed, doing);
        if (m_connection->isConnected())
            return lost;
        return settleUnansweredCommit(r, lost);
    }
    return r;
}

Result<Resolution> PgStore::settleUnansweredCommit(const Resolution &resolution, const Error &lost)
{
    // The server may have committed before the connection broke: look, once it is back.
    if (auto down = m_connection->ensureConnected())
        return Error::unavailable(QCoreApplication::translate("Store", "The connection to the PostgreSQL server at %1 broke while the "
                                                 "decision on %2 was being committed, and the server is not back "
                                                 "yet: it was either fully recorded or not at all. Look at %2 "
                                                 "again once the server is back before recording anything.")
                                      .arg(location(), resolution.operationId));
    PgResult found = m_connection->exec("SELECT 1 FROM resolutions WHERE hash = $1", PgParams().add(resolution.hash));
    if (found.isOk() && found.rows() == 1)
        return resolution;
    if (found.isOk())
        return Error::unavailable(QCoreApplication::translate("Store", "%1 Checked after reconnecting: the decision on %2 was not "
                                                 "recorded.").arg(lost.message, resolution.operationId));
    return lost;
}

} // namespace RefundDesk::Internal
