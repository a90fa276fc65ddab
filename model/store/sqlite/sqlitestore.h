#pragma once

#include "store/schemaversion.h"
#include "store/store.h"

#include <QByteArray>

#include <memory>
#include <unordered_map>
#include <unordered_set>

struct sqlite3;

namespace RefundDesk::Internal {

class SqliteEventLookup;
class SqliteInterrupter;
class SqliteStatement;
class ScopedStatement;

// The SQLite backend of Store: one sqlite3 connection, its prepared statements kept for
// reuse, and every write in one IMMEDIATE transaction guarded by RAII.
//
// Implemented in sqlitestore.cpp (opening, snapshots, diagnostics), sqlitestorereads.cpp,
// sqlitestorewrites.cpp, sqlitestorenotes.cpp (schema version 2's tables) and, for the
// audit's queries, sqliteaudit.cpp.
class SqliteStore final : public Store
{
public:
    // StoreFactory's SQLite side: an existing store file, or a new one.
    static Result<std::unique_ptr<Store>> openFile(const QString &path, OpenMode mode);
    static Result<std::unique_ptr<Store>> createFile(const QString &path);

    // Takes ownership of an open connection whose schema has been checked.
    SqliteStore(sqlite3 *db, const QString &path, bool readOnly, const QString &openNote,
                Freshness freshness = Freshness::Live, int schemaVersion = CurrentSchemaVersion);
    ~SqliteStore() override;

    QString location() const override { return m_path; }
    bool isReadOnly() const override { return m_readOnly; }
    QString openNote() const override { return m_openNote; }
    Freshness freshness() const override { return m_freshness; }
    QString sessionOperator() const override { return {}; }

    std::shared_ptr<StoreCanceller> canceller() override;
    Result<QString> meta(const QString &key) override;
    Result<int> keyRetentionHours() override;
    Result<qint64> dataVersion() override;

    Result<std::vector<Operation>> queuePage(const QueueQuery &query,
                                             const std::optional<QueueCursor> &after,
                                             int limit) override;
    Result<QueueRows> queueRows(const QueueQuery &query, const std::optional<QueueCursor> &after,
                                int limit) override;
    Result<std::vector<QueueCursor>> queueKeys(const QueueQuery &query, int limit) override;
    Result<QueueCounts> queueCounts(const QString &operatorName, const QDate &today,
                                    const QueueQuery &view = {}) override;
    Result<std::optional<Operation>> operation(const QString &operationId) override;
    Result<std::vector<Operation>> operationsOf(const QStringList &operationIds) override;
    Result<std::vector<Attempt>> attempts(const QString &operationId) override;
    Result<std::vector<Attempt>> attemptsOf(const QStringList &operationIds) override;
    Result<std::vector<WebhookEvent>> candidateEvents(const Operation &operation) override;
    Result<std::vector<std::vector<WebhookEvent>>> candidateEventsOfEach(const std::vector<Operation> &operations) override;
    Result<std::vector<Operation>> orderOperations(const QString &orderId) override;
    Result<std::vector<Operation>> operationsOfOrders(const QStringList &orderIds) override;
    Result<std::vector<Resolution>> resolutions(const QString &operationId) override;
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

    // Schema version 2: implemented in sqlitestorenotes.cpp.
    int schemaVersion() const override { return m_schemaVersion; }
    bool mayUpgradeSchema() const override { return !m_readOnly; }
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

    Result<Operation> claim(const QString &operationId, const SeenState &seen,
                            const QString &operatorName, bool takeOver) override;
    Result<Operation> release(const QString &operationId, const SeenState &seen,
                              const QString &operatorName) override;
    Result<Resolution> recordResolution(const ResolutionDraft &draft, const SeenState &seen) override;
    // In chunks: one transaction, each decision in a savepoint of its own (sqlitestoredecisions.cpp).
    DecisionsMade decideMany(const std::vector<DecisionRequest> &decisions) override;
    // How long decideMany() holds the write lock at most before it commits what it has
    // decided and leaves the rest to the next call.
    static constexpr int ChunkMs = 100;

    // The audit block: read-only queries, implemented by SqliteAudit (sqliteaudit.cpp).
    Result<std::vector<AuditEntry>> auditPage(const AuditQuery &query, std::optional<qint64> afterId,
                                              int limit) override;
    Result<qint64> auditCount(const AuditQuery &query) override;
    Result<std::vector<AuditTotal>> auditTotals(const AuditQuery &query) override;
    Result<QStringList> auditOperators() override;
    Result<std::vector<ExposureChange>> exposureChanges() override;
    Result<std::vector<DailyDecisions>> decisionsByDay() override;
    Result<std::vector<InvariantViolation>> checkInvariants() override;

