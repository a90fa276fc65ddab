#include "teststore.h"

#include "store/store.h"

#include <QFile>
#include <QTest>
#include <QJsonDocument>
#include <QJsonObject>

#include <sqlite3.h>

namespace RefundDesk::Test {

TestStore::TestStore(const QString &path)
    : m_path(path)
{
    auto created = StoreFactory::create(path);
    if (!created) {
        m_lastError = created.error().message;
        return;
    }
    created.value().reset();
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &m_db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
        m_lastError = QString::fromUtf8(sqlite3_errmsg(m_db));
        sqlite3_close_v2(m_db);
        m_db = nullptr;
        return;
    }
    sqlite3_busy_timeout(m_db, 5000);
}

TestStore::~TestStore()
{
    sqlite3_close_v2(m_db);
}

bool TestStore::exec(const QString &sql)
{
    char *message = nullptr;
    if (sqlite3_exec(m_db, sql.toUtf8().constData(), nullptr, nullptr, &message) != SQLITE_OK) {
        m_lastError = QString::fromUtf8(message) + QStringLiteral(" in: ") + sql;
        sqlite3_free(message);
        return false;
    }
    return true;
}

namespace {

template<typename Read>
auto queryOne(sqlite3 *db, const QString &sql, QString &lastError, Read read) -> decltype(read(nullptr))
{
    sqlite3_stmt *stmt = nullptr;
    decltype(read(nullptr)) value{};
    if (sqlite3_prepare_v2(db, sql.toUtf8().constData(), -1, &stmt, nullptr) == SQLITE_OK
        && sqlite3_step(stmt) == SQLITE_ROW)
        value = read(stmt);
    else
        lastError = QString::fromUtf8(sqlite3_errmsg(db));
    sqlite3_finalize(stmt);
    return value;
}

void bindText(sqlite3_stmt *stmt, int index, const QString &value)
{
    if (value.isNull()) {
        sqlite3_bind_null(stmt, index);
        return;
    }
    const QByteArray utf8 = value.toUtf8();
    sqlite3_bind_text(stmt, index, utf8.constData(), int(utf8.size()), SQLITE_TRANSIENT);
}

template<typename T>
void bindOptional(sqlite3_stmt *stmt, int index, const std::optional<T> &value)
{
    if (value)
        sqlite3_bind_int64(stmt, index, *value);
    else
        sqlite3_bind_null(stmt, index);
}

} // namespace

qint64 TestStore::queryInt(const QString &sql)
{
    return queryOne(m_db, sql, m_lastError, [](sqlite3_stmt *s) -> qint64 { return s ? sqlite3_column_int64(s, 0) : 0; });
}

QString TestStore::queryText(const QString &sql)
{
    return queryOne(m_db, sql, m_lastError, [](sqlite3_stmt *s) -> QString {
        return s ? QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, 0))) : QString();
    });
}

