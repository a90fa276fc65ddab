#pragma once

#include "store/postgresql/pgbatch.h"
#include "store/postgresql/pgchangepoll.h"
#include "store/postgresql/pgparams.h"
#include "store/postgresql/pgqueuereader.h"
#include "store/postgresql/pgreader.h"
#include "store/postgresql/pgtablereader.h"
#include "store/postgresql/pgreplicationstatus.h"
#include "store/schemaversion.h"
#include "store/store.h"

#include <initializer_list>
#include <memory>
#include <string>
#include <unordered_set>

namespace RefundDesk::Internal {

class PgConnection;
class PgConnInfo;
class PgEventLookup;
class PgResult;
class PgTransaction;

// The PostgreSQL backend of Store: one libpq connection (PgConnection), unnamed statements
// (nothing outlives a transaction, so a transaction pooler may stand in front), every write one READ COMMITTED transaction that locks the operation's
// row (SELECT ... FOR UPDATE) before re-checking the state the operator saw, so that of
// two operators racing on one operation the second waits for the first and then sees its
// change: one decision, one Conflict. The audit chain's append is serialised by a
// transaction-scoped advisory lock taken after the row lock (every decision takes them in
// that order, so none can deadlock another): no two decisions read the same chain head.
// The operator recorded is the login (session_user); the schema's triggers refuse any
// other name. dataVersion() counts the change notifications other sessions' commits send
// (LISTEN/NOTIFY), read from the socket without a query; on a hot standby, which gets no
// notifications and opens read-only, the moves of its replay position (PgReplicationStatus);
// behind a pooler, where LISTEN cannot be had, the moves of the WAL position (PgChangePoll).
//
// Round trips are what a remote operator waits for, so each reading is one pipeline where
// it can be: a panel is one (operationReading), a snapshot's BEGIN travels with its first
// statement and its end with the next pipeline after it (or the next dataVersion() poll), a
// claim, a release and a decision are two (the row lock with what the write needs to know,
// then the write with its COMMIT), and opening is one after the connection's handshake.
class PgStore final : public Store
{
public:
    static Result<std::unique_ptr<Store>> open(const QString &location, OpenMode mode);
    static Result<std::unique_ptr<Store>> create(const QString &location);

    PgStore(std::unique_ptr<PgConnection> connection, bool readOnly, const QString &openNote,
            int schemaVersion = CurrentSchemaVersion, bool ownsStore = false);
    ~PgStore() override;
    // A reconciler's login: read-only for decisions, claims and notes, yet it keeps what
    // the provider answered (PgSchema::keepsAnswersOnly).
    void setKeepsAnswers(bool keeps) { m_keepsAnswers = keeps; }

    QString location() const override;
    bool isReadOnly() const override { return m_readOnly; }
    bool keepsProviderAnswers() const override { return !m_readOnly || m_keepsAnswers; }
    QString openNote() const override { return m_openNote; }
    QString sessionOperator() const override;

    Result<QString> meta(const QString &key) override;
    Result<int> keyRetentionHours() override;
    Result<qint64> dataVersion() override;
    void setReconnectWithoutWaiting(bool on) override;
    std::optional<StandbyStatus> standbyStatus() const override;
    bool pollsForChanges() const override;
    std::optional<QString> encryption() const override;
    std::shared_ptr<StoreCanceller> canceller() override;

    Result<std::vector<Operation>> queuePage(const QueueQuery &query, const std::optional<QueueCursor> &after,
                                             int limit) override;
    Result<QueueRows> queueRows(const QueueQuery &query, const std::optional<QueueCursor> &after,
                                int limit) override;
    Result<std::vector<QueueCursor>> queueKeys(const QueueQuery &query, int limit) override;
    Result<QueueCounts> queueCounts(const QString &operatorName, const QDate &today,
                                    const QueueQuery &view = {}) override;
    Result<QueuePageReading> queuePageWithEvents(const QueueQuery &query, const std::optional<QueueCursor> &after,
                                                 int limit) override;
    Result<std::optional<Operation>> operation(const QString &operationId) override;
    Result<std::vector<Operation>> operationsOf(const QStringList &operationIds) override;
    Result<std::vector<Attempt>> attempts(const QString &operationId) override;
    Result<std::vector<Attempt>> attemptsOf(const QStringList &operationIds) override;
    Result<std::vector<WebhookEvent>> candidateEvents(const Operation &operation) override;
    Result<std::vector<std::vector<WebhookEvent>>> candidateEventsOfEach(const std::vector<Operation> &operations) override;
    Result<std::vector<Operation>> orderOperations(const QString &orderId) override;
    Result<std::vector<Operation>> operationsOfOrders(const QStringList &orderIds) override;
    Result<std::vector<Resolution>> resolutions(const QString &operationId) override;
    Result<OperationReading> operationReading(const QString &operationId) override;
    Result<std::vector<Resolution>> resolutionsAfter(qint64 afterId, int limit) override;

