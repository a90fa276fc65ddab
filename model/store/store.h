#pragma once

#include "domain/attempt.h"
#include "domain/operation.h"
#include "domain/operationnote.h"
#include "domain/providerlookup.h"
#include "domain/resolution.h"
#include "domain/result.h"
#include "domain/webhookevent.h"
#include "store/auditquery.h"
#include "store/decisionbatch.h"
#include "store/operationreading.h"
#include "store/queuepagereading.h"
#include "store/queryplan.h"
#include "store/queuequery.h"
#include "store/standbystatus.h"
#include "store/storecanceller.h"
#include "store/storetables.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace RefundDesk {

// The shared store as Refund Desk sees it: reads, and the few writes an operator may
// make. It offers no way to create an operation or write an idempotency key.
//
// One Store is one connection: use it from one thread at a time, and open another
// for work on another thread. Every write is one transaction that first checks that the
// operation is still in the state the caller saw; if not, it returns a Conflict error
// that says what changed, and writes nothing.
class Store
{
public:
    // ReadWrite falls back to read-only when the user may not write the store (file,
    // folder or medium): isReadOnly() then tells, and openNote() says why. ReadOnly never
    // creates or changes a file, not even SQLite's -wal and -shm.
    enum class OpenMode { ReadWrite, ReadOnly };

    virtual ~Store() = default;

    virtual QString location() const = 0;
    virtual bool isReadOnly() const = 0;
    // Whether this connection may keep what the provider answered: events, provider
    // lookups and the store_meta rows its jobs keep their place in (a store open for
    // writing; on PostgreSQL also a refund_desk_reconciler login, read-only otherwise).
    virtual bool keepsProviderAnswers() const { return !isReadOnly(); }
    // A note for the status bar about how the store was opened (e.g. an immutable
    // read-only fallback); empty when there is nothing to say. It gives the technical
    // reason; freshness() says what it means for what a person sees.
    virtual QString openNote() const = 0;
    // Whether reads follow other programs' changes. Live: they do. Snapshot: the store was
    // opened immutable (SQLite), so reads show it as it was when it was opened, and later
    // changes only after opening it again. IncompleteSnapshot: a snapshot of a copy whose
    // -wal file holds changes it cannot read, so even some earlier changes are missing.
    enum class Freshness { Live, Snapshot, IncompleteSnapshot };
    virtual Freshness freshness() const { return Freshness::Live; }
    // The name this store records as the operator of every claim, release and decision,
    // whatever the caller names: on PostgreSQL the database login (session_user), which
    // the server enforces. Empty when the caller names the operator (SQLite). A write
    // that names someone else is refused.
    virtual QString sessionOperator() const = 0;

    // store_meta; key_retention_hours drives the key window.
    virtual Result<QString> meta(const QString &key) = 0;
    virtual Result<int> keyRetentionHours() = 0;

    // Changes whenever another connection commits (SQLite: PRAGMA data_version; PostgreSQL:
    // the change notifications already received, no query): cheap to poll. On PostgreSQL
    // a lost connection is restored here; until it is, the error says "reconnecting…".
    virtual Result<qint64> dataVersion() = 0;
    // For a store used on a UI thread: a lost connection is then restored without ever
    // waiting on the server (a step per dataVersion() poll), and until it is back every
    // read and write fails at once saying "reconnecting…". Off, a reconnect waits for the
    // server, up to its connect_timeout. SQLite has no connection to restore.
    virtual void setReconnectWithoutWaiting(bool /*on*/) {}
    // On a PostgreSQL hot standby (opened read-only, however asked): how far behind the
    // primary it was at the last look, which was on opening and then at most once a second
    // in dataVersion(); no query. None on a primary and on SQLite.
    virtual std::optional<StandbyStatus> standbyStatus() const { return std::nullopt; }
    // Whether dataVersion() finds other sessions' changes by asking the server once a
    // second rather than by being told (PostgreSQL behind a transaction pooler, where no
    // LISTEN can be had): they then show up to a second later. No query.
    virtual bool pollsForChanges() const { return false; }
    // How the link to a server is protected: the TLS protocol ("TLS 1.3"), empty when a
    // link to another machine is not encrypted; none when nothing leaves this machine
    // unencrypted (SQLite, a Unix socket, loopback). No query.
    virtual std::optional<QString> encryption() const { return std::nullopt; }
    // What stops this store's running statement from another thread (see StoreCanceller);
    // nothing where statements cannot be stopped. Asked on the store's own thread.
    virtual std::shared_ptr<StoreCanceller> canceller() { return nullptr; }