    std::optional<Error> beginSnapshot() override;
    void endSnapshot() override;

    void setRecordingQueryPlans(bool on) override;
    Result<std::vector<QueryPlan>> recordedQueryPlans() override;

    // How long a connection waits for another's write lock before it answers "busy".
    static constexpr int BusyTimeoutMs = 5000;

    // Turns an SQLite result code into an Error a person can act on.
    static Error errorFor(sqlite3 *db, int code, const QString &path, const QString &doing);

private:
    ScopedStatement cached(const QByteArray &sql);
    Error sqliteError(int code, const QString &doing) const;
    // Why this connection may not write now (read-only, or inside a snapshot), if so.
    std::optional<Error> refuseWrite() const;
    // Why a write against `seen` cannot go ahead, or nothing when it can.
    Result<Operation> currentForWrite(const QString &operationId, const SeenState &seen);
    // The audit chain's last link, as read under the write lock: what the next resolution
    // follows. A batch reads it once and carries it from one decision to the next.
    struct ChainEnd
    {
        qint64 resolutionId = 0;
        QString hash;
    };
    Result<ChainEnd> chainEnd();
    // A decision's two writes inside the caller's transaction: the status change against
    // `operation` (read under the write lock) and its resolution appended to the chain
    // after `end`, which then names the new link.
    Result<Resolution> appendDecision(const ResolutionDraft &draft, const Operation &operation, ChainEnd &end);
    // One decision of decideMany(), in a savepoint rolled back alone when it cannot be made;
    // `end` moves on only when it is recorded.
    Result<Resolution> decideInSavepoint(const DecisionRequest &decision, ChainEnd &end);
    // What the store was doing, for a failure of the decision on `operationId`.
    static QString recordingOutcomeOf(const QString &operationId);
    // A Conflict that says what the operation is now, and who made it so.
    Error describeChange(const Operation &current);
    std::optional<Resolution> lastResolutionOf(const QString &operationId);
    Result<std::vector<Operation>> readOperations(SqliteStatement &statement);
    Result<std::vector<Resolution>> readResolutions(SqliteStatement &statement);
    // Every row the statement gives, each made by rowFrom(statement).
    template<typename RowFrom>
    auto readRows(SqliteStatement &statement, RowFrom rowFrom, const QString &doing)
        -> Result<std::vector<decltype(rowFrom(statement))>>;
    // A queue read gives whole rows, whole rows with their detail (QueueSql::detailColumns),
    // or only their keys (sort value and operation id).
    enum class QueueRead { Rows, RowsWithDetail, Keys };
    // Which rows after the cursor (sort value ?3, operation id ?4) a queue read takes:
    // none (from the start), all, those with the cursor's sort value, or those after it.
    enum class CursorPart { None, Whole, SameSortValue, LaterSortValues };
    // A queue read of the rows `query` lists, in its order, from `cursor`, at most ?5 of
    // them; bindQueue() binds the values.
    QByteArray queueSql(const QueueQuery &query, QueueRead read, CursorPart cursor);
    void bindQueue(SqliteStatement &statement, const QueueQuery &query, const std::optional<QueueCursor> &after,
                   int limit, QueueRead read = QueueRead::Rows);
    // A page of the queue as `read` gives it, each row made by rowFrom(statement).
    template<typename RowFrom>
    auto readQueue(const QueueQuery &query, const std::optional<QueueCursor> &after, int limit, QueueRead read,
                   RowFrom rowFrom) -> Result<std::vector<decltype(rowFrom(std::declval<SqliteStatement &>()))>>;
    // The index that serves `query` (reading only the keys, or the rows), when this store
    // has it; empty to let SQLite choose.
    QByteArray queueIndexFor(const QueueQuery &query, bool keysOnly);
    bool hasIndex(const QByteArray &name);
    void traceStatements(bool on);
    void recordStatement(const char *sql);

    sqlite3 *m_db = nullptr;
    std::shared_ptr<SqliteInterrupter> m_interrupter;
    QString m_path;
    bool m_readOnly = false;
    QString m_openNote;
    Freshness m_freshness = Freshness::Live;
    int m_schemaVersion = CurrentSchemaVersion;
    int m_snapshotDepth = 0;
    std::unordered_map<std::string, std::unique_ptr<SqliteStatement>> m_statements;
    std::unique_ptr<SqliteEventLookup> m_eventLookup;
    bool m_recordingPlans = false;
    std::vector<std::string> m_recordedSql; // in the order first run
    std::unordered_set<std::string> m_recordedSeen;
};

} // namespace RefundDesk::Internal
