#include "store/sqlite/sqliteeventlookup.h"

#include "domain/jsonstring.h"
#include "store/eventorder.h"
#include "store/sqlite/sqliterows.h"
#include "store/sqlite/sqlitestatement.h"
#include "store/sqlite/sqlitestore.h"

#include <algorithm>
#include <map>
#include <unordered_map>

#include <sqlite3.h>

#include <QCoreApplication>

namespace RefundDesk::Internal {

namespace {

using RowId = qint64;

// The distinct values one statement looks up (operation ids, keys or refund ids), each
// with the operations of the batch it belongs to, and the JSON array json_each() reads
// them from. The statement names a value by its position in the array, so the answers
// need no searching here.
class LookupValues
{
public:
    void add(const QString &value, int operation)
    {
        if (value.isNull())
            return; // a NULL column matches nothing
        const auto [found, added] = m_positions.try_emplace(value, int(m_owners.size()));
        if (added) {
            m_owners.push_back(operation);
            if (m_json.size() > 1)
                m_json += ',';
            appendJsonString(m_json, value);
            return;
        }
        // A value several operations of the batch share (a refund id two of them name).
        const int position = found->second;
        bool known = m_owners[size_t(position)] == operation;
        for (auto [it, end] = m_moreOwners.equal_range(position); !known && it != end; ++it)
            known = it->second == operation;
        if (!known)
            m_moreOwners.emplace(position, operation);
    }

    bool isEmpty() const { return m_owners.empty(); }

    QByteArray json() const { return QByteArray::fromStdString(m_json + ']'); }

    template<typename Visit>
    void forEachOperationAt(qint64 position, Visit visit) const
    {
        if (position < 0 || position >= qint64(m_owners.size()))
            return;
        visit(m_owners[size_t(position)]);
        for (auto [it, end] = m_moreOwners.equal_range(int(position)); it != end; ++it)
            visit(it->second);
    }

private:
    std::unordered_map<QString, int> m_positions;
    std::vector<int> m_owners; // by position: the first operation with the value
    std::multimap<int, int> m_moreOwners; // position -> further operations with the value
    std::string m_json = "[";
};

// The events of one operation of the batch, by rowid: those matched by its id or its
// key, and those matched only by a refund id they share.
struct Matches
{
    std::vector<RowId> direct;
    std::vector<RowId> shared;

    bool has(RowId rowId) const
    {
        return std::find(direct.begin(), direct.end(), rowId) != direct.end()
            || std::find(shared.begin(), shared.end(), rowId) != shared.end();
    }
};

QByteArray jsonList(const std::vector<RowId> &rowIds)
{
    QByteArray text = "[";
    for (size_t i = 0; i < rowIds.size(); ++i) {
        if (i > 0)
            text += ',';
        text += QByteArray::number(rowIds[i]);
    }
    return text + ']';
}

} // namespace

struct SqliteEventLookup::Statements
{
    explicit Statements(sqlite3 *db)
        : byOperation(db, "SELECT j.key, e.rowid FROM json_each(?1) AS j "
                          "JOIN webhook_events AS e ON e.operation_id = j.value")
        , byKey(db, "SELECT j.key, e.rowid FROM json_each(?1) AS j "
                    "JOIN webhook_events AS e ON e.idempotency_key = j.value")
        , byRefund(db, "SELECT j.key, e.rowid FROM json_each(?1) AS j "
                       "JOIN webhook_events AS e ON e.refund_id = j.value")
        , rows(db, (QByteArray("SELECT ") + EventColumns
                    + ", rowid FROM webhook_events WHERE rowid IN (SELECT value FROM json_each(?1))").constData())
    {
    }

