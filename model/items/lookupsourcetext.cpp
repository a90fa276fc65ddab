#include "items/lookupsourcetext.h"

#include "domain/lookupasker.h"
#include "domain/providerlookup.h"
#include "items/timetext.h"

#include <QCoreApplication>

namespace RefundDesk::LookupSourceText {

namespace {

// The reconciler's own name on SQLite (refund-desk reconcile without --operator); on
// PostgreSQL its lookups carry the login it runs as.
const QLatin1String ReconcilerName("reconciler");

} // namespace

QString sentence(const ProviderLookup &lookup, qint64 nowMs)
{
    const QString ago = TimeText::ago(nowMs - lookup.askedAt);
    if (!LookupAsker::isReconciler(lookup))
        return QCoreApplication::translate("LookupSourceText", "Stripe's answer: asked by %1 %2").arg(lookup.operatorName, ago);
    if (lookup.operatorName == ReconcilerName)
        return QCoreApplication::translate("LookupSourceText", "Stripe's answer: asked by the reconciler %1").arg(ago);
    return QCoreApplication::translate("LookupSourceText", "Stripe's answer: asked by the reconciler (%1) %2")
        .arg(lookup.operatorName, ago);
}

QString toolTip(const ProviderLookup &lookup)
{
    return QCoreApplication::translate("LookupSourceText", "Lookup %1, asked of Stripe at %2 by %3.")
        .arg(QString::number(lookup.lookupId), TimeText::fullMoment(lookup.askedAt), lookup.operatorName);
}

} // namespace RefundDesk::LookupSourceText
