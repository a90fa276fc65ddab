#include "fakestripetruth.h"

#include <QFile>

#include <nlohmann/json.hpp>

namespace RefundDesk::Testing {

namespace {

using Json = nlohmann::ordered_json;

QString text(const Json &object, const char *key)
{
    const auto found = object.find(key);
    return found != object.end() && found->is_string() ? QString::fromStdString(found->get<std::string>()) : QString();
}

qint64 number(const Json &object, const char *key)
{
    const auto found = object.find(key);
    return found != object.end() && found->is_number_integer() ? found->get<qint64>() : 0;
}

QString objectFrom(const Json &json, FakeStripeTruth::Object &out)
{
    if (!json.is_object())
        return QStringLiteral("not a JSON object");
    out.id = text(json, "id");
    if (out.id.isEmpty())
        return QStringLiteral("an object without an id");
    out.created = number(json, "created");
    out.json = QByteArray::fromStdString(json.dump());
    return {};
}

} // namespace

QString FakeStripeTruth::load(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
    int lineNumber = 0;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
        ++lineNumber;
        if (line.isEmpty())
            continue;
        const Json json = Json::parse(line.constData(), line.constData() + line.size(), nullptr, false);
        QString problem;
        if (!json.is_object()) {
            problem = QStringLiteral("not a JSON object");
        } else if (json.contains("refund")) {
            problem = addRefund(QByteArray::fromStdString(json["refund"].dump()));
        } else if (json.contains("event")) {
            const auto delivered = json.find("delivered");
            problem = addEvent(QByteArray::fromStdString(json["event"].dump()),
                                   delivered == json.end() || !delivered->is_boolean() || delivered->get<bool>());
        } else {
            problem = QStringLiteral("neither a refund nor an event");
        }
        if (!problem.isEmpty())
            return QStringLiteral("%1, line %2: %3").arg(path).arg(lineNumber).arg(problem);
    }
    return {};
}

QString FakeStripeTruth::addRefund(const QByteArray &text)
{
    const Json json = Json::parse(text.constData(), text.constData() + text.size(), nullptr, false);
    Object refund;
    if (QString problem = objectFrom(json, refund); !problem.isEmpty())
        return problem;
    if (const auto metadata = json.find("metadata"); metadata != json.end() && metadata->is_object())
        refund.operationId = ::RefundDesk::Testing::text(*metadata, "operation_id");
    refund.paymentIntent = ::RefundDesk::Testing::text(json, "payment_intent");
    refund.charge = ::RefundDesk::Testing::text(json, "charge");
    refunds.push_back(std::move(refund));
    return {};
}

QString FakeStripeTruth::addEvent(const QByteArray &text, bool delivered)
{
    const Json json = Json::parse(text.constData(), text.constData() + text.size(), nullptr, false);
    Object event;
    if (QString problem = objectFrom(json, event); !problem.isEmpty())
        return problem;
    event.type = ::RefundDesk::Testing::text(json, "type");
    event.delivered = delivered;
    events.push_back(std::move(event));
    return {};
}

} // namespace RefundDesk::Testing