    Result<std::vector<MetaEntry>> metaEntries() override;
    Result<std::vector<Operation>> operationsAfter(const std::optional<QString> &afterOperationId,
                                                   int limit) override;
    Result<std::vector<Attempt>> attemptsAfter(const std::optional<AttemptKey> &after, int limit) override;
    Result<std::vector<StoredEvent>> eventsAfter(const std::optional<QString> &afterEventId, int limit) override;
    Result<std::vector<OperationNote>> notesAfter(qint64 afterNoteId, int limit) override;
    Result<std::vector<ProviderLookup>> providerLookupsAfter(qint64 afterLookupId, int limit) override;
    Result<std::vector<ResponseBody>> responseBodiesAfter(const QString &afterSha256, int limit) override;
    Result<TableCounts> tableCounts() override;

    // Schema version 2: implemented in pgstorenotes.cpp.
    int schemaVersion() const override { return m_schemaVersion; }
    bool mayUpgradeSchema() const override { return !m_readOnly && m_ownsStore; }
    Result<int> upgradeSchema() override;
    Result<QStringList> missingIndexes() override;
    Result<QStringList> addMissingIndexes() override;
    Result<OperationNote> addNote(const NoteDraft &draft) override;
    Result<std::vector<OperationNote>> notesOf(const QStringList &operationIds) override;
    Result<std::vector<ProviderLookup>> addProviderLookups(const std::vector<ProviderLookupDraft> &drafts) override;
    Result<std::vector<ResponseBody>> responseBodies(const QStringList &addresses) override;
    Result<std::vector<ProviderLookup>> providerLookups(const QString &operationId) override;
    Result<std::vector<ProviderLookup>> providerLookupsOf(const QStringList &operationIds) override;

    Result<int> insertEvents(const std::vector<WebhookEvent> &events) override;
    Result<void> setMeta(const QString &key, const QString &value) override;
    Result<bool> replaceMeta(const QString &key, const QString &expected, const QString &value) override;

    Result<Operation> claim(const QString &operationId, const SeenState &seen, const QString &operatorName,
                            bool takeOver) override;
    Result<Operation> release(const QString &operationId, const SeenState &seen,
                              const QString &operatorName) override;
    Result<Resolution> recordResolution(const ResolutionDraft &draft, const SeenState &seen) override;
    // In one pipeline, a transaction each; their evidence in one more (pgstoredecisions.cpp).
    DecisionsMade decideMany(const std::vector<DecisionRequest> &decisions) override;
    Result<EvidenceInputs> evidenceInputsOfEach(const std::vector<Operation> &operations) override;

    std::optional<Error> beginSnapshot() override;
    void endSnapshot() override;

    Result<std::vector<AuditEntry>> auditPage(const AuditQuery &query, std::optional<qint64> afterId,
                                              int limit) override;
    Result<qint64> auditCount(const AuditQuery &query) override;
    Result<std::vector<AuditTotal>> auditTotals(const AuditQuery &query) override;
    Result<QStringList> auditOperators() override;
    Result<std::vector<ExposureChange>> exposureChanges() override;
    Result<std::vector<DailyDecisions>> decisionsByDay() override;
    Result<std::vector<InvariantViolation>> checkInvariants() override;

