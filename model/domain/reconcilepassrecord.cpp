#include "domain/reconcilepassrecord.h"

#include "domain/jsonfields.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace RefundDesk {

const QString ReconcilePassRecord::MetaKey = QStringLiteral("reconcile_last_pass");

QString ReconcilePassRecord::toMetaValue() const
{
    QJsonObject object{{QStringLiteral("finished_at"), finishedAtMs},
                       {QStringLiteral("ok"), ok},
                       {QStringLiteral("answers"), answers}};
    if (!ok)
        object.insert(QStringLiteral("failure"), failure);
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

std::optional<ReconcilePassRecord> ReconcilePassRecord::parse(const QString &value)
{
    using namespace Internal;
    const nlohmann::json object = parseJson(value.toUtf8());
    const nlohmann::json &finishedAt = jsonMember(object, "finished_at");
    const nlohmann::json &ok = jsonMember(object, "ok");
    if (!finishedAt.is_number() || !ok.is_boolean())
        return std::nullopt;
    ReconcilePassRecord record;
    record.finishedAtMs = jsonInteger(finishedAt);
    record.ok = jsonFlag(ok);
    record.failure = record.ok ? QString() : jsonText(jsonMember(object, "failure"));
    record.answers = jsonInteger(jsonMember(object, "answers"));
    return record;
}

} // namespace RefundDesk
