// SqliteStore's writes: events the receiver would have written, claims, releases and
// decisions, each one IMMEDIATE transaction that first checks the operation is still as
// the operator saw it.
#include "store/sqlite/sqlitestore.h"

#include "domain/auditchain.h"
#include "store/sqlite/sqlitebusyanswer.h"
#include "store/sqlite/sqliterows.h"
#include "store/sqlite/sqlitestatement.h"
#include "store/storefaults.h"
#include "store/storetext.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QThread>

#include <sqlite3.h>

namespace RefundDesk::Internal {

Result<int> SqliteStore::insertEvents(const std::vector<WebhookEvent> &events)
{
    if (auto error = refuseWrite())
        return *error;
    SqliteTransaction transaction(m_db);
    if (!transaction.isActive())
        return sqliteError(transaction.beginCode(), QCoreApplication::translate("Store", "importing events", "what the store was doing when it failed"));
    auto s = cached("INSERT OR IGNORE INTO webhook_events " + columnsAndValues(EventColumns));
    int inserted = 0;
    for (const WebhookEvent &e : events) {
        s->reset();
        bindEvent(*s, e);
        const int code = s->step();
        if (code != SQLITE_DONE)
            return sqliteError(code, QCoreApplication::translate("Store", "importing event %1", "what the store was doing when it failed").arg(e.eventId));
        inserted += sqlite3_changes(m_db);
    }
    const int code = transaction.commit();
    if (code != SQLITE_OK)
        return sqliteError(code, QCoreApplication::translate("Store", "importing events", "what the store was doing when it failed"));
    return inserted;
}

Result<void> SqliteStore::setMeta(const QString &key, const QString &value)
{
    if (auto error = refuseWrite())
        return *error;
    if (isSchemaMetaKey(key))
        return Error::usage(QCoreApplication::translate("Store", "store_meta's %1 belongs to the schema and is not set this way.").arg(key));
    auto s = cached("INSERT INTO store_meta (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    s->bind(1, key);
    s->bind(2, value);
    const int code = s->step();
    if (code != SQLITE_DONE)
        return sqliteError(code, QCoreApplication::translate("Store", "writing store_meta", "what the store was doing when it failed"));
    return {};
}

Result<bool> SqliteStore::replaceMeta(const QString &key, const QString &expected, const QString &value)
{
    if (auto error = refuseWrite())
        return *error;
    if (isSchemaMetaKey(key))
        return Error::usage(QCoreApplication::translate("Store", "store_meta's %1 belongs to the schema and is not set this way.").arg(key));
    // The upsert's WHERE is read on the row as it is when the statement runs: of two
    // programs that read the same value, only the first to write it changes the row.
    auto s = cached("INSERT INTO store_meta (key, value) VALUES (?1, ?3) ON CONFLICT (key) DO UPDATE SET value = "
                    "excluded.value WHERE store_meta.value = ?2 RETURNING key");
    s->bind(1, key);
    s->bind(2, expected);
    s->bind(3, value);
    const int code = s->step();
    if (code == SQLITE_ROW)
        return s->step() == SQLITE_DONE;
    if (code == SQLITE_DONE)
        return false;
    return sqliteError(code, QCoreApplication::translate("Store", "writing store_meta", "what the store was doing when it failed"));
}

std::optional<Resolution> SqliteStore::lastResolutionOf(const QString &operationId)
{
    auto s = cached(QByteArray("SELECT ") + ResolutionColumns
                     + " FROM resolutions WHERE operation_id = ?1 ORDER BY resolution_id DESC LIMIT 1");
    s->bind(1, operationId);
    if (s->step() == SQLITE_ROW)
        return resolutionFrom(*s);
    return std::nullopt;
}

Error SqliteStore::describeChange(const Operation &current)
{
    const bool decided = current.status == OperationStatus::Refunded || current.status == OperationStatus::Failed;
    return conflictFor(current, decided ? lastResolutionOf(current.operationId) : std::nullopt);
}

Result<Operation> SqliteStore::currentForWrite(const QString &operationId, const SeenState &seen)
{
    auto found = operation(operationId);
    if (!found)
        return found.error();
    if (!found->has_value())
        return Error::usage(QCoreApplication::translate("Store", "There is no operation %1 in %2. Check the id (e.g. op_5521).")
                                .arg(operationId, m_path));
    const Operation &current = **found;
    if (!seen.matches(current))
        return describeChange(current);
    return current;
}

Result<Operation> SqliteStore::claim(const QString &operationId, const SeenState &seen,
                                     const QString &operatorName, bool takeOver)
{
    if (auto error = refuseWrite())
        return *error;
    if (operatorName.trimmed().isEmpty())
        return Error::refused(QCoreApplication::translate("Store", "The operator name is empty. Say who claims the operation."));
    SqliteTransaction transaction(m_db);
    // Kept from the lock, it still reads the operation and tells a loser so (sqlitebusyanswer.h).
    if (!transaction.isActive() && !SqliteBusyAnswer::isBusy(transaction.beginCode()))
        return sqliteError(transaction.beginCode(), QCoreApplication::translate("Store", "claiming %1", "what the store was doing when it failed").arg(operationId));
    auto current = currentForWrite(operationId, seen);
    if (!current)
        return current.error();
    Operation operation = *current;
    if (operation.status == OperationStatus::Checking && operation.claimedBy == operatorName)
        return operation; // already ours
    if (operation.status == OperationStatus::Checking && !takeOver)
        return describeChange(operation);
    if (!operation.needsPerson())
        return describeChange(operation);
    if (!transaction.isActive())
        return SqliteBusyAnswer::busy(BusyTimeoutMs, QCoreApplication::translate("Store", "claiming %1", "what the store was doing when it failed").arg(operationId), operation);

    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    auto s = cached("UPDATE refund_ops SET status = 'checking', claimed_by = ?1, claimed_at = ?2, "
                     "updated_at = ?2, version = version + 1 WHERE operation_id = ?3 AND version = ?4");
    s->bind(1, operatorName).bind(2, now).bind(3, operationId).bind(4, operation.version);
    const int code = s->step();
    if (code != SQLITE_DONE)
        return sqliteError(code, QCoreApplication::translate("Store", "claiming %1", "what the store was doing when it failed").arg(operationId));
    const int commitCode = transaction.commit();
    if (commitCode != SQLITE_OK)
        return sqliteError(commitCode, QCoreApplication::translate("Store", "claiming %1", "what the store was doing when it failed").arg(operationId));
    operation.status = OperationStatus::Checking;
    operation.claimedBy = operatorName;
    operation.claimedAt = now;
    operation.updatedAt = now;
    ++operation.version;
    return operation;
}

Result<Operation> SqliteStore::release(const QString &operationId, const SeenState &seen,
                                       const QString &operatorName)
{
    if (auto error = refuseWrite())
        return *error;
    SqliteTransaction transaction(m_db);
    if (!transaction.isActive() && !SqliteBusyAnswer::isBusy(transaction.beginCode()))
        return sqliteError(transaction.beginCode(), QCoreApplication::translate("Store", "releasing %1", "what the store was doing when it failed").arg(operationId));
    auto current = currentForWrite(operationId, seen);
    if (!current)
        return current.error();
    Operation operation = *current;
    if (operation.status == OperationStatus::Unknown)
        return Error::conflict(QCoreApplication::translate("Store", "%1 is not claimed by anyone; there is nothing to release.")
                                   .arg(operationId));
    if (operation.status != OperationStatus::Checking || operation.claimedBy != operatorName)
        return describeChange(operation);
    if (!transaction.isActive())
        return SqliteBusyAnswer::busy(BusyTimeoutMs, QCoreApplication::translate("Store", "releasing %1", "what the store was doing when it failed").arg(operationId), operation);

    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    auto s = cached("UPDATE refund_ops SET status = 'unknown', claimed_by = NULL, claimed_at = NULL, "
                     "updated_at = ?1, version = version + 1 WHERE operation_id = ?2 AND version = ?3");
    s->bind(1, now).bind(2, operationId).bind(3, operation.version);
    const int code = s->step();
    if (code != SQLITE_DONE)
        return sqliteError(code, QCoreApplication::translate("Store", "releasing %1", "what the store was doing when it failed").arg(operationId));
    const int commitCode = transaction.commit();
    if (commitCode != SQLITE_OK)
        return sqliteError(commitCode, QCoreApplication::translate("Store", "releasing %1", "what the store was doing when it failed").arg(operationId));
    operation.status = OperationStatus::Unknown;
    operation.claimedBy = QString();
    operation.claimedAt.reset();
    operation.updatedAt = now;
    ++operation.version;
    return operation;
}

Result<Resolution> SqliteStore::recordResolution(const ResolutionDraft &draft, const SeenState &seen)
{
    if (auto error = refuseWrite())
        return *error;
    if (draft.outcome == Outcome::Refunded && draft.refundId.trimmed().isEmpty())
        return Error::refused(QCoreApplication::translate("Store", "A refunded outcome needs the provider's refund id."));
    SqliteTransaction transaction(m_db);
    if (!transaction.isActive() && !SqliteBusyAnswer::isBusy(transaction.beginCode()))
        return sqliteError(transaction.beginCode(), recordingOutcomeOf(draft.operationId));
    auto current = currentForWrite(draft.operationId, seen);
    if (!current)
        return current.error();
    const Operation &operation = *current;
    if (!operation.canBeDecidedBy(draft.operatorName))
        return describeChange(operation);
    if (!transaction.isActive())
        return SqliteBusyAnswer::busy(BusyTimeoutMs, recordingOutcomeOf(draft.operationId), operation);
    auto end = chainEnd();
    if (!end)
        return end.error();
    auto r = appendDecision(draft, operation, *end);
    if (!r)
        return r.error();
    const int code = transaction.commit();
    if (code != SQLITE_OK)
        return sqliteError(code, recordingOutcomeOf(draft.operationId));
    return r;
}

QString SqliteStore::recordingOutcomeOf(const QString &operationId)
{
    return QCoreApplication::translate("Store", "recording the outcome of %1", "what the store was doing when it failed").arg(operationId);
}

Result<SqliteStore::ChainEnd> SqliteStore::chainEnd()
{
    auto last = cached("SELECT resolution_id, hash FROM resolutions ORDER BY resolution_id DESC LIMIT 1");
    const int code = last->step();
    if (code == SQLITE_DONE)
        return ChainEnd{0, AuditChain::genesisHash()};
    if (code != SQLITE_ROW)
        return sqliteError(code, QCoreApplication::translate("Store", "reading the audit chain's last link", "what the store was doing when it failed"));
    return ChainEnd{last->integer(0), last->text(1)};
}

Result<Resolution> SqliteStore::appendDecision(const ResolutionDraft &draft, const Operation &operation, ChainEnd &end)
{
    Resolution r;
    r.resolutionId = end.resolutionId + 1;
    r.prevHash = end.hash;
    r.operationId = draft.operationId;
    r.outcome = draft.outcome;
    r.refundId = draft.outcome == Outcome::Refunded ? draft.refundId.trimmed() : QString();
    r.evidence = draft.evidence.trimmed();
    r.note = draft.note.trimmed().isEmpty() ? QString() : draft.note.trimmed();
    r.operatorName = draft.operatorName.trimmed();
    r.recordedAt = QDateTime::currentMSecsSinceEpoch();
    r.previousStatus = operation.status;
    r.overridesEvidence = draft.overridesEvidence;
    r.hash = AuditChain::hashOf(r);

    auto update = cached("UPDATE refund_ops SET status = ?1, refund_id = COALESCE(?2, refund_id), "
                          "claimed_by = NULL, claimed_at = NULL, updated_at = ?3, version = version + 1 "
                          "WHERE operation_id = ?4 AND version = ?5");
    update->bind(1, toString(r.outcome)).bind(2, r.refundId).bind(3, r.recordedAt);
    update->bind(4, r.operationId).bind(5, operation.version);
    int code = update->step();
    if (code != SQLITE_DONE)
        return sqliteError(code, recordingOutcomeOf(draft.operationId));

    // Nothing in the product: a test build pauses here for the crash tests to kill it.
    if (const int pauseMs = StoreFaults::injected().pauseInDecisionMs; pauseMs > 0)
        QThread::msleep(ulong(pauseMs));

    // Built once: the statement's text is the key of its prepared statement.
    static const QByteArray insertResolution = "INSERT INTO resolutions " + columnsAndValues(ResolutionColumns);
    auto insert = cached(insertResolution);
    bindResolution(*insert, r);
    code = insert->step();
    if (code != SQLITE_DONE)
        return sqliteError(code, recordingOutcomeOf(draft.operationId));
    end = ChainEnd{r.resolutionId, r.hash};
    return r;
}

} // namespace RefundDesk::Internal
