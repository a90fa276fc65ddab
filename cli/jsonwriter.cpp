#include "jsonwriter.h"

#include "domain/jsonstring.h"
#include "domain/lookupbodies.h"

namespace RefundDesk::Cli::JsonWriter {

nlohmann::json text(const QString &value)
{
    return value.isNull() ? nlohmann::json(nullptr) : nlohmann::json(value.toStdString());
}

namespace {

template<typename T>
nlohmann::json optional(const std::optional<T> &value)
{
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

} // namespace

nlohmann::json toJson(const Operation &o)
{
    return {
        {"operation_id", text(o.operationId)},
        {"order_id", text(o.orderId)},
        {"amount_cents", o.amountCents},
        {"currency", text(o.currency)},
        {"idempotency_key", text(o.idempotencyKey)},
        {"status", toString(o.status).toStdString()},
        {"attempts", o.attempts},
        {"created_at", o.createdAt},
        {"updated_at", o.updatedAt},
        {"conversation_id", text(o.conversationId)},
        {"refund_id", text(o.refundId)},
        {"claimed_by", text(o.claimedBy)},
        {"claimed_at", optional(o.claimedAt)},
        {"version", o.version},
        {"payment_id", text(o.paymentId)},
    };
}

nlohmann::json toJson(const Attempt &a)
{
    return {
        {"operation_id", text(a.operationId)},
        {"attempt_no", a.attemptNo},
        {"tool_call_id", text(a.toolCallId)},
        {"started_at", a.startedAt},
        {"finished_at", optional(a.finishedAt)},
        {"outcome", a.outcome == AttemptOutcome::Unfinished ? nlohmann::json(nullptr)
                                                          : nlohmann::json(toString(a.outcome).toStdString())},
        {"http_status", optional(a.httpStatus)},
        {"request_id", text(a.requestId)},
        {"error", text(a.error)},
    };
}

nlohmann::json toJson(const Resolution &r)
{
    return {
        {"resolution_id", r.resolutionId},
        {"operation_id", text(r.operationId)},
        {"outcome", toString(r.outcome).toStdString()},
        {"refund_id", text(r.refundId)},
        {"evidence", text(r.evidence)},
        {"note", text(r.note)},
        {"operator", text(r.operatorName)},
        {"recorded_at", r.recordedAt},
        {"previous_status", toString(r.previousStatus).toStdString()},
        {"overrides_evidence", r.overridesEvidence ? 1 : 0},
        {"prev_hash", text(r.prevHash)},
        {"hash", text(r.hash)},
    };
}

nlohmann::json toJson(const OperationNote &n)
{
    return {
        {"note_id", n.noteId},
        {"text", text(n.text)},
        {"follow_up_on", text(followUpText(n.followUpOn))},
        {"operator", text(n.operatorName)},
        {"recorded_at", n.recordedAt},
    };
}

nlohmann::json toJson(const ProviderLookup &l)
{
    // result and requests are JSON the store keeps as text: embedded as JSON again.
    const auto parsed = [](const QString &stored) {
        const QByteArray bytes = stored.toUtf8();
        auto value = nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
        return value.is_discarded() ? nlohmann::json(nullptr) : value;
    };
    return {
        {"lookup_id", l.lookupId},
        {"operation_id", text(l.operationId)},
        {"provider", text(l.provider)},
        {"asked_at", l.askedAt},
        {"operator", text(l.operatorName)},
        {"window_from", l.windowFrom ? nlohmann::json(*l.windowFrom) : nlohmann::json(nullptr)},
        {"window_to", l.windowTo ? nlohmann::json(*l.windowTo) : nlohmann::json(nullptr)},
        {"result", parsed(l.result)},
        {"requests", parsed(LookupBodies::requestsWithBodies(l))},
        {"response_sha256", text(l.responseSha256)},
    };
}

std::string dump(const nlohmann::json &value)
{
    return value.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

ObjectText::ObjectText(std::string &out)
    : m_out(out)
{
    m_out += '{';
}

void ObjectText::key(const char *name)
{
    if (!m_first)
        m_out += ',';
    m_first = false;
    m_out += '"';
    m_out += name;
    m_out += "\":";
}

ObjectText &ObjectText::field(const char *name, const QString &value)
{
    key(name);
    if (value.isNull())
        m_out += "null";
    else
        appendJsonString(m_out, value);
    return *this;
}

ObjectText &ObjectText::field(const char *name, qint64 value)
{
    key(name);
    m_out += std::to_string(value);
    return *this;
}

void ObjectText::close()
{
    m_out += '}';
}

} // namespace RefundDesk::Cli::JsonWriter
