#include "domain/reconcilepassrecord.h"

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
    const QJsonObject object = QJsonDocument::fromJson(value.toUtf8()).object();
    const QJsonValue finishedAt = object.value(QLatin1String("finished_at"));
    const QJsonValue ok = object.value(QLatin1String("ok"));
    if (!finishedAt.isDouble() || !ok.isBool())
        return std::nullopt;
    ReconcilePassRecord record;
    record.finishedAtMs = finishedAt.toInteger();
    record.ok = ok.toBool();
    record.failure = record.ok ? QString() : object.value(QLatin1String("failure")).toString();
    record.answers = object.value(QLatin1String("answers")).toInteger();
    return record;
}

} // namespace RefundDesk