    // The queue, oldest first by default, one page after `after` (or from the start).
    virtual Result<std::vector<Operation>> queuePage(const QueueQuery &query,
                                                     const std::optional<QueueCursor> &after,
                                                     int limit) = 0;

    // queuePage() with each row's detail (QueueRowDetail: the follow-up it waits for), read
    // in the same statement.
    virtual Result<QueueRows> queueRows(const QueueQuery &query, const std::optional<QueueCursor> &after,
                                        int limit) = 0;

    // The keys (sort value and operation id, as cursorAfter() makes them) of the first
    // `limit` rows of the queue under `query`: what a refresh needs to notice rows that
    // arrived, left or moved without reading the rows themselves.
    virtual Result<std::vector<QueueCursor>> queueKeys(const QueueQuery &query, int limit) = 0;

    // How many operations each view of the queue holds for `operatorName` ("mine"), a
    // follow-up after `today` waiting, and how many `view` lists (its filters and search,
    // not its order; its day is `today`) with its oldest operation: one statement, one
    // round trip on a server. The default view is the whole queue.
    virtual Result<QueueCounts> queueCounts(const QString &operatorName, const QDate &today,
                                            const QueueQuery &view = {}) = 0;

    // queueRows() and candidateEventsOfEach() of its rows, as of one moment: a page and
    // its verdict inputs. By default the two reads inside one ReadSnapshot; on a server in
    // one round trip.
    virtual Result<QueuePageReading> queuePageWithEvents(const QueueQuery &query,
                                                         const std::optional<QueueCursor> &after, int limit);

    virtual Result<std::optional<Operation>> operation(const QString &operationId) = 0;
    // The operations named that the store holds, of any status, in one statement, by
    // operation_id; an id it does not hold is left out.
    virtual Result<std::vector<Operation>> operationsOf(const QStringList &operationIds) = 0;
    virtual Result<std::vector<Attempt>> attempts(const QString &operationId) = 0;
    // attempts() of every operation named, in one statement (one round trip on a server),
    // by operation_id then attempt_no: what asking about a page of the queue needs.
    virtual Result<std::vector<Attempt>> attemptsOf(const QStringList &operationIds) = 0;
    // The events that may belong to the operation: those whose operation_id, idempotency
    // key or refund id points at it, and those sharing a refund id with any of them.
    // The evidence layer decides how each one matched.
    virtual Result<std::vector<WebhookEvent>> candidateEvents(const Operation &operation) = 0;
    // candidateEvents() of each operation, in the order given: what listing many verdicts
    // needs, read in a few batched lookups.
    virtual Result<std::vector<std::vector<WebhookEvent>>> candidateEventsOfEach(const std::vector<Operation> &operations) = 0;
    virtual Result<std::vector<Operation>> orderOperations(const QString &orderId) = 0;
    // orderOperations() of every order named, in one statement, by order_id and within an
    // order as orderOperations() gives them.
    virtual Result<std::vector<Operation>> operationsOfOrders(const QStringList &orderIds) = 0;
    virtual Result<std::vector<Resolution>> resolutions(const QString &operationId) = 0;
    // What an operation's panel shows, as of one moment: operation(), and when there is
    // one its attempts(), candidateEvents(), orderOperations(), resolutions() and
    // keyRetentionHours() (24 when unreadable). By default those reads inside one
    // ReadSnapshot; on a server in one round trip.
    virtual Result<OperationReading> operationReading(const QString &operationId);

    // Resolutions in resolution_id order after `afterId`, at most `limit` of them.
    virtual Result<std::vector<Resolution>> resolutionsAfter(qint64 afterId, int limit) = 0;

