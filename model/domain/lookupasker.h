#pragma once

#include <QString>

namespace RefundDesk {

struct ProviderLookup;

// Who asked the provider, as a lookup records it beyond its operator: the reconciler marks
// the lookups it keeps (`"asked_by": "reconciler"` in the result's JSON object), so that a
// console can say the reconciler asked, whatever login or name it ran under. On PostgreSQL
// the server sets the mark on every lookup of a refund_desk_reconciler login and refuses
// it from any other login (roles-postgresql.sql).
namespace LookupAsker {

// The result with the reconciler's mark added (a result that is not a JSON object is
// returned as it is).
QString markedAsReconciler(const QString &resultJson);
bool isReconciler(const ProviderLookup &lookup);

} // namespace LookupAsker

} // namespace RefundDesk
