#include "evidence/eventobjectreader.h"

#include "evidence/jsontext.h"
#include "evidence/sparsejsonreader.h"

#include <QCoreApplication>

#include <algorithm>
#include <limits>

namespace RefundDesk::Internal {

// The fast reader builds only the members with these keys, at any depth: every key the
// readers below look up must be here, or a plain payload would read differently.
const SparseJsonReader &eventKeysReader()
{
    static const SparseJsonReader reader{
        "amount", "amount_refunded", "charge", "created", "currency", "data", "failure_reason", "id",
        "idempotency_key", "metadata", "object", "operation_id", "payment_intent", "refunds", "request",
        "status", "type",
    };
    return reader;
}

namespace {

using Json = nlohmann::json;

QString fromUtf8(const std::string &text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

const Json *member(const Json &object, std::string_view key)
{
    Q_ASSERT(eventKeysReader().keeps(key));
    if (!object.is_object())
        return nullptr;
    const auto found = object.find(key);
    return found == object.end() ? nullptr : &*found;
}

std::optional<qint64> integerValue(const Json &value)
{
    if (value.is_number_unsigned()) {
        const auto number = value.get<Json::number_unsigned_t>();
        if (number > Json::number_unsigned_t(std::numeric_limits<qint64>::max()))
            return std::nullopt;
        return qint64(number);
    }
    if (value.is_number_integer())
        return qint64(value.get<Json::number_integer_t>());
    return std::nullopt;
}

QString stringValue(const Json &value)
{
    return fromUtf8(value.get_ref<const std::string &>());
}

bool isString(const Json *value, std::string_view text)
{
    return value && value->is_string() && value->get_ref<const std::string &>() == text;
}

// Where a field is, for the reason a person reads: the path of its parent and its key, or
// the whole path. Spelled out only when there is something wrong to report.
class FieldPath
{
public:
    FieldPath(const QString &path) // implicit: most callers have the whole path at hand
        : m_parent(path)
    {
    }
    FieldPath(const QString &parent, const char *key)
        : m_parent(parent)
        , m_key(key)
    {
    }

    QString text() const { return m_key ? m_parent + u'.' + QLatin1String(m_key) : m_parent; }

private:
    const QString &m_parent; // a FieldPath lives only as an argument, so this outlives it
    const char *m_key = nullptr;
};

// Reads typed fields out of the payload, keeping the first problem found. Every check
// names the field by its path so the reason says exactly what is wrong.
class FieldReader
{
public:
    bool failed() const { return !m_problem.isEmpty(); }
    const QString &problem() const { return m_problem; }

    bool fail(const QString &problem)
    {
        if (m_problem.isEmpty())
            m_problem = shortenedReason(problem);
        return false;
    }

    bool wrongType(const FieldPath &path, const Json &value, const char *expected)
    {
        if (value.is_null())
            return fail(QCoreApplication::translate("EventParser", "%1 is null").arg(path.text()));
        return fail(QCoreApplication::translate("EventParser", "%1 is %2, expected %3").arg(path.text(), describeJsonType(value), QCoreApplication::translate("EventParser", expected)));
    }

    const Json *requiredObject(const Json &parent, const char *key, const FieldPath &path)
    {
        const Json *value = member(parent, key);
        if (!value) {
            fail(QCoreApplication::translate("EventParser", "%1 is missing").arg(path.text()));
            return nullptr;
        }
        if (!value->is_object()) {
            wrongType(path, *value, QT_TRANSLATE_NOOP("EventParser", "an object"));
            return nullptr;
        }
        return value;
    }

    bool requiredString(const Json &parent, const char *key, const FieldPath &path, QString &out)
    {
        const Json *value = member(parent, key);
        if (!value)
            return fail(QCoreApplication::translate("EventParser", "%1 is missing").arg(path.text()));
        if (!value->is_string())
            return wrongType(path, *value, QT_TRANSLATE_NOOP("EventParser", "a string"));
        out = stringValue(*value);
        if (out.isEmpty())
            return fail(QCoreApplication::translate("EventParser", "%1 is empty").arg(path.text()));
        return true;
    }

    // Absent and null (where Stripe allows null) leave `out` empty.
    bool optionalString(const Json &parent, const char *key, const FieldPath &path, QString &out)
    {
        const Json *value = member(parent, key);
        if (!value || value->is_null())
            return true;
        if (!value->is_string())
            return wrongType(path, *value, QT_TRANSLATE_NOOP("EventParser", "a string"));
        out = stringValue(*value);
        return true;
    }

    bool requiredCount(const Json &parent, const char *key, const FieldPath &path, qint64 &out)
    {
        const Json *value = member(parent, key);
        if (!value)
            return fail(QCoreApplication::translate("EventParser", "%1 is missing").arg(path.text()));
        if (!value->is_number_integer())
            return wrongType(path, *value, QT_TRANSLATE_NOOP("EventParser", "an integer"));
        const auto number = integerValue(*value);
        if (!number)
            return fail(QCoreApplication::translate("EventParser", "%1 is too large").arg(path.text()));
        if (*number < 0)
            return fail(QCoreApplication::translate("EventParser", "%1 is negative (%2)").arg(path.text()).arg(*number));
        out = *number;
        return true;
    }

    bool currency(const Json &parent, const FieldPath &path, QString &out)
    {
        if (!requiredString(parent, "currency", path, out))
            return false;
        const bool isCode = out.size() == 3
            && std::all_of(out.cbegin(), out.cend(), [](QChar c) { return c.isLetter() && c.unicode() < 128; });
        if (!isCode)
            return fail(QCoreApplication::translate("EventParser", "%1 is \"%2\", not a three-letter currency code").arg(path.text(), out));
        out = out.toLower();
        return true;
    }

    // An expandable reference: an id, null, or the expanded object with its id.
    bool expandableId(const Json &parent, const char *key, const FieldPath &path, QString &out)
    {
        const Json *value = member(parent, key);
        if (!value || value->is_null())
            return true;
        if (value->is_string()) {
            out = stringValue(*value);
            return true;
        }
        if (value->is_object())
            return requiredString(*value, "id", path.text() + QStringLiteral(".id"), out);
        return wrongType(path, *value, QT_TRANSLATE_NOOP("EventParser", "an id or an object"));
    }

    // metadata may be absent or null; when present it is a map of strings.
    bool metadataOperationId(const Json &parent, const QString &path, QString &out)
    {
        const Json *metadata = member(parent, "metadata");
        if (!metadata || metadata->is_null())
            return true;
        if (!metadata->is_object())
            return wrongType(path + QStringLiteral(".metadata"), *metadata, QT_TRANSLATE_NOOP("EventParser", "an object"));
        const Json *value = member(*metadata, "operation_id");
        if (!value)
            return true;
        if (!value->is_string())
            return wrongType(path + QStringLiteral(".metadata.operation_id"), *value, QT_TRANSLATE_NOOP("EventParser", "a string"));
        out = stringValue(*value);
        return true;
    }

private:
    QString m_problem;
};

std::optional<ParsedRefund> readRefund(FieldReader &reader, const Json &object, const QString &path)
{
    ParsedRefund refund;
    if (const Json *kind = member(object, "object"); kind && !isString(kind, "refund")) {
        reader.fail(QCoreApplication::translate("EventParser", "%1 is not a refund object").arg(path));
        return std::nullopt;
    }

    QString status;
    const bool ok = reader.requiredString(object, "id", {path, "id"}, refund.id)
        && reader.requiredCount(object, "amount", {path, "amount"}, refund.amount)
        && reader.currency(object, {path, "currency"}, refund.currency)
        && reader.optionalString(object, "status", {path, "status"}, status)
        && reader.optionalString(object, "failure_reason", {path, "failure_reason"}, refund.failureReason)
        && reader.metadataOperationId(object, path, refund.operationId)
        && reader.expandableId(object, "charge", {path, "charge"}, refund.chargeId)
        && reader.expandableId(object, "payment_intent", {path, "payment_intent"}, refund.paymentIntentId);
    if (!ok)
        return std::nullopt;
    if (!status.isEmpty()) {
        const auto known = refundStatusFromString(status);
        if (!known) {
            reader.fail(QCoreApplication::translate("EventParser", "%1.status is \"%2\", not a refund status (pending, requires_action, "
                                       "succeeded, failed, canceled)").arg(path, status));
            return std::nullopt;
        }
        refund.status = *known;
    }
    return refund;
}

bool readChargeRefunds(FieldReader &reader, const Json &charge, const QString &path, ParsedCharge &out)
{
    const Json *refunds = member(charge, "refunds");
    if (!refunds || refunds->is_null())
        return true;
    const Json *list = refunds;
    QString listPath = path + QStringLiteral(".refunds");
    if (refunds->is_object()) { // a list object: {"object": "list", "data": [...]}
        list = member(*refunds, "data");
        listPath += QStringLiteral(".data");
        if (!list)
            return reader.fail(QCoreApplication::translate("EventParser", "%1 is missing").arg(listPath));
    }
    if (!list->is_array())
        return reader.wrongType(listPath, *list, QT_TRANSLATE_NOOP("EventParser", "a list of refunds"));
    out.refundsListed = true;
    for (size_t i = 0; i < list->size(); ++i) {
        const Json &entry = (*list)[i];
        const QString entryPath = QStringLiteral("%1[%2]").arg(listPath).arg(i);
        if (!entry.is_object())
            return reader.wrongType(entryPath, entry, QT_TRANSLATE_NOOP("EventParser", "a refund object"));
        auto refund = readRefund(reader, entry, entryPath);
        if (!refund)
            return false;
        out.refunds.push_back(std::move(*refund));
    }
    return true;
}

std::optional<ParsedCharge> readCharge(FieldReader &reader, const Json &object, const QString &path)
{
    ParsedCharge charge;
    const bool ok = reader.requiredString(object, "id", {path, "id"}, charge.id)
        && reader.requiredCount(object, "amount", {path, "amount"}, charge.amount)
        && reader.requiredCount(object, "amount_refunded", {path, "amount_refunded"}, charge.amountRefunded)
        && reader.currency(object, {path, "currency"}, charge.currency)
        && reader.metadataOperationId(object, path, charge.operationId)
        && readChargeRefunds(reader, object, path, charge);
    if (!ok)
        return std::nullopt;
    return charge;
}

// `request` is null for dashboard actions, an object on current API versions and the
// request id alone on old ones.
bool readRequest(FieldReader &reader, const Json &envelope, ParsedEvent &event)
{
    const Json *request = member(envelope, "request");
    if (!request || request->is_null())
        return true;
    if (request->is_string()) {
        event.requestId = stringValue(*request);
        return true;
    }
    if (!request->is_object())
        return reader.wrongType(QStringLiteral("request"), *request, QT_TRANSLATE_NOOP("EventParser", "an object"));
    return reader.optionalString(*request, "id", QStringLiteral("request.id"), event.requestId)
        && reader.optionalString(*request, "idempotency_key", QStringLiteral("request.idempotency_key"), event.idempotencyKey);
}

} // namespace

ParsedEvent readEventObject(const Json &envelope)
{
    ParsedEvent event;
    FieldReader reader;
    const auto unreadable = [&]() {
        event.readable = false;
        event.unreadableReason = reader.problem();
        event.refund.reset();
        event.charge.reset();
        return event;
    };

    if (const Json *kind = member(envelope, "object"); kind && !isString(kind, "event")) {
        reader.fail(kind->is_string() ? QCoreApplication::translate("EventParser", "the payload is a %1 object, not an event").arg(stringValue(*kind))
                                      : QCoreApplication::translate("EventParser", "the payload's \"object\" is %1, expected \"event\"").arg(describeJsonType(*kind)));
        return unreadable();
    }
    if (!reader.requiredString(envelope, "id", QStringLiteral("id"), event.id)
        || !reader.requiredString(envelope, "type", QStringLiteral("type"), event.type)
        || !reader.requiredCount(envelope, "created", QStringLiteral("created"), event.created)
        || !readRequest(reader, envelope, event)) {
        return unreadable();
    }
    const Json *data = reader.requiredObject(envelope, "data", QStringLiteral("data"));
    const Json *object = data ? reader.requiredObject(*data, "object", QStringLiteral("data.object")) : nullptr;
    if (!object || !reader.requiredString(*object, "object", QStringLiteral("data.object.object"), event.objectType))
        return unreadable();

    if (event.objectType == QLatin1String("refund")) {
        event.refund = readRefund(reader, *object, QStringLiteral("data.object"));
    } else if (event.objectType == QLatin1String("charge")) {
        event.charge = readCharge(reader, *object, QStringLiteral("data.object"));
    }
    // Other objects (payment intents, disputes, ...) are readable but state no refund.
    if (reader.failed())
        return unreadable();
    event.readable = true;
    return event;
}

IndexColumns readIndexColumns(const Json &envelope)
{
    IndexColumns columns;
    const auto text = [](const Json *value) { return value && value->is_string() ? stringValue(*value) : QString(); };
    columns.eventId = text(member(envelope, "id"));
    columns.type = text(member(envelope, "type"));
    if (const Json *created = member(envelope, "created"); created && created->is_number_integer())
        columns.created = integerValue(*created);
    if (const Json *request = member(envelope, "request"))
        columns.idempotencyKey = text(member(*request, "idempotency_key"));
    const Json *data = member(envelope, "data");
    const Json *object = data ? member(*data, "object") : nullptr;
    if (object) {
        if (const Json *metadata = member(*object, "metadata"))
            columns.operationId = text(member(*metadata, "operation_id"));
        if (text(member(*object, "object")) == QLatin1String("refund"))
            columns.refundId = text(member(*object, "id"));
    }
    return columns;
}

} // namespace RefundDesk::Internal
