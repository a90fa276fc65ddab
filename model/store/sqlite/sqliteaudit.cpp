#include "store/sqlite/sqliteaudit.h"

#include "store/schemaversion.h"

#include "store/invariantqueries.h"
#include "store/sqlite/sqliterows.h"
#include "store/sqlite/sqlitestatement.h"
#include "store/sqlite/sqlitestore.h"

#include <QCoreApplication>
#include <QFile>

#include <sqlite3.h>

#include <memory>

namespace RefundDesk::Internal {

namespace {

// The statement's current row, for the shared invariant queries.
class SqliteInvariantRow final : public InvariantRow
{
public:
    explicit SqliteInvariantRow(const SqliteStatement &statement) : m_statement(statement) {}
    QString text(int column) const override { return m_statement.text(column); }
    qint64 integer(int column) const override { return m_statement.integer(column); }
    bool isNull(int column) const override { return m_statement.isNull(column); }

private:
    const SqliteStatement &m_statement;
};

// The filter part of every audit query; values are bound as ?1..?4 by bindFilter().
// The unary + on recorded_at keeps SQLite walking the rowid (resolution_id) order, so a
// page after a cursor never sorts the whole date range.
QByteArray whereClause(const AuditQuery &query)
{
    QByteArray sql = " WHERE 1";
    if (query.fromMs)
        sql += " AND +r.recorded_at >= ?1";
    if (query.toMs)
        sql += " AND +r.recorded_at < ?2";
    if (!query.operatorName.isEmpty())
        sql += " AND r.operator = ?3";
    if (query.outcome)
        sql += " AND r.outcome = ?4";
    if (query.overridesOnly)
        sql += " AND r.overrides_evidence = 1";
    return sql;
}

void bindFilter(SqliteStatement &s, const AuditQuery &query)
{
    if (query.fromMs)
        s.bind(1, *query.fromMs);
    if (query.toMs)
        s.bind(2, *query.toMs);
    if (!query.operatorName.isEmpty())
        s.bind(3, query.operatorName);
    if (query.outcome)
        s.bind(4, toString(*query.outcome));
}

AuditEntry entryFrom(const SqliteStatement &s)
{
    AuditEntry e;
    e.resolution = resolutionFrom(s);
    e.operationFound = s.integer(12) != 0;
    e.orderId = s.text(13);
    e.amountCents = s.integer(14);
    e.currency = s.text(15);
    return e;
}

// The schema objects the invariants compare against, as the compiled-in schema.sql
// creates them in a private in-memory database: name -> (table, normalized SQL).
struct ReferenceObject
{
    QString type;
    QString name;
    QString table;
    QString sql;
};

std::vector<ReferenceObject> referenceObjects(int schemaVersion, QString *problem)
{
    QFile file(QStringLiteral(":/refunddesk/schema.sql"));
    if (!file.open(QIODevice::ReadOnly)) {
        *problem = QStringLiteral("the schema resource is missing from this build");
        return {};
    }
    QByteArray schema = file.readAll();
    // A store of an older version holds what the text holds before the next version's part.
    for (int later = schemaVersion + 1; later <= CurrentSchemaVersion; ++later)
        schema.chop(schemaUpgradeText(schema, later).size());
    sqlite3 *raw = nullptr;
    if (sqlite3_open_v2(":memory:", &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK) {
        sqlite3_close_v2(raw);
        *problem = QStringLiteral("no memory for the reference schema");
        return {};
    }
    const std::unique_ptr<sqlite3, int (*)(sqlite3 *)> db(raw, sqlite3_close_v2);
    if (sqlite3_exec(db.get(), schema.constData(), nullptr, nullptr, nullptr) != SQLITE_OK) {
        *problem = QString::fromUtf8(sqlite3_errmsg(db.get()));
        return {};
    }
    std::vector<ReferenceObject> objects;
    SqliteStatement s(db.get(), "SELECT type, name, tbl_name, sql FROM sqlite_schema "
                                "WHERE type = 'trigger' OR (type = 'index' AND sql LIKE 'CREATE UNIQUE%') "
                                "ORDER BY type DESC, name");
    while (s.step() == SQLITE_ROW)
        objects.push_back({s.text(0), s.text(1), s.text(2), SqliteAudit::normalizedSql(s.text(3))});
    return objects;
}

QString whatTheObjectGuards(const QString &name)
{
    if (name == QLatin1String("refund_ops_key_immutable"))
        return QStringLiteral("an idempotency key could be changed");
    if (name == QLatin1String("refund_ops_payment_immutable"))
        return QStringLiteral("the payment behind an operation could be changed once written");
    if (name == QLatin1String("resolutions_no_update"))
        return QStringLiteral("a resolution could be edited in place");
    if (name == QLatin1String("resolutions_no_delete"))
        return QStringLiteral("a resolution could be deleted");
    if (name.startsWith(QLatin1String("operation_notes_no_")))
        return QStringLiteral("a note could be edited or deleted");
    if (name.startsWith(QLatin1String("provider_bodies_no_")))
        return QStringLiteral("a response body the provider sent could be edited or deleted");
    if (name.startsWith(QLatin1String("provider_lookups_no_")))
        return QStringLiteral("what the provider answered could be edited or deleted");
    if (name == QLatin1String("one_open_refund"))
        return QStringLiteral("two open refunds of one order and amount could coexist");
    return QStringLiteral("the schema's guarantee is gone");
}

} // namespace

SqliteAudit::SqliteAudit(sqlite3 *db, const QString &path)
    : m_db(db)
    , m_path(path)
{
}

Error SqliteAudit::error(int code, const QString &doing) const
{
    return SqliteStore::errorFor(m_db, code, m_path, doing);
}

QString SqliteAudit::normalizedSql(const QString &sql)
{
    QString out;
    out.reserve(sql.size());
    bool space = false;
    for (qsizetype i = 0; i < sql.size(); ++i) {
        const QChar c = sql.at(i);
        if (c == u'-' && i + 1 < sql.size() && sql.at(i + 1) == u'-') {
            while (i < sql.size() && sql.at(i) != u'\n')
                ++i;
            space = true;
            continue;
        }
        if (c == u'/' && i + 1 < sql.size() && sql.at(i + 1) == u'*') {
            const qsizetype end = sql.indexOf(QStringLiteral("*/"), i + 2);
            i = end < 0 ? sql.size() : end + 1;
            space = true;
            continue;
        }
        if (c.isSpace()) {
            space = true;
            continue;
        }
        if (space && !out.isEmpty())
            out += u' ';
        space = false;
        out += c.toLower();
    }
    return out;
}

Result<std::vector<AuditEntry>> SqliteAudit::page(const AuditQuery &query, std::optional<qint64> afterId, int limit)
{
    QByteArray sql = QByteArray("SELECT ") + AuditEntryColumns
                     + " FROM resolutions r LEFT JOIN refund_ops o ON o.operation_id = r.operation_id"
                     + whereClause(query);
    if (afterId)
        sql += query.newestFirst ? " AND r.resolution_id < ?5" : " AND r.resolution_id > ?5";
    sql += query.newestFirst ? " ORDER BY r.resolution_id DESC" : " ORDER BY r.resolution_id";
    sql += " LIMIT ?6";
    SqliteStatement s(m_db, sql.constData());
    bindFilter(s, query);
    if (afterId)
        s.bind(5, *afterId);
    s.bind(6, qint64(limit));
    std::vector<AuditEntry> rows;
    rows.reserve(size_t(std::max(0, limit)));
    int code;
    while ((code = s.step()) == SQLITE_ROW)
        rows.push_back(entryFrom(s));
    if (code != SQLITE_DONE)
        return error(code, QCoreApplication::translate("Store", "reading the audit log", "what the store was doing when it failed"));
    return rows;
}

Result<qint64> SqliteAudit::count(const AuditQuery &query)
{
    const QByteArray sql = "SELECT count(*) FROM resolutions r" + whereClause(query);
    SqliteStatement s(m_db, sql.constData());
    bindFilter(s, query);
    const int code = s.step();
    if (code != SQLITE_ROW)
        return error(code, QCoreApplication::translate("Store", "counting the audit log", "what the store was doing when it failed"));
    return s.integer(0);
}

Result<std::vector<AuditTotal>> SqliteAudit::totals(const AuditQuery &query)
{
    const QByteArray sql = "SELECT r.outcome, IFNULL(o.currency, ''), count(*), IFNULL(sum(o.amount_cents), 0)"
                           " FROM resolutions r LEFT JOIN refund_ops o ON o.operation_id = r.operation_id"
                           + whereClause(query) + " GROUP BY 1, 2 ORDER BY 1 DESC, 2";
    SqliteStatement s(m_db, sql.constData());
    bindFilter(s, query);
    std::vector<AuditTotal> rows;
    int code;
    while ((code = s.step()) == SQLITE_ROW)
        rows.push_back({outcomeFromString(s.text(0)).value_or(Outcome::Failed), s.text(1), s.integer(2),
                        s.integer(3)});
    if (code != SQLITE_DONE)
        return error(code, QCoreApplication::translate("Store", "totalling the audit log", "what the store was doing when it failed"));
    return rows;
}

Result<QStringList> SqliteAudit::operators()
{
    SqliteStatement s(m_db, "SELECT DISTINCT operator FROM resolutions ORDER BY operator");
    QStringList names;
    int code;
    while ((code = s.step()) == SQLITE_ROW)
        names << s.text(0);
    if (code != SQLITE_DONE)
        return error(code, QCoreApplication::translate("Store", "listing the operators", "what the store was doing when it failed"));
    return names;
}

Result<std::vector<ExposureChange>> SqliteAudit::exposureChanges()
{
    // Performance: the operations come from the queue's partial index and from the audit
    // log, then each is looked up by id. A WHERE status IN (...) OR EXISTS (...) over
    // refund_ops read every operation of the store (a second at a million).
    SqliteStatement s(m_db,
        "WITH exposed(operation_id) AS ("
        "  SELECT operation_id FROM refund_ops WHERE status IN ('unknown', 'checking')"
        "  UNION SELECT operation_id FROM resolutions),"
        " spans AS ("
        "  SELECT o.currency AS currency, o.amount_cents AS amount,"
        "         IFNULL((SELECT max(IFNULL(a.finished_at, a.started_at)) FROM refund_attempts a"
        "                 WHERE a.operation_id = o.operation_id), o.created_at) AS since,"
        "         (SELECT min(r.recorded_at) FROM resolutions r WHERE r.operation_id = o.operation_id) AS until"
        "  FROM exposed JOIN refund_ops o ON o.operation_id = exposed.operation_id)"
        " SELECT day, currency, sum(dc), sum(da) FROM ("
        "   SELECT since / ?1 AS day, currency, 1 AS dc, amount AS da FROM spans"
        "   UNION ALL"
        "   SELECT until / ?1, currency, -1, -amount FROM spans WHERE until IS NOT NULL)"
        " GROUP BY day, currency ORDER BY day, currency");
    s.bind(1, MsPerDay);
    std::vector<ExposureChange> rows;
    int code;
    while ((code = s.step()) == SQLITE_ROW)
        rows.push_back({s.integer(0), s.text(1), s.integer(2), s.integer(3)});
    if (code != SQLITE_DONE)
        return error(code, QCoreApplication::translate("Store", "reading the unknown exposure", "what the store was doing when it failed"));
    return rows;
}

Result<std::vector<DailyDecisions>> SqliteAudit::decisionsByDay()
{
    SqliteStatement s(m_db, "SELECT recorded_at / ?1, outcome, count(*) FROM resolutions GROUP BY 1, 2 ORDER BY 1, 2");
    s.bind(1, MsPerDay);
    std::vector<DailyDecisions> rows;
    int code;
    while ((code = s.step()) == SQLITE_ROW)
        rows.push_back({s.integer(0), outcomeFromString(s.text(1)).value_or(Outcome::Failed), s.integer(2)});
    if (code != SQLITE_DONE)
        return error(code, QCoreApplication::translate("Store", "counting decisions per day", "what the store was doing when it failed"));
    return rows;
}

Result<std::vector<InvariantViolation>> SqliteAudit::checkInvariants()
{
    std::vector<InvariantViolation> found;
    const QString doing = QCoreApplication::translate("Store", "checking the store's invariants", "what the store was doing when it failed");

    // 0. Every page of the file reads back: SQLite only notices damage where it reads, and
    // the checks below read only some tables and indexes. quick_check answers one row
    // "ok" when nothing is wrong, else one row per problem.
    {
        SqliteStatement check(m_db, "PRAGMA quick_check");
        InvariantViolation damage;
        damage.invariant = QStringLiteral("the database file is intact");
        damage.count = 0;
        int code;
        while ((code = check.step()) == SQLITE_ROW) {
            const QString line = check.text(0);
            if (line == QLatin1String("ok"))
                continue;
            if (damage.count++ == 0)
                damage.message = QStringLiteral("the database file is damaged: %1").arg(line);
        }
        if (code != SQLITE_DONE)
            return error(code, doing);
        if (damage.count > 0)
            found.push_back(damage);
    }

    // 1. The triggers and unique indexes of the schema, as schema.sql defines them.
    QString problem;
    SqliteStatement version(m_db, "PRAGMA user_version");
    const int schemaVersion = version.step() == SQLITE_ROW ? int(version.integer(0)) : CurrentSchemaVersion;
    const std::vector<ReferenceObject> reference = referenceObjects(schemaVersion, &problem);
    if (!problem.isEmpty())
        return Error::internal(QCoreApplication::translate("Store", "The reference schema could not be built: %1.").arg(problem));
    for (const ReferenceObject &object : reference) {
        SqliteStatement s(m_db, "SELECT tbl_name, sql FROM sqlite_schema WHERE type = ?1 AND name = ?2");
        s.bind(1, object.type).bind(2, object.name);
        const int code = s.step();
        if (code != SQLITE_ROW && code != SQLITE_DONE)
            return error(code, doing);
        InvariantViolation v;
        v.invariant = QStringLiteral("the %1 %2 is in place").arg(object.type, object.name);
        if (code == SQLITE_DONE) {
            v.message = QStringLiteral("the %1 %2 is missing: %3.").arg(object.type, object.name,
                                                                       whatTheObjectGuards(object.name));
            found.push_back(v);
        } else if (s.text(0) != object.table || normalizedSql(s.text(1)) != object.sql) {
            v.message = QStringLiteral("the %1 %2 differs from the schema's definition: %3.")
                            .arg(object.type, object.name, whatTheObjectGuards(object.name));
            found.push_back(v);
        }
    }

    // 2. Keys: a unique index on idempotency_key alone, and no key twice.
    {
        bool haveUniqueKeyIndex = false;
        SqliteStatement list(m_db, "SELECT name FROM pragma_index_list('refund_ops') WHERE \"unique\" = 1 "
                                   "AND partial = 0");
        int code;
        while ((code = list.step()) == SQLITE_ROW) {
            SqliteStatement columns(m_db, "SELECT group_concat(name, ',') FROM "
                                          "(SELECT name FROM pragma_index_info(?1) ORDER BY seqno)");
            columns.bind(1, list.text(0));
            if (columns.step() == SQLITE_ROW && columns.text(0) == QLatin1String("idempotency_key"))
                haveUniqueKeyIndex = true;
        }
        if (code != SQLITE_DONE)
            return error(code, doing);
        if (!haveUniqueKeyIndex) {
            InvariantViolation v;
            v.invariant = QStringLiteral("idempotency keys are unique");
            v.message = QStringLiteral("refund_ops has no unique index on idempotency_key: one key could be "
                                       "written on two operations.");
            found.push_back(v);
        }
    }
    // 3. The rows themselves, by the queries both backends share: each row a violation,
    // counted, the first described.
    for (const InvariantQuery &query : dataInvariantQueries(SqlDialect::Sqlite)) {
        SqliteStatement s(m_db, query.sql.constData());
        const SqliteInvariantRow row(s);
        InvariantViolation violation;
        violation.invariant = query.invariant;
        violation.count = 0;
        int code;
        while ((code = s.step()) == SQLITE_ROW) {
            if (violation.count++ == 0)
                query.describe(row, violation);
        }
        if (code != SQLITE_DONE)
            return error(code, doing);
        if (violation.count > 0)
            found.push_back(violation);
    }

    return found;
}

} // namespace RefundDesk::Internal