    // Events the webhook receiver would have written; existing event ids are left alone.
    // Returns how many were new.
    virtual Result<int> insertEvents(const std::vector<WebhookEvent> &events) = 0;

    // Sets a store_meta row that a job keeps its place in (sync-events' cursor), in a
    // transaction of its own. The rows the store's own rules read (provider,
    // key_retention_hours, schema_version) are refused: they are the schema's.
    virtual Result<void> setMeta(const QString &key, const QString &value) = 0;
    // setMeta() only if the row still holds `expected` (empty: no row, or an empty value),
    // in one statement: a compare-and-set that two programs cannot both win (a lease, see
    // StoreLease). Whether it was set. The same rows are refused as by setMeta().
    virtual Result<bool> replaceMeta(const QString &key, const QString &expected, const QString &value) = 0;
    static bool isSchemaMetaKey(const QString &key);

    // unknown -> checking by `operatorName`. With takeOver, also checking by someone
    // else -> checking by `operatorName`. Claiming one's own claim again is a no-op.
    virtual Result<Operation> claim(const QString &operationId, const SeenState &seen,
                                    const QString &operatorName, bool takeOver) = 0;
    // checking by `operatorName` -> unknown.
    virtual Result<Operation> release(const QString &operationId, const SeenState &seen,
                                      const QString &operatorName) = 0;
    // unknown | checking -> the draft's outcome, and the resolution appended to the chain,
    // in one transaction. Rules about evidence are the Resolver's; the store only refuses
    // what would break the schema's meaning (a refunded outcome without a refund id, an
    // operation claimed by someone else).
    virtual Result<Resolution> recordResolution(const ResolutionDraft &draft, const SeenState &seen) = 0;

    // Many decisions, each still its own: checked against its seen state and recorded
    // atomically (the status and the resolution with its chain link), or not at all, as
    // recordResolution() does; one that cannot be recorded is told why and the rest go on.
    // A decision is reported recorded only once it is durable. By default one after
    // another; SQLite commits them in a chunk, each in a savepoint of its own, and
    // PostgreSQL sends them in one pipeline, each in a transaction of its own.
    virtual DecisionsMade decideMany(const std::vector<DecisionRequest> &decisions);
    // Whether an error of this kind stops a batch (the store cannot go on) rather than
    // leaving out one decision (Conflict, Refused, Usage).
    static bool endsABatch(ErrorKind kind);
    // candidateEventsOfEach() and providerLookupsOfEach() as of one moment: what checking
    // many reviewed verdicts again needs. By default inside one ReadSnapshot; on a server
    // in one round trip.
    virtual Result<EvidenceInputs> evidenceInputsOfEach(const std::vector<Operation> &operations);

    // ---- Schema versions 2 (notes and provider lookups) and 3 (each operation's payment) ----

    // The store's schema version as it was opened (1, 2 or 3), or 3 once upgradeSchema() took.
    virtual int schemaVersion() const = 0;
    // Whether this connection may move an older store to version 3: SQLite, when it may
    // write the file; PostgreSQL, when the login owns the store (changing tables is the
    // owner's).
    virtual bool mayUpgradeSchema() const = 0;
    // Version 1 or 2 -> 3 in one transaction: version 2's two tables (and on PostgreSQL
    // their rights for the roles of roles-postgresql.sql) where the store is at version 1,
    // then refund_ops' payment_id and the trigger that keeps it once written. Returns the
    // version the store had: 3 when it was 3 already, and then nothing is done. A failure
    // changes nothing.
    virtual Result<int> upgradeSchema() = 0;
    // The indexes the store's schema version has in this build and the store lacks (one
    // created at version 2 before the index joined it), by name: none on a complete store.
    virtual Result<QStringList> missingIndexes() = 0;
    // Adds missingIndexes() in one transaction (CREATE INDEX IF NOT EXISTS) and returns the
    // names of those it added. Who may: as for upgradeSchema(). A failure changes nothing.
    virtual Result<QStringList> addMissingIndexes() = 0;