bool TestStore::addOperation(const Operation &o)
{
    sqlite3_stmt *s = nullptr;
    sqlite3_prepare_v2(m_db,
                       "INSERT INTO refund_ops (operation_id, order_id, amount_cents, currency, idempotency_key, "
                       "status, attempts, created_at, updated_at, conversation_id, refund_id, claimed_by, claimed_at, "
                       "version) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                       -1, &s, nullptr);
    bindText(s, 1, o.operationId);
    bindText(s, 2, o.orderId);
    sqlite3_bind_int64(s, 3, o.amountCents);
    bindText(s, 4, o.currency);
    bindText(s, 5, o.idempotencyKey);
    bindText(s, 6, toString(o.status));
    sqlite3_bind_int64(s, 7, o.attempts);
    sqlite3_bind_int64(s, 8, o.createdAt);
    sqlite3_bind_int64(s, 9, o.updatedAt);
    bindText(s, 10, o.conversationId);
    bindText(s, 11, o.refundId);
    bindText(s, 12, o.claimedBy);
    bindOptional(s, 13, o.claimedAt);
    sqlite3_bind_int64(s, 14, o.version);
    const bool ok = sqlite3_step(s) == SQLITE_DONE;
    if (!ok)
        m_lastError = QString::fromUtf8(sqlite3_errmsg(m_db));
    sqlite3_finalize(s);
    return ok;
}

bool TestStore::addAttempt(const Attempt &a)
{
    sqlite3_stmt *s = nullptr;
    sqlite3_prepare_v2(m_db,
                       "INSERT INTO refund_attempts (operation_id, attempt_no, tool_call_id, started_at, finished_at, "
                       "outcome, http_status, request_id, error) VALUES (?,?,?,?,?,?,?,?,?)",
                       -1, &s, nullptr);
    bindText(s, 1, a.operationId);
    sqlite3_bind_int64(s, 2, a.attemptNo);
    bindText(s, 3, a.toolCallId);
    sqlite3_bind_int64(s, 4, a.startedAt);
    bindOptional(s, 5, a.finishedAt);
    const QString outcome = toString(a.outcome);
    bindText(s, 6, outcome.isEmpty() ? QString() : outcome);
    bindOptional(s, 7, a.httpStatus);
    bindText(s, 8, a.requestId);
    bindText(s, 9, a.error);
    const bool ok = sqlite3_step(s) == SQLITE_DONE;
    if (!ok)
        m_lastError = QString::fromUtf8(sqlite3_errmsg(m_db));
    sqlite3_finalize(s);
    return ok;
}

bool TestStore::addEvent(const WebhookEvent &e)
{
    sqlite3_stmt *s = nullptr;
    sqlite3_prepare_v2(m_db,
                       "INSERT INTO webhook_events (event_id, type, created, received_at, payload, operation_id, "
                       "idempotency_key, refund_id) VALUES (?,?,?,?,?,?,?,?)",
                       -1, &s, nullptr);
    bindText(s, 1, e.eventId);
    bindText(s, 2, e.type);
    bindOptional(s, 3, e.created);
    sqlite3_bind_int64(s, 4, e.receivedAt);
    bindText(s, 5, e.payload);
    bindText(s, 6, e.operationId);
    bindText(s, 7, e.idempotencyKey);
    bindText(s, 8, e.refundId);
    const bool ok = sqlite3_step(s) == SQLITE_DONE;
    if (!ok)
        m_lastError = QString::fromUtf8(sqlite3_errmsg(m_db));
    sqlite3_finalize(s);
    return ok;
}

Operation TestStore::operation(const QString &operationId, OperationStatus status, qint64 updatedAt)
{
    Operation o;
    o.operationId = operationId;
    o.orderId = QStringLiteral("order-") + operationId;
    o.amountCents = 3800;
    o.currency = QStringLiteral("usd");
    o.idempotencyKey = QStringLiteral("key-") + operationId;
    o.status = status;
    o.attempts = 3;
    o.createdAt = updatedAt - 60'000;
    o.updatedAt = updatedAt;
    if (status == OperationStatus::Checking) {
        o.claimedBy = QStringLiteral("someone");
        o.claimedAt = updatedAt;
    }
    return o;
}

QString TestStore::refundEventPayload(const QString &eventId, const QString &type, const QString &refundId,
                                      const QString &status, qint64 amount, const QString &currency,
                                      const QString &operationId, const QString &idempotencyKey, qint64 created)
{
    QJsonObject refund{{"id", refundId},        {"object", "refund"},        {"amount", amount},
                       {"currency", currency},  {"status", status},          {"failure_reason", QJsonValue()},
                       {"charge", "ch_test"},   {"payment_intent", "pi_test"},
                       {"metadata", QJsonObject{{"operation_id", operationId}}}};
    QJsonObject envelope{{"id", eventId},
                         {"object", "event"},
                         {"type", type},
                         {"created", created},
                         {"data", QJsonObject{{"object", refund}}},
                         {"request", QJsonObject{{"id", "req_test"}, {"idempotency_key", idempotencyKey}}}};
    return QString::fromUtf8(QJsonDocument(envelope).toJson(QJsonDocument::Compact));
}

} // namespace RefundDesk::Test

