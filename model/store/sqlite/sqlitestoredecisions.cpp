// SqliteStore's many decisions at once. A decision's cost on SQLite is its commit (the
// write-ahead log synced to disk), so decisions are committed in chunks: one transaction,
// each decision in a savepoint of its own that is rolled back alone when the operation is
// no longer as seen. Each decision stays atomic (its status and its resolution, or neither)
// and is reported recorded only once its chunk has committed. A chunk holds the write lock
// for ChunkMs at most; readers are never blocked by it (WAL). The chunk reads the audit
// chain's last link once and carries it from one decision to the next (nothing else can
// append while it holds the write lock), and its statements, the savepoints' among them,
// are prepared once per connection.
#include "store/sqlite/sqlitestore.h"

#include "store/sqlite/sqlitestatement.h"
#include "store/storetext.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <sqlite3.h>

namespace RefundDesk::Internal {

DecisionsMade SqliteStore::decideMany(const std::vector<DecisionRequest> &decisions)
{
    DecisionsMade made;
    if (decisions.empty())
        return made;
    if (auto error = refuseWrite()) {
        made.failure = *error;
        return made;
    }
    const QString doing = recordingOutcomeOf(decisions.front().draft.operationId);
    SqliteTransaction transaction(m_db);
    if (!transaction.isActive()) {
        made.failure = sqliteError(transaction.beginCode(), doing);
        return made;
    }
    auto end = chainEnd();
    if (!end) {
        made.failure = end.error();
        return made;
    }
    QElapsedTimer held;
    held.start();
    std::vector<Result<Resolution>> outcomes;
    outcomes.reserve(decisions.size());
    for (const DecisionRequest &decision : decisions) {
        if (!outcomes.empty() && held.elapsed() >= ChunkMs)
            break; // the rest in the next chunk: the lock is never held long
        auto outcome = decideInSavepoint(decision, *end);
        if (!outcome && endsABatch(outcome.error().kind)) {
            // Nothing of this chunk is kept (the transaction rolls back): none is reported.
            made.failure = outcome.error();
            return made;
        }
        outcomes.push_back(std::move(outcome));
    }
    const int code = transaction.commit();
    if (code != SQLITE_OK) {
        made.failure = sqliteError(code, doing);
        return made;
    }
    made.outcomes = std::move(outcomes);
    return made;
}

Result<Resolution> SqliteStore::decideInSavepoint(const DecisionRequest &decision, ChainEnd &end)
{
    const ResolutionDraft &draft = decision.draft;
    if (draft.outcome == Outcome::Refunded && draft.refundId.trimmed().isEmpty())
        return Error::refused(QCoreApplication::translate("Store", "A refunded outcome needs the provider's refund id."));
    auto step = [this](const char *sql) {
        auto s = cached(QByteArray::fromRawData(sql, qsizetype(qstrlen(sql))));
        const int code = s->step();
        return code == SQLITE_DONE ? SQLITE_OK : code;
    };
    if (const int code = step("SAVEPOINT decision"); code != SQLITE_OK)
        return sqliteError(code, recordingOutcomeOf(draft.operationId));
    ChainEnd next = end;
    auto decide = [&]() -> Result<Resolution> {
        auto current = currentForWrite(draft.operationId, decision.seen);
        if (!current)
            return current.error();
        if (!current->canBeDecidedBy(draft.operatorName))
            return describeChange(*current);
        if (decision.latestNoteSeen && m_schemaVersion >= 2) {
            // Under the write lock: no note can come between this look and the commit.
            auto note = cached("SELECT note_id, text FROM operation_notes WHERE operation_id = ?1"
                               " ORDER BY note_id DESC LIMIT 1");
            note->bind(1, draft.operationId);
            const int code = note->step();
            if (code == SQLITE_ROW && note->integer(0) > *decision.latestNoteSeen)
                return noteSinceReview(draft.operationId, note->text(1));
            if (code != SQLITE_ROW && code != SQLITE_DONE)
                return sqliteError(code, recordingOutcomeOf(draft.operationId));
        }
        return appendDecision(draft, *current, next);
    };
    auto outcome = decide();
    if (!outcome)
        step("ROLLBACK TO decision");
    if (const int code = step("RELEASE decision"); code != SQLITE_OK && outcome)
        return sqliteError(code, recordingOutcomeOf(draft.operationId));
    if (outcome)
        end = next;
    return outcome;
}

} // namespace RefundDesk::Internal