    // Appends a note to an operation in any status. The store records the time, and on
    // PostgreSQL the login (a draft naming another is refused). Refused on a version 1 store.
    virtual Result<OperationNote> addNote(const NoteDraft &draft) = 0;
    // The notes of each operation named, in note_id order (those of one operation
    // together, in the order of the ids given); none on a version 1 store.
    virtual Result<std::vector<OperationNote>> notesOf(const QStringList &operationIds) = 0;
    Result<std::vector<OperationNote>> notes(const QString &operationId) { return notesOf({operationId}); }

    // Appends what the provider answered about an operation, as the draft holds it; the
    // store records the time, and on PostgreSQL the login. Refused on a version 1 store.
    // Version 3 keeps each response body once (provider_bodies, by its address), in the
    // same transaction as the lookup that names it; version 2 keeps the bodies inside the
    // lookup's requests (LookupBodies::inlined).
    Result<ProviderLookup> addProviderLookup(const ProviderLookupDraft &draft);
    // Appends several lookups in one transaction (SQLite) or one pipeline (PostgreSQL): all
    // of them with their bodies, or none. The kept rows (with the bodies they name), in
    // the order of the drafts.
    virtual Result<std::vector<ProviderLookup>> addProviderLookups(const std::vector<ProviderLookupDraft> &drafts) = 0;
    // The bodies kept under these addresses (schema version 3), each once, in no order;
    // an address the store does not hold is left out. None before version 3.
    virtual Result<std::vector<ResponseBody>> responseBodies(const QStringList &addresses) = 0;
    // The lookups with the bodies their requests name read into them (ProviderLookup::bodies).
    Result<void> readBodiesInto(std::vector<ProviderLookup> &lookups);
    // An operation's lookups in lookup_id order; none on a version 1 store.
    virtual Result<std::vector<ProviderLookup>> providerLookups(const QString &operationId) = 0;
    // The lookups of each operation named, in one statement: those of one operation
    // together, in lookup_id order, in the order of the ids given; none on version 1.
    virtual Result<std::vector<ProviderLookup>> providerLookupsOf(const QStringList &operationIds) = 0;
    // providerLookupsOf() split by operation, in the order given: what listing many
    // verdicts needs beside candidateEventsOfEach().
    Result<std::vector<std::vector<ProviderLookup>>> providerLookupsOfEach(const std::vector<Operation> &operations);
    static std::vector<std::vector<ProviderLookup>> lookupsByOperation(const std::vector<Operation> &operations,
                                                                       std::vector<ProviderLookup> rows);

    // ---- Whole tables, for a copy of the store ----

    // Each reads one table in its primary key's order, a page at a time: the rows after
    // the key given (from the first when none), at most `limit` of them, with
    // WHERE key > ? ORDER BY key LIMIT ? (never OFFSET). Read them inside one ReadSnapshot
    // so that the pages agree. Resolutions page with resolutionsAfter().
    //
    // Every store_meta row, by key, except a row the backend keeps its own schema version
    // in (each store's schema sets that itself).
    virtual Result<std::vector<MetaEntry>> metaEntries() = 0;
    // refund_ops of every status, by operation_id.
    virtual Result<std::vector<Operation>> operationsAfter(const std::optional<QString> &afterOperationId,
                                                           int limit) = 0;
    // refund_attempts by (operation_id, attempt_no).
    virtual Result<std::vector<Attempt>> attemptsAfter(const std::optional<AttemptKey> &after, int limit) = 0;
    // webhook_events by event_id, each payload as its stored bytes.
    virtual Result<std::vector<StoredEvent>> eventsAfter(const std::optional<QString> &afterEventId, int limit) = 0;
    // operation_notes and provider_lookups by id, after the id given; none on version 1.
    virtual Result<std::vector<OperationNote>> notesAfter(qint64 afterNoteId, int limit) = 0;
    virtual Result<std::vector<ProviderLookup>> providerLookupsAfter(qint64 afterLookupId, int limit) = 0;
    // provider_bodies by address, after the address given (from the first when empty);
    // none before version 3.
    virtual Result<std::vector<ResponseBody>> responseBodiesAfter(const QString &afterSha256, int limit) = 0;
    // The rows of each table: what a copy checks its two ends against.
    virtual Result<TableCounts> tableCounts() = 0;

