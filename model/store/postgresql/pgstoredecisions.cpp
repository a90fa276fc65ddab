// PgStore's many decisions at once: one pipeline (libpq's pipeline mode) of transactions,
// one per decision, each its own unit between sync points, so that one that fails is
// rolled back alone and the next runs all the same. A pipeline costs one round trip however
// many decisions it carries, and each decision the server six statements: its
// transaction's three (ROLLBACK of one left failed, BEGIN, COMMIT), its settings, its locks
// (the row's, then the chain's) and its writes (the resolution and the status together).
// And the evidence they are checked against again, in one.
#include "store/postgresql/pgstore.h"

#include "store/postgresql/pgconnection.h"
#include "store/postgresql/pgeventlookup.h"
#include "store/postgresql/pgresult.h"
#include "store/postgresql/pgrows.h"
#include "store/storetext.h"

#include <QCoreApplication>

#include <algorithm>

namespace RefundDesk::Internal {

namespace {

// The operation's row, locked until the decision's transaction ends; also what a decision
// left out is told about.
QByteArray lockRow(int schemaVersion)
{
    return QByteArray("SELECT ") + operationColumns(schemaVersion) + " FROM refund_ops WHERE operation_id = $1 FOR UPDATE";
}

// The same, and then the audit chain's lock ($2), in one statement: the subquery that
// locks the row is never merged into the outer query (it has FOR UPDATE), so the row lock
// comes first and the chain's after it, in the order every decision takes them.
QByteArray lockRowThenChain(int schemaVersion)
{
    return "SELECT l.*, pg_advisory_xact_lock($2) FROM (" + lockRow(schemaVersion) + ") l";
}

// What a decision may still be made on: the row as seen (VERSION is its version's
// parameter), unknown, or checking by this login. Read under the row lock, so the INSERT
// and the UPDATE below see the same row and either both write or neither does (a decision
// left out then commits an empty transaction).
#define RD_DECIDABLE(VERSION) "o.operation_id = $1 AND o.version = " VERSION " AND o.status IN ('unknown', 'checking') " \
                              "AND (o.status = 'unknown' OR o.claimed_by = session_user)"

// The decision's two writes in one statement: the resolution appended to the chain, its
// hash worked out by the server from the head read under the chain's lock, and the
// operation's status changed to it, its updated_at the resolution's time as stored. Either
// both write or neither does: the UPDATE runs only when the INSERT wrote. Answers the
// resolution and, after it, how many operations were changed (1). `noteCheck`, when not
// empty, is a further condition on writing (NoteCheck).
QByteArray decideOne(const QByteArray &noteCheck)
{
    return QByteArray(
    "WITH ins AS (INSERT INTO resolutions (") + ResolutionColumns + ") "
    "SELECT r.id, r.op, r.outcome, r.refund, r.evidence, r.note, r.who, r.at, r.previous, 0, r.prev, "
    "encode(sha256(convert_to('{\"evidence\":' || COALESCE(to_json(r.evidence)::text, 'null')"
    " || ',\"note\":' || COALESCE(to_json(r.note)::text, 'null')"
    " || ',\"operation_id\":' || to_json(r.op)::text"
    " || ',\"operator\":' || to_json(r.who)::text"
    " || ',\"outcome\":' || to_json(r.outcome)::text"
    " || ',\"overrides_evidence\":0'"
    " || ',\"prev_hash\":' || to_json(r.prev)::text"
    " || ',\"previous_status\":' || to_json(r.previous)::text"
    " || ',\"recorded_at\":' || r.at::text"
    " || ',\"refund_id\":' || COALESCE(to_json(r.refund)::text, 'null')"
    " || ',\"resolution_id\":' || r.id::text || '}', 'UTF8')), 'hex') "
    "FROM (SELECT COALESCE(h.resolution_id, 0) + 1 AS id, $1::text AS op, $2::text AS outcome, "
    "$3::text AS refund, $4::text AS evidence, $5::text AS note, session_user::text AS who, "
    "floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint AS at, o.status::text AS previous, "
    "COALESCE(h.hash, repeat('0', 64)) AS prev "
    "FROM refund_ops o LEFT JOIN (SELECT resolution_id, hash FROM resolutions "
    "ORDER BY resolution_id DESC LIMIT 1) h ON true WHERE " RD_DECIDABLE("$6") + noteCheck + ") r "
    "RETURNING " + ResolutionColumns + "), "
    "upd AS (UPDATE refund_ops o SET status = $2, refund_id = COALESCE($3, o.refund_id), claimed_by = NULL, "
    "claimed_at = NULL, updated_at = (SELECT recorded_at FROM ins), version = o.version + 1 "
    "WHERE " RD_DECIDABLE("$6") " AND EXISTS (SELECT 1 FROM ins) RETURNING 1) "
    "SELECT ins.*, (SELECT count(*) FROM upd) FROM ins";
}

#undef RD_DECIDABLE

// No note written after the one the decision was made with ($7). A note's INSERT takes a
// key-share lock on its operation's row (the foreign key), which the decision's row lock
// excludes: a note committed before the lock was granted is seen by this statement, which
// runs after it, and one that comes later waits for the decision's commit.
const QByteArray NoteCheck = " AND COALESCE((SELECT max(n.note_id) FROM operation_notes n WHERE n.operation_id = $1), 0)"
                             " <= $7";
const QByteArray DecideOne = decideOne(QByteArray());
const QByteArray DecideOneUnlessNoted = decideOne(NoteCheck);

// The operation's latest note, for a decision a note refused.
const QByteArray LatestNote = "SELECT note_id, text FROM operation_notes WHERE operation_id = $1"
                              " ORDER BY note_id DESC LIMIT 1";

QString orNull(const QString &text)
{
    const QString trimmed = text.trimmed();
    return trimmed.isEmpty() ? QString() : trimmed;
}

} // namespace

DecisionsMade PgStore::decideMany(const std::vector<DecisionRequest> &decisions)
{
    DecisionsMade made;
    if (decisions.empty())
        return made;
    if (auto error = refuseWrite()) {
        made.failure = *error;
        return made;
    }
    if (auto lost = m_connection->ensureConnected()) {
        made.failure = *lost;
        return made;
    }

    // Refused here, before anything is sent: a decision the store would refuse anyway.
    std::vector<std::optional<Error>> refused(decisions.size());
    int lastSent = -1;
    const QString aDecision = QCoreApplication::translate("Store", "a decision");
    for (size_t i = 0; i < decisions.size(); ++i) {
        const ResolutionDraft &draft = decisions[i].draft;
        if (draft.outcome == Outcome::Refunded && draft.refundId.trimmed().isEmpty())
            refused[i] = Error::refused(QCoreApplication::translate("Store", "A refunded outcome needs the provider's refund id."));
        else if (auto login = operatorFor(draft.operatorName, aDecision); !login)
            refused[i] = login.error();
        else
            lastSent = int(i);
    }

    // Every transaction of the pipeline but the last commits without waiting for its WAL
    // to reach the disk (synchronous_commit off, for that transaction only); the last
    // waits as usual. The WAL is written and flushed in order, so once the last COMMIT has
    // returned every earlier commit of the pipeline is on disk too: the pipeline pays for
    // one flush rather than one per decision, and no decision is reported recorded before it
    // is durable. (Other sessions may see an earlier decision a few milliseconds before it
    // is on disk, as with any asynchronous commit: a crash of the server in that window
    // undoes it, and nobody was told it was recorded.) Each transaction ends with its own COMMIT; a ROLLBACK leads every unit
    // but the first, ending the transaction of a unit before it that failed halfway (after
    // a commit it only warns, and warnings are not shown).
    const QByteArray settings = m_connection->transactionSettings();
    const QByteArray asynchronous = settings + ", set_config('synchronous_commit', 'off', true)";
    struct Sent
    {
        int locked = 0;
        int written = 0;
        int committed = 0;
    };
    std::vector<Sent> sent(decisions.size());
    PgBatch batch;
    bool first = true;
    for (size_t i = 0; i < decisions.size(); ++i) {
        if (refused[i])
            continue;
        const ResolutionDraft &draft = decisions[i].draft;
        const QString refundId = draft.outcome == Outcome::Refunded ? draft.refundId.trimmed() : QString();
        if (!first)
            batch.addControl("ROLLBACK");
        first = false;
        batch.addControl("BEGIN ISOLATION LEVEL READ COMMITTED");
        batch.addControl(int(i) == lastSent ? settings : asynchronous);
        Sent &s = sent[i];
        s.locked = batch.add(lockRowThenChain(m_schemaVersion), PgParams().add(draft.operationId).add(ChainLockKey));
        PgParams params;
        params.add(draft.operationId)
            .add(toString(draft.outcome))
            .add(refundId)
            .add(draft.evidence.trimmed())
            .add(orNull(draft.note))
            .add(decisions[i].seen.version);
        const bool checkNotes = decisions[i].latestNoteSeen && m_schemaVersion >= 2;
        if (checkNotes)
            params.add(*decisions[i].latestNoteSeen);
        s.written = batch.add(checkNotes ? DecideOneUnlessNoted : DecideOne, params);
        s.committed = batch.addControl("COMMIT");
        batch.sync();
    }
    const std::vector<PgResult> answers = batch.isEmpty() ? std::vector<PgResult>() : m_connection->execAll(batch);
    if (m_connection->isConnected() && m_connection->inTransaction()) {
        PgBatch end;
        end.addControl("ROLLBACK");
        m_connection->execAll(end);
    }

    const QString doing = QCoreApplication::translate("Store", "recording the outcome of %1", "what the store was doing when it failed");
    // Whether the last transaction committed and wrote (its row lock is logged): only then
    // did its COMMIT flush the pipeline's earlier commits.
    bool flushed = false;
    std::vector<Result<Resolution>> outcomes;
    std::vector<size_t> changed; // decisions left out because the operation changed
    for (size_t i = 0; i < decisions.size(); ++i) {
        if (refused[i]) {
            outcomes.emplace_back(*refused[i]);
            continue;
        }
        const QString &operationId = decisions[i].draft.operationId;
        const Sent &s = sent[i];
        const PgResult &locked = answers[size_t(s.locked)];
        const PgResult &written = answers[size_t(s.written)];
        const PgResult &committed = answers[size_t(s.committed)];
        const PgResult *failed = !locked.isOk() ? &locked : !written.isOk() ? &written
                                                          : !committed.isOk() ? &committed : nullptr;
        if (int(i) == lastSent)
            flushed = !failed && locked.rows() == 1;
        if (failed) {
            Error error = m_connection->errorFor(*failed, doing.arg(operationId));
            if (!m_connection->isConnected()) {
                // Some of the pipeline may have been committed before the connection broke.
                made.failure = Error::unavailable(
                    QCoreApplication::translate("Store", "The connection to the PostgreSQL server at %1 broke while the "
                                                         "decision on %2 was being committed, and the server is not back "
                                                         "yet: it was either fully recorded or not at all. Look at %2 "
                                                         "again once the server is back before recording anything.")
                        .arg(location(), operationId));
                made.outcomes.clear();
                return made;
            }
            outcomes.emplace_back(error);
            continue;
        }
        if (locked.rows() == 0) {
            outcomes.emplace_back(Error::usage(QCoreApplication::translate("Store", "There is no operation %1 in %2. Check the id (e.g. op_5521).")
                                                   .arg(operationId, location())));
            continue;
        }
        if (written.rows() == 1 && written.integer(0, columnCount(ResolutionColumns)) == 1) {
            outcomes.emplace_back(resolutionFrom(written, 0));
            continue;
        }
        outcomes.emplace_back(Error::internal(QString())); // told below
        changed.push_back(i);
    }
    // A decision left out names what the operation is now and who made it so: the last
    // resolutions of those decided meanwhile, in one more pipeline; or, when the row is
    // still as seen under its lock, the note written since.
    if (!changed.empty()) {
        PgBatch last;
        std::vector<int> lastOf(changed.size(), -1);
        std::vector<int> noteOf(changed.size(), -1);
        std::vector<Operation> current;
        for (size_t c = 0; c < changed.size(); ++c) {
            const DecisionRequest &decision = decisions[changed[c]];
            current.push_back(operationFrom(answers[size_t(sent[changed[c]].locked)], 0));
            if (current.back().status == OperationStatus::Refunded || current.back().status == OperationStatus::Failed)
                lastOf[c] = addLastResolution(last, current.back().operationId);
            else if (decision.latestNoteSeen && m_schemaVersion >= 2 && decision.seen.matches(current.back()))
                noteOf[c] = last.add(LatestNote, PgParams().add(current.back().operationId));
        }
        const std::vector<PgResult> found = last.isEmpty() ? std::vector<PgResult>() : m_connection->execAll(last);
        for (size_t c = 0; c < changed.size(); ++c) {
            if (noteOf[c] >= 0) {
                const PgResult &note = found[size_t(noteOf[c])];
                if (note.isOk() && note.rows() == 1) {
                    outcomes[changed[c]] = noteSinceReview(current[c].operationId, note.text(0, 1));
                    continue;
                }
            }
            std::optional<Resolution> resolution;
            if (lastOf[c] >= 0)
                resolution = lastResolutionFrom(found[size_t(lastOf[c])]);
            outcomes[changed[c]] = conflictFor(current[c], resolution);
        }
    }
    // When the last transaction did not flush, one that does: a row lock (logged) on an
    // operation the pipeline decided, committed synchronously.
    const auto lastDecided = std::find_if(outcomes.rbegin(), outcomes.rend(),
                                          [](const Result<Resolution> &outcome) { return outcome.ok(); });
    if (!flushed && lastDecided != outcomes.rend()) {
        PgBatch flush;
        flush.addControl("BEGIN");
        flush.add(lockRow(m_schemaVersion), PgParams().add((*lastDecided)->operationId));
        flush.addControl("COMMIT");
        const std::vector<PgResult> done = m_connection->execAll(flush);
        if (!done.back().isOk()) {
            made.failure = m_connection->errorFor(done.back(), doing.arg((*lastDecided)->operationId));
            return made;
        }
    }
    // A failure that is no decision's own (the server would not go on) ends the batch after
    // this pipeline; what the pipeline recorded stands.
    for (const Result<Resolution> &outcome : outcomes) {
        if (!outcome && Store::endsABatch(outcome.error().kind)) {
            made.failure = outcome.error();
            break;
        }
    }
    made.outcomes = std::move(outcomes);
    return made;
}

Result<EvidenceInputs> PgStore::evidenceInputsOfEach(const std::vector<Operation> &operations)
{
    EvidenceInputs inputs;
    if (operations.empty())
        return inputs;
    const QString doing = QCoreApplication::translate("Store", "reading the events of %1 operations", "what the store was doing when it failed")
                              .arg(operations.size());
    // One pipeline in one snapshot (its BEGIN travels with it): the events and the lookups.
    const ReadSnapshot moment(*this);
    if (moment.error())
        return *moment.error();
    PgBatch batch;
    const int events = PgEventLookup::addForOperations(batch, operations);
    int lookups = -1;
    if (m_schemaVersion >= 2) {
        QStringList ids;
        for (const Operation &operation : operations)
            ids << operation.operationId;
        lookups = batch.add(QByteArray("SELECT ") + LookupColumns
                                + " FROM unnest($1::text[]) WITH ORDINALITY AS ids(id, n)"
                                  " JOIN provider_lookups ON operation_id = ids.id ORDER BY ids.n, lookup_id",
                            PgParams().addArray(ids));
    }
    const std::vector<PgResult> answers = m_connection->execAll(batch);
    for (const int index : {events, lookups}) {
        if (index >= 0 && !answers[size_t(index)].isOk())
            return m_connection->errorFor(answers[size_t(index)], doing);
    }
    inputs.candidates = PgEventLookup::assign(operations, answers[size_t(events)]);
    std::vector<ProviderLookup> rows;
    if (lookups >= 0) {
        const PgResult &found = answers[size_t(lookups)];
        for (int row = 0; row < found.rows(); ++row)
            rows.push_back(lookupFrom(found, row));
    }
    inputs.lookups = lookupsByOperation(operations, std::move(rows));
    return inputs;
}

} // namespace RefundDesk::Internal
