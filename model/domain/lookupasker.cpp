#include "domain/lookupasker.h"

#include "domain/providerlookup.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace RefundDesk::LookupAsker {

namespace {

const QLatin1String AskedBy("asked_by");
const QLatin1String Reconciler("reconciler");

} // namespace

QString markedAsReconciler(const QString &resultJson)
{
    const QJsonDocument document = QJsonDocument::fromJson(resultJson.toUtf8());
    if (!document.isObject())
        return resultJson;
    QJsonObject result = document.object();
    result.insert(AskedBy, Reconciler);
    return QString::fromUtf8(QJsonDocument(result).toJson(QJsonDocument::Compact));
}

bool isReconciler(const ProviderLookup &lookup)
{
    // A cheap look first: most lookups are a person's.
    if (!lookup.result.contains(AskedBy))
        return false;
    return QJsonDocument::fromJson(lookup.result.toUtf8()).object().value(AskedBy).toString() == Reconciler;
}

} // namespace RefundDesk::LookupAsker