    // ---- Snapshots ----

    // Between beginSnapshot() and endSnapshot() every read sees the store as it was at the
    // first of them: one read transaction rather than one per statement. Readings that
    // belong together (a queue listing and the events behind its verdicts, an operation's
    // panel) then agree with each other, and on a large store they cost far less. Nested
    // calls count; writes are refused while a snapshot is open. Hold one briefly (it keeps
    // the store from folding its write-ahead log) and prefer ReadSnapshot, which ends it.
    virtual std::optional<Error> beginSnapshot() = 0;
    virtual void endSnapshot() = 0;

    // ---- The audit: read-only queries over the resolutions (model/audit uses them) ----

    // Resolutions matching `query`, each with its operation, in resolution_id order
    // (descending with newestFirst), one page after the resolution `afterId`.
    virtual Result<std::vector<AuditEntry>> auditPage(const AuditQuery &query, std::optional<qint64> afterId,
                                                      int limit) = 0;
    virtual Result<qint64> auditCount(const AuditQuery &query) = 0;
    // Count and sum of amounts by outcome and currency.
    virtual Result<std::vector<AuditTotal>> auditTotals(const AuditQuery &query) = 0;
    // Everyone who recorded a resolution, sorted.
    virtual Result<QStringList> auditOperators() = 0;
    // The unknown exposure's daily changes (see ExposureChange) and the decisions per day,
    // both in day order.
    virtual Result<std::vector<ExposureChange>> exposureChanges() = 0;
    virtual Result<std::vector<DailyDecisions>> decisionsByDay() = 0;
    // The store's invariants beyond the hash chain (DESIGN.md, "The rules"): statuses agree
    // with the last resolutions, refunded rows carry a refund id, keys are unique, the
    // triggers and unique indexes are in place, every resolution names an operation, an
    // operation is decided once. Empty when all hold.
    virtual Result<std::vector<InvariantViolation>> checkInvariants() = 0;

    // ---- Diagnostics ----

    // While on, the store notes every distinct statement it runs; recordedQueryPlans()
    // then gives each with the plan the database chose for it. The query-plan tests use it
    // to prove that the console's reads go through indexes. Off by default, and free then.
    virtual void setRecordingQueryPlans(bool on) = 0;
    virtual Result<std::vector<QueryPlan>> recordedQueryPlans() = 0;
};

// A snapshot for the life of a scope (see Store::beginSnapshot). When it cannot begin,
// error() says why and the reads that follow see the store statement by statement.
class ReadSnapshot final
{
public:
    explicit ReadSnapshot(Store &store) : m_store(store), m_error(store.beginSnapshot()) {}
    ~ReadSnapshot()
    {
        if (!m_error)
            m_store.endSnapshot();
    }
    ReadSnapshot(const ReadSnapshot &) = delete;
    ReadSnapshot &operator=(const ReadSnapshot &) = delete;

    const std::optional<Error> &error() const { return m_error; }

private:
    Store &m_store;
    std::optional<Error> m_error;
};

// Opens or creates stores. The only place that knows which backend a location uses: a
// postgresql:// or postgres:// URI or a libpq keyword string ("host=... dbname=...") is
// a PostgreSQL database, anything else an SQLite file. location() never holds a password.
class StoreFactory final
{
public:
    // Opens an existing store. Never creates a file (or, on PostgreSQL, a table).
    static Result<std::unique_ptr<Store>> open(const QString &path, Store::OpenMode mode);
    // Creates an empty store with the current schema. Refuses to touch an existing file
    // (or a database that holds a store already).
    static Result<std::unique_ptr<Store>> create(const QString &path);
    // Whether a store at this location records the login as the operator (PostgreSQL),
    // so that a caller need not name one.
    static bool recordsLoginAsOperator(const QString &path);
    // The location as every message and list shows it: a PostgreSQL location without its
    // password (what location() gives once open), a path as it is.
    static QString displayLocation(const QString &path);
};

} // namespace RefundDesk
