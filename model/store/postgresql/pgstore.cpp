#include "store/postgresql/pgstore.h"

#include "store/postgresql/pgaudit.h"
#include "store/postgresql/pgcanceller.h"
#include "store/postgresql/pgconnection.h"
#include "store/postgresql/pgconninfo.h"
#include "store/postgresql/pgeventlookup.h"
#include "store/postgresql/pgreplicationstatus.h"
#include "store/postgresql/pgrows.h"
#include "store/postgresql/pgschema.h"
#include "store/postgresql/pgtransaction.h"
#include "store/storetext.h"

#include <QCoreApplication>

namespace RefundDesk::Internal {

// ---- Opening ----

Result<std::unique_ptr<Store>> PgStore::open(const QString &location, OpenMode mode)
{
    auto info = PgConnInfo::parse(location);
    if (!info)
        return info.error();
    const bool readOnly = mode == OpenMode::ReadOnly;
    // After the connection's handshake, one pipeline: the session's setup (and LISTEN), the
    // schema check, what the login may do, and a standby's replay position, asked of
    // every server since whether it is a standby is only known from the same pipeline.
    auto connection = PgConnection::connect(*info, readOnly, PgConnection::Setup::WithFirstPipeline);
    if (!connection)
        return connection.error();
    PgConnection &opened = **connection;
    PgBatch batch;
    const PgSchema::Checks checks = PgSchema::addChecks(batch);
    const int replaying = PgReplicationStatus::addRead(batch);
    const std::vector<PgResult> answers = opened.execAll(batch);
    if (opened.sessionError())
        return *opened.sessionError();
    auto schema = PgSchema::checkAnswers(opened, answers, checks);
    if (!schema)
        return schema.error();
    const bool ownsStore = PgSchema::ownerAnswer(answers[size_t(checks.owner)]);
    // A standby takes reads only: it opens read-only, whatever was asked, and says so.
    if (opened.isStandby()) {
        PgReplicationStatus replication;
        if (auto read = replication.take(opened, answers[size_t(replaying)]); !read)
            return read.error();
        auto store = std::make_unique<PgStore>(std::move(*connection), true, replication.openNote(), *schema);
        store->m_replication = replication;
        return std::unique_ptr<Store>(std::move(store));
    }
    QString note;
    if (!readOnly) {
        auto why = PgSchema::rightsAnswer(opened, answers[size_t(checks.rights)]);
        if (!why)
            return why.error();
        note = *why;
    }
    // A login that may not write gets read-only transactions too, so the server refuses
    // what the store would refuse first; a reconciler's login writes what it keeps, and
    // the server's rights and triggers hold it to that.
    const bool openedReadOnly = readOnly || !note.isEmpty();
    const bool keepsAnswers = !readOnly && PgSchema::keepsAnswersOnly(answers[size_t(checks.rights)]);
    opened.setReadOnly(openedReadOnly && !keepsAnswers);
    auto store = std::make_unique<PgStore>(std::move(*connection), openedReadOnly, note, *schema, ownsStore);
    store->setKeepsAnswers(keepsAnswers);
    if (!info->listenLocation().isEmpty()) {
        auto listenInfo = PgConnInfo::parse(info->listenLocation());
        auto listener = listenInfo ? PgConnection::connect(*listenInfo, true)
                                   : Result<std::unique_ptr<PgConnection>>(listenInfo.error());
        if (!listener)
            return Error::unavailable(QCoreApplication::translate("Store", "Cannot open the listening connection (listen=%1): "
                                                                           "%2")
                                          .arg(info->listenLocation(), listener.error().message));
        store->m_listener = std::move(*listener);
    }
    return std::unique_ptr<Store>(std::move(store));
}

Result<std::unique_ptr<Store>> PgStore::create(const QString &location)
{
    auto info = PgConnInfo::parse(location);
    if (!info)
        return info.error();
    auto connection = PgConnection::connect(*info, false);
    if (!connection)
        return connection.error();
    {
        PgTransaction transaction(**connection);
        if (auto applied = PgSchema::apply(**connection); !applied)
            return applied.error();
        PgResult committed = transaction.commit();
        if (!committed.isOk())
            return connection.value()->errorFor(committed, QCoreApplication::translate("Store", "creating the store", "what the store was doing when it failed"));
    }
    return open(info->display(), OpenMode::ReadWrite);
}

PgStore::PgStore(std::unique_ptr<PgConnection> connection, bool readOnly, const QString &openNote,
                 int schemaVersion, bool ownsStore)
    : m_connection(std::move(connection))
    , m_reader(*m_connection)
    , m_eventLookup(std::make_unique<PgEventLookup>(*m_connection))
    , m_readOnly(readOnly)
    , m_openNote(openNote)
    , m_schemaVersion(schemaVersion)
    , m_ownsStore(ownsStore)
{
}

PgStore::~PgStore() = default;

QString PgStore::location() const
{
    return m_connection->location();
}

std::optional<StandbyStatus> PgStore::standbyStatus() const
{
    if (!m_connection->isStandby() && !m_replication.status().promoted)
        return std::nullopt;
    return m_replication.status();
}

QString PgStore::sessionOperator() const
{
    return m_connection->sessionUser();
}

// ---- Snapshots ----

std::optional<Error> PgStore::beginSnapshot()
{
    return m_reader.beginSnapshot();
}

void PgStore::endSnapshot()
{
    m_reader.endSnapshot();
}

// ---- Diagnostics ----

void PgStore::setRecordingQueryPlans(bool on)
{
    m_recordingPlans = on;
    if (!on) {
        m_connection->setStatementObserver({});
        return;
    }
    m_recorded.clear();
    m_recordedSeen.clear();
    m_connection->setStatementObserver([this](const QByteArray &sql, const PgParams &params) {
        if (m_recordedSeen.insert(sql.toStdString()).second)
            m_recorded.emplace_back(sql, params);
    });
}

Result<std::vector<QueryPlan>> PgStore::recordedQueryPlans()
{
    // Explaining runs statements too: note none of them.
    m_connection->setStatementObserver({});
    std::vector<QueryPlan> plans;
    std::optional<Error> failure;
    for (const auto &[sql, params] : m_recorded) {
        QueryPlan plan;
        plan.sql = QString::fromUtf8(sql);
        PgResult explained = m_connection->exec("EXPLAIN " + sql, params);
        if (!explained.isOk() && !failure)
            failure = m_connection->errorFor(explained, QCoreApplication::translate("Store", "explaining %1", "what the store was doing when it failed").arg(plan.sql));
        for (int row = 0; row < explained.rows(); ++row)
            plan.steps << explained.text(row, 0);
        plans.push_back(std::move(plan));
    }
    setRecordingQueryPlans(m_recordingPlans);
    if (failure)
        return *failure;
    return plans;
}

// ---- The audit block: read-only queries, implemented in pgaudit.cpp ----

Result<std::vector<AuditEntry>> PgStore::auditPage(const AuditQuery &query, std::optional<qint64> afterId, int limit)
{
    return PgAudit(*m_connection).page(query, afterId, limit);
}

Result<qint64> PgStore::auditCount(const AuditQuery &query)
{
    return PgAudit(*m_connection).count(query);
}

Result<std::vector<AuditTotal>> PgStore::auditTotals(const AuditQuery &query)
{
    return PgAudit(*m_connection).totals(query);
}

Result<QStringList> PgStore::auditOperators()
{
    return PgAudit(*m_connection).operators();
}

Result<std::vector<ExposureChange>> PgStore::exposureChanges()
{
    return PgAudit(*m_connection).exposureChanges();
}

Result<std::vector<DailyDecisions>> PgStore::decisionsByDay()
{
    return PgAudit(*m_connection).decisionsByDay();
}

Result<std::vector<InvariantViolation>> PgStore::checkInvariants()
{
    return PgAudit(*m_connection).checkInvariants();
}

std::shared_ptr<StoreCanceller> PgStore::canceller()
{
    return m_connection->canceller();
}

} // namespace RefundDesk::Internal