    void setRecordingQueryPlans(bool on) override;
    Result<std::vector<QueryPlan>> recordedQueryPlans() override;

private:
    // The reads, as PgReader runs them (here for the other parts of the class).
    PgResult read(const QByteArray &sql, const PgParams &params, const QString &doing, std::optional<Error> &error)
    {
        return m_reader.read(sql, params, doing, error);
    }
    Result<std::vector<Operation>> readOperations(const QByteArray &sql, const PgParams &params, const QString &doing)
    {
        return m_reader.readOperations(sql, params, doing);
    }
    Result<std::vector<Resolution>> readResolutions(const QByteArray &sql, const PgParams &params)
    {
        return m_reader.readResolutions(sql, params);
    }
    std::optional<Error> pipelineFailure(const std::vector<PgResult> &answers, std::initializer_list<int> statements,
                                         bool ownTransaction, const QString &doing)
    {
        return m_reader.pipelineFailure(answers, statements, ownTransaction, doing);
    }
    PgQueueReader queueReader() { return PgQueueReader(m_reader, *m_connection, m_schemaVersion); }
    PgTableReader tableReader() { return PgTableReader(m_reader, location(), m_schemaVersion); }
    std::optional<Error> refuseWrite() const;
    // refuseWrite(), except for a reconciler's login (keepsProviderAnswers()): what the
    // events, the lookups and store_meta's rows check first.
    std::optional<Error> refuseAnswerWrite() const;
    // refuseAnswerWrite(), a key of the schema's refused, and the connection restored if lost.
    std::optional<Error> refuseMetaWrite(const QString &key);
    // The operator a write records: the login. An error when the caller named another.
    Result<QString> operatorFor(const QString &requested, const QString &doing) const;
    // Inside a write's transaction, in one pipeline: the operation's row, locked, and its
    // last resolution (what a conflict names), then `more`. An error unless the row is as
    // `seen`; `moreAnswers` gets the answers of `more`.
    Result<Operation> lockedForWrite(const QString &operationId, const SeenState &seen, const PgBatch &more = {},
                                     std::vector<PgResult> *moreAnswers = nullptr);
    Error describeChange(const Operation &current);
    // The statement lockedForWrite() reads the last resolution with, and its reading.
    static int addLastResolution(PgBatch &batch, const QString &operationId);
    static std::optional<Resolution> lastResolutionFrom(const PgResult &result);
    // The end of a claim or a release: runs `update` ($1 the time, $2 the operation, $3
    // the version read under the row lock), commits, and moves `operation` on to the new
    // version with the times the server kept (its own for any login but the owner's).
    // Returns the updated_at written.
    Result<qint64> updateAndCommit(PgTransaction &transaction, Operation &operation, const QByteArray &update,
                                   const QString &doing);
    // After a decision's COMMIT got no answer: whether the resolution is in the log.
    Result<Resolution> settleUnansweredCommit(const Resolution &resolution, const Error &lost);

    // Whether another session's commit is found by notification, on the store's
    // connection or on the listening one.
    bool hearsChanges() const;
    // Notifications the listening connection took (reconnecting it when lost); nothing
    // when it has none or it is away.
    int takeListenerNotifications();

    std::unique_ptr<PgConnection> m_connection;
    PgReader m_reader; // and the read snapshot
    // The location's listen= connection: LISTEN only, the server's or a session-mode entry's.
    std::unique_ptr<PgConnection> m_listener;
    std::unique_ptr<PgEventLookup> m_eventLookup;
    bool m_readOnly = false;
    bool m_keepsAnswers = false; // read-only, but a reconciler's login
    QString m_openNote;
    int m_schemaVersion = CurrentSchemaVersion;
    bool m_ownsStore = false; // the login owns the store's tables, or is a superuser
    PgReplicationStatus m_replication; // on a standby: its replay position, read once a second at most
    PgChangePoll m_changes;            // on a primary without LISTEN: its WAL position, likewise
    qint64 m_version = 0;
    // The longest a poll of dataVersion() waits on the server while reconnecting in
    // steps: enough for a local server's whole handshake, too little for a window to
    // notice.
    static constexpr int ReconnectStepMs = 20;
    // The key of the advisory lock that serialises appends to the audit chain ("rdchain"),
    // taken by every decision and append (roles-postgresql.sql).
    static constexpr qint64 ChainLockKey = 0x7264636861696e;
    bool m_recordingPlans = false;
    std::vector<std::pair<QByteArray, PgParams>> m_recorded; // statements and their values, in the order first run
    std::unordered_set<std::string> m_recordedSeen;
};

} // namespace RefundDesk::Internal
