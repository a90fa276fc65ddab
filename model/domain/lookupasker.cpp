#include "domain/lookupasker.h"

#include "domain/jsonfields.h"
#include "domain/providerlookup.h"
#include "domain/providerlookupresult.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace RefundDesk::LookupAsker {

namespace {

const QLatin1String AskedBy("asked_by");
const QLatin1String Reconciler("reconciler");

} // namespace

QString markedAsReconciler(const QString &resultJson)
{
    std::optional<QJsonObject> result = Internal::editableObject(resultJson);
    if (!result)
        return resultJson;
    result->insert(AskedBy, Reconciler);
    return QString::fromUtf8(QJsonDocument(*result).toJson(QJsonDocument::Compact));
}

bool isReconciler(const ProviderLookup &lookup)
{
    // A cheap look first: most lookups are a person's.
    if (!lookup.result.contains(AskedBy))
        return false;
    return ProviderLookupResult::read(lookup.result).askedBy == Reconciler;
}

} // namespace RefundDesk::LookupAsker
