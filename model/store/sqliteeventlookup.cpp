#include "store/sqliteeventlookup.h"

#include "store/sqliterows.h"
#include "store/sqlitestatement.h"
#include "store/sqlitestore.h"

#include <QHash>

#include <algorithm>
#include <unordered_map>

#include <nlohmann/json.hpp>
#include <sqlite3.h>

namespace RefundDesk::Internal {

namespace {

using RowId = qint64;

// A value looked up (an operation id, a key, a refund id, as UTF-8) and the operations of
// the batch, by position, that it belongs to.
using ValueIndex = QHash<QByteArray, std::vector<int>>;

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

// The order SQLite sorts the events in by created, received_at, event_id: NULL first,
// then numbers; ids by their UTF-8 bytes.
bool eventOrder(const WebhookEvent &a, const WebhookEvent &b)
{
    if (a.created != b.created)
        return !a.created || (b.created && *a.created < *b.created);
    if (a.receivedAt != b.receivedAt)
        return a.receivedAt < b.receivedAt;
    return a.eventId.toUtf8() < b.eventId.toUtf8();
}

// The values as a JSON array, for json_each() to turn into an IN list.
QByteArray jsonList(const ValueIndex &values)
{
    nlohmann::json list = nlohmann::json::array();
    for (auto it = values.cbegin(); it != values.cend(); ++it)
        list.push_back(it.key().toStdString());
    return QByteArray::fromStdString(list.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

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

void addValue(ValueIndex &index, const QString &value, int operation)
{
    if (value.isNull())
        return; // a NULL column matches nothing
    std::vector<int> &operations = index[value.toUtf8()];
    if (std::find(operations.begin(), operations.end(), operation) == operations.end())
        operations.push_back(operation);
}

} // namespace

struct SqliteEventLookup::Statements
{
    explicit Statements(sqlite3 *db)
        : byOperation(db, "SELECT operation_id, rowid FROM webhook_events "
                          "WHERE operation_id IN (SELECT value FROM json_each(?1))")
        , byKey(db, "SELECT idempotency_key, rowid FROM webhook_events "
                    "WHERE idempotency_key IN (SELECT value FROM json_each(?1))")
        , byRefund(db, "SELECT refund_id, rowid FROM webhook_events "
                       "WHERE refund_id IN (SELECT value FROM json_each(?1))")
        , rows(db, (QByteArray("SELECT ") + EventColumns
                    + ", rowid FROM webhook_events WHERE rowid IN (SELECT value FROM json_each(?1))").constData())
    {
    }

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
        ? QStringLiteral("reading the events of %1").arg(operations.front().operationId)
        : QStringLiteral("reading the events of %1 operations").arg(operations.size());

    // Runs `statement` over the values of `index`; onMatch(operation, rowid) for each hit.
    auto lookUp = [&](SqliteStatement &statement, const ValueIndex &index, auto onMatch) -> std::optional<Error> {
        if (index.isEmpty())
            return std::nullopt;
        const ScopedStatement s(statement);
        s->bindUtf8(1, jsonList(index));
        int code;
        while ((code = s->step()) == SQLITE_ROW) {
            const auto found = index.constFind(s->bytes(0));
            if (found == index.cend())
                continue;
            const RowId rowId = s->integer(1);
            for (int operation : *found)
                onMatch(operation, rowId);
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
    ValueIndex byOperation;
    ValueIndex byKey;
    for (int i = 0; i < count; ++i) {
        addValue(byOperation, operations[size_t(i)].operationId, i);
        addValue(byKey, operations[size_t(i)].idempotencyKey, i);
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
    std::vector<RowId> directRows;
    for (const Matches &m : matches)
        directRows.insert(directRows.end(), m.direct.begin(), m.direct.end());
    if (auto error = readRows(std::move(directRows)))
        return *error;

    // The refund ids those events and the operation name; then the events sharing one that
    // were not found already (which is to say: with neither the operation's id nor its key).
    ValueIndex byRefund;
    for (int i = 0; i < count; ++i) {
        for (RowId rowId : matches[size_t(i)].direct) {
            if (const auto found = events.find(rowId); found != events.end())
                addValue(byRefund, found->second.refundId, i);
        }
        addValue(byRefund, operations[size_t(i)].refundId, i);
    }
    if (auto error = lookUp(m_statements->byRefund, byRefund, [&](int i, RowId rowId) {
            if (!matches[size_t(i)].has(rowId))
                matches[size_t(i)].shared.push_back(rowId);
        }))
        return *error;
    std::vector<RowId> sharedRows;
    for (const Matches &m : matches)
        sharedRows.insert(sharedRows.end(), m.shared.begin(), m.shared.end());
    if (auto error = readRows(std::move(sharedRows)))
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