    // Each answers (position of the value looked up, rowid of an event with it).
    SqliteStatement byOperation;
    SqliteStatement byKey;
    SqliteStatement byRefund;
    SqliteStatement rows; // EventColumns, then the rowid
};

SqliteEventLookup::SqliteEventLookup(sqlite3 *db, const QString &path)
    : m_db(db)
    , m_path(path)
{
}

SqliteEventLookup::~SqliteEventLookup() = default;

Error SqliteEventLookup::errorWhile(int code, const QString &doing) const
{
    return SqliteStore::errorFor(m_db, code, m_path, doing);
}

Result<std::vector<std::vector<WebhookEvent>>> SqliteEventLookup::candidatesOfEach(
    const std::vector<Operation> &operations)
{
    if (!m_statements)
        m_statements = std::make_unique<Statements>(m_db);
    const QString doing = operations.size() == 1
        ? QCoreApplication::translate("Store", "reading the events of %1", "what the store was doing when it failed").arg(operations.front().operationId)
        : QCoreApplication::translate("Store", "reading the events of %n operations", "what the store was doing when it failed", int(operations.size()));

    // Runs `statement` over `values`; onMatch(operation, rowid) for each event found.
    auto lookUp = [&](SqliteStatement &statement, const LookupValues &values, auto onMatch) -> std::optional<Error> {
        if (values.isEmpty())
            return std::nullopt;
        const ScopedStatement s(statement);
        s->bindUtf8(1, values.json());
        int code;
        while ((code = s->step()) == SQLITE_ROW) {
            const RowId rowId = s->integer(1);
            values.forEachOperationAt(s->integer(0), [&](int operation) { onMatch(operation, rowId); });
        }
        return code == SQLITE_DONE ? std::nullopt : std::optional<Error>(errorWhile(code, doing));
    };

    std::unordered_map<RowId, WebhookEvent> events;
    auto readRows = [&](std::vector<RowId> rowIds) -> std::optional<Error> {
        rowIds.erase(std::remove_if(rowIds.begin(), rowIds.end(), [&](RowId id) { return events.count(id) > 0; }),
                     rowIds.end());
        std::sort(rowIds.begin(), rowIds.end());
        rowIds.erase(std::unique(rowIds.begin(), rowIds.end()), rowIds.end());
        if (rowIds.empty())
            return std::nullopt;
        const ScopedStatement s(m_statements->rows);
        s->bindUtf8(1, jsonList(rowIds));
        int code;
        while ((code = s->step()) == SQLITE_ROW)
            events.emplace(s->integer(8), eventFrom(*s));
        return code == SQLITE_DONE ? std::nullopt : std::optional<Error>(errorWhile(code, doing));
    };

    const int count = int(operations.size());
    std::vector<Matches> matches(operations.size());
    // The rows of the events one part of the matches names, for every operation.
    auto readRowsOf = [&](std::vector<RowId> Matches::*part) {
        std::vector<RowId> rowIds;
        for (const Matches &m : matches)
            rowIds.insert(rowIds.end(), (m.*part).begin(), (m.*part).end());
        return readRows(std::move(rowIds));
    };
    LookupValues byOperation;
    LookupValues byKey;
    for (int i = 0; i < count; ++i) {
        byOperation.add(operations[size_t(i)].operationId, i);
        byKey.add(operations[size_t(i)].idempotencyKey, i);
    }

    // Its own events, then those carrying its key but not its id: together, every event
    // with its id or its key, each once.
    if (auto error = lookUp(m_statements->byOperation, byOperation,
                            [&](int i, RowId rowId) { matches[size_t(i)].direct.push_back(rowId); }))
        return *error;
    if (auto error = lookUp(m_statements->byKey, byKey, [&](int i, RowId rowId) {
            if (!matches[size_t(i)].has(rowId))
                matches[size_t(i)].direct.push_back(rowId);
        }))
        return *error;
    if (auto error = readRowsOf(&Matches::direct))
        return *error;

    // The refund ids those events and the operation name; then the events sharing one that
    // were not found already (which is to say: with neither the operation's id nor its key).
    LookupValues byRefund;
    for (int i = 0; i < count; ++i) {
        for (RowId rowId : matches[size_t(i)].direct) {
            if (const auto found = events.find(rowId); found != events.end())
                byRefund.add(found->second.refundId, i);
        }
        byRefund.add(operations[size_t(i)].refundId, i);
    }
    if (auto error = lookUp(m_statements->byRefund, byRefund, [&](int i, RowId rowId) {
            if (!matches[size_t(i)].has(rowId))
                matches[size_t(i)].shared.push_back(rowId);
        }))
        return *error;
    if (auto error = readRowsOf(&Matches::shared))
        return *error;

    std::vector<std::vector<WebhookEvent>> lists(operations.size());
    for (int i = 0; i < count; ++i) {
        std::vector<WebhookEvent> &list = lists[size_t(i)];
        const Matches &m = matches[size_t(i)];
        list.reserve(m.direct.size() + m.shared.size());
        for (const auto *rowIds : {&m.direct, &m.shared}) {
            for (RowId rowId : *rowIds) {
                // A row that vanished between the lookup and the read (possible only
                // outside a snapshot) is no longer a candidate.
                if (const auto found = events.find(rowId); found != events.end())
                    list.push_back(found->second);
            }
        }
        std::sort(list.begin(), list.end(), eventOrder);
    }
    return lists;
}

} // namespace RefundDesk::Internal
