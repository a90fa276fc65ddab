// PgStore's writes: events, claims, releases and decisions, each one transaction that
// locks the operation's row before re-checking the state the operator saw.
#include "store/postgresql/pgstore.h"

#include "domain/auditchain.h"
#include "store/postgresql/pgconnection.h"
#include "store/postgresql/pgresult.h"
#include "store/postgresql/pgrows.h"
#include "store/postgresql/pgtransaction.h"
#include "store/storefaults.h"
#include "store/storetext.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QThread>

#include <algorithm>

namespace RefundDesk::Internal {

// ---- Writes ----

std::optional<Error> PgStore::refuseWrite() const
{
    if (m_reader.inSnapshot())
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

std::optional<Error> PgStore::refuseAnswerWrite() const
{
    if (m_keepsAnswers && !m_reader.inSnapshot())
        return std::nullopt;
    return refuseWrite();
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

int PgStore::addLastResolution(PgBatch &batch, const QString &operationId)
{
    static const QByteArray sql = QByteArray("SELECT ") + ResolutionColumns
        + " FROM resolutions WHERE operation_id = $1 ORDER BY resolution_id DESC LIMIT 1";
    return batch.add(sql, PgParams().add(operationId));
}

std::optional<Resolution> PgStore::lastResolutionFrom(const PgResult &result)
{
    if (result.isOk() && result.rows() == 1)
        return resolutionFrom(result, 0);
    return std::nullopt;
}

Error PgStore::describeChange(const Operation &current)
{
    std::optional<Resolution> last;
    if (current.status == OperationStatus::Refunded || current.status == OperationStatus::Failed) {
        PgBatch batch;
        addLastResolution(batch, current.operationId);
        last = lastResolutionFrom(m_connection->execAll(batch).front());
    }
    return conflictFor(current, last);
}

Result<Operation> PgStore::lockedForWrite(const QString &operationId, const SeenState &seen, const PgBatch &more,
                                          std::vector<PgResult> *moreAnswers)
{
    // The row lock: a concurrent write of the same operation waits here until this
    // transaction ends, and then reads the row as that one left it. The last resolution
    // is read after it in the same pipeline, so that a conflict can name who made it
    // without another round trip.
    const QByteArray sql = QByteArray("SELECT ") + operationColumns(m_schemaVersion)
                           + " FROM refund_ops WHERE operation_id = $1 FOR UPDATE";
    PgBatch batch;
    const int locked = batch.add(sql, PgParams().add(operationId));
    const int last = addLastResolution(batch, operationId);
    for (const PgStatement &statement : more.statements()) {
        if (statement.kind == PgStatement::Kind::Query)
            batch.add(statement.sql, statement.params);
        else if (statement.kind == PgStatement::Kind::Control)
            batch.addControl(statement.sql);
        else
            batch.sync();
    }
    std::vector<PgResult> answers = m_connection->execAll(batch);
    const PgResult &found = answers[size_t(locked)];
    if (!found.isOk())
        return m_connection->errorFor(found, QCoreApplication::translate("Store", "reading operation %1", "what the store was doing when it failed").arg(operationId));
    if (found.rows() == 0)
        return Error::usage(QCoreApplication::translate("Store", "There is no operation %1 in %2. Check the id (e.g. op_5521).")
                                .arg(operationId, location()));
    const Operation current = operationFrom(found, 0);
    if (current.status != seen.status || current.version != seen.version)
        return conflictFor(current, lastResolutionFrom(answers[size_t(last)]));
    if (moreAnswers)
        moreAnswers->assign(answers.begin() + last + 1, answers.end());
    return current;
}

Result<int> PgStore::insertEvents(const std::vector<WebhookEvent> &events)
{
    if (auto error = refuseAnswerWrite())
        return *error;
    const QString doing = QCoreApplication::translate("Store", "importing events", "what the store was doing when it failed");
    if (auto lost = m_connection->ensureConnected())
        return *lost;
    PgTransaction transaction(*m_connection);
    static const QByteArray sql = pgInsert("webhook_events", EventColumns) + " ON CONFLICT (event_id) DO NOTHING";
    // A pipeline of inserts at a time, not a round trip per event; the last one carries the
    // COMMIT. Bounded, so that a large import holds little in memory on either side.
    constexpr size_t EventsPerPipeline = 200;
    int inserted = 0;
    for (size_t first = 0;; first += EventsPerPipeline) {
        const size_t end = std::min(events.size(), first + EventsPerPipeline);
        PgBatch batch;
        for (size_t i = first; i < end; ++i)
            batch.add(sql, eventParams(events[i]));
        const bool last = end == events.size();
        const std::vector<PgResult> answers = last ? transaction.commitWith(std::move(batch)) : m_connection->execAll(batch);
        for (size_t i = first; i < end; ++i) {
            const PgResult &result = answers[i - first];
            if (!result.isOk())
                return m_connection->errorFor(result, QCoreApplication::translate("Store", "importing event %1", "what the store was doing when it failed").arg(events[i].eventId));
            inserted += int(result.affectedRows());
        }
        if (last) {
            if (!answers.back().isOk())
                return m_connection->errorFor(answers.back(), doing);
            break;
        }
    }
    return inserted;
}

std::optional<Error> PgStore::refuseMetaWrite(const QString &key)
{
    if (auto error = refuseAnswerWrite())
        return error;
    if (isSchemaMetaKey(key))
        return Error::usage(QCoreApplication::translate("Store", "store_meta's %1 belongs to the schema and is not set this way.").arg(key));
    return m_connection->ensureConnected();
}

Result<void> PgStore::setMeta(const QString &key, const QString &value)
{
    if (auto refused = refuseMetaWrite(key))
        return *refused;
    const PgResult result = m_connection->exec("INSERT INTO store_meta (key, value) VALUES ($1, $2) "
                                               "ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
                                               PgParams().add(key).add(value));
    if (!result.isOk())
        return m_connection->errorFor(result, QCoreApplication::translate("Store", "writing store_meta", "what the store was doing when it failed"));
    return {};
}

Result<bool> PgStore::replaceMeta(const QString &key, const QString &expected, const QString &value)
{
    if (auto refused = refuseMetaWrite(key))
        return *refused;
    // In READ COMMITTED a conflicting upsert waits for the other writer and then reads its
    // WHERE on the row that writer left: only one of two that read the same value wins.
    const PgResult result = m_connection->exec("INSERT INTO store_meta (key, value) VALUES ($1, $3) "
                                               "ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value "
                                               "WHERE store_meta.value = $2 RETURNING key",
                                               PgParams().add(key).add(expected).add(value));
    if (!result.isOk())
        return m_connection->errorFor(result, QCoreApplication::translate("Store", "writing store_meta", "what the store was doing when it failed"));
    return result.rows() == 1;
}

Result<qint64> PgStore::updateAndCommit(PgTransaction &transaction, Operation &operation, const QByteArray &update,
                                        const QString &doing)
{
    // The times are the server's for every login but the store's owner (roles-postgresql.sql):
    // what is kept is what the UPDATE returns. The UPDATE and the COMMIT share a pipeline;
    // an UPDATE that matched no row commits nothing.
    PgBatch batch;
    batch.add(update + " RETURNING updated_at, claimed_at",
              PgParams().add(QDateTime::currentMSecsSinceEpoch()).add(operation.operationId).add(operation.version));
    const std::vector<PgResult> answers = transaction.commitWith(std::move(batch));
    const PgResult &updated = answers.front();
    if (!updated.isOk())
        return m_connection->errorFor(updated, doing);
    if (updated.rows() != 1)
        return describeChange(operation);
    const PgResult &committed = answers.back();
    if (!committed.isOk())
        return m_connection->errorFor(committed, doing);
    operation.updatedAt = updated.integer(0, 0);
    operation.claimedAt = updated.optionalInteger(0, 1);
    ++operation.version;
    return operation.updatedAt;
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
    // The chain's append, serialised: the head read after the lock stays the head until
    // COMMIT. Both travel with the row lock, after it (every decision takes the two locks
    // in that order, so none can deadlock another).
    PgBatch chain;
    chain.add("SELECT pg_advisory_xact_lock($1)", PgParams().add(ChainLockKey));
    chain.add("SELECT resolution_id, hash FROM resolutions ORDER BY resolution_id DESC LIMIT 1");
    std::vector<PgResult> chainAnswers;
    auto current = lockedForWrite(draft.operationId, seen, chain, &chainAnswers);
    if (!current)
        return current.error();
    const Operation &operation = *current;
    if (!operation.needsPerson())
        return describeChange(operation);
    if (operation.status == OperationStatus::Checking && operation.claimedBy != *login)
        return describeChange(operation);
    for (const PgResult &answer : chainAnswers) {
        if (!answer.isOk())
            return m_connection->errorFor(answer, doing);
    }
    const PgResult &head = chainAnswers.back();

    Resolution r;
    r.resolutionId = head.rows() == 1 ? head.integer(0, 0) + 1 : 1;
    r.prevHash = head.rows() == 1 ? head.text(0, 1) : AuditChain::genesisHash();
    r.operationId = draft.operationId;
    r.outcome = draft.outcome;
    r.refundId = draft.outcome == Outcome::Refunded ? draft.refundId.trimmed() : QString();
    r.evidence = draft.evidence.trimmed();
    r.note = draft.note.trimmed().isEmpty() ? QString() : draft.note.trimmed();
    r.operatorName = *login;
    r.recordedAt = QDateTime::currentMSecsSinceEpoch();
    r.previousStatus = operation.status;
    r.overridesEvidence = draft.overridesEvidence;
    r.hash = AuditChain::hashOf(r);

    // The resolution first, as stored: for every login but the store's owner the server
    // fills in its id, time, prev_hash and hash (roles-postgresql.sql), and the operation's
    // updated_at is then the time it was recorded, read back by the UPDATE itself so that
    // both writes and the COMMIT share one pipeline.
    static const QByteArray insert = pgInsert("resolutions", ResolutionColumns) + " RETURNING " + ResolutionColumns;
    static const QByteArray update = "UPDATE refund_ops SET status = $1, refund_id = COALESCE($2, refund_id), "
                                     "claimed_by = NULL, claimed_at = NULL, "
                                     "updated_at = (SELECT recorded_at FROM resolutions WHERE operation_id = $3 "
                                     "ORDER BY resolution_id DESC LIMIT 1), "
                                     "version = version + 1 WHERE operation_id = $3 AND version = $4";
    PgBatch writes;
    std::optional<PgResult> insertedAlone;
    // Nothing in the product: a test build pauses between the two writes for the crash
    // tests to kill it, so the INSERT goes in a pipeline of its own then.
    if (const int delayMs = StoreFaults::injected().pauseInDecisionMs; delayMs > 0) {
        PgBatch first;
        first.add(insert, resolutionParams(r));
        insertedAlone = m_connection->execAll(first).front();
        if (!insertedAlone->isOk())
            return m_connection->errorFor(*insertedAlone, doing);
        QThread::msleep(ulong(delayMs));
    } else {
        writes.add(insert, resolutionParams(r));
    }
    const int updatedIndex = writes.add(update, PgParams().add(toString(r.outcome)).add(r.refundId)
                                                    .add(r.operationId).add(operation.version));
    const std::vector<PgResult> answers = transaction.commitWith(std::move(writes));
    const PgResult &inserted = insertedAlone ? *insertedAlone : answers.front();
    if (!inserted.isOk())
        return m_connection->errorFor(inserted, doing);
    if (inserted.rows() == 1)
        r = resolutionFrom(inserted, 0);
    const PgResult &updated = answers[size_t(updatedIndex)];
    if (!updated.isOk())
        return m_connection->errorFor(updated, doing);
    const PgResult &committed = answers.back();
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
