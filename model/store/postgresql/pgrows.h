#pragma once

#include "domain/attempt.h"
#include "domain/operation.h"
#include "domain/operationnote.h"
#include "domain/providerlookup.h"
#include "domain/resolution.h"
#include "domain/webhookevent.h"
#include "store/postgresql/pgparams.h"
#include "store/queuepagereading.h"
#include "store/storecolumns.h"

#include <QByteArray>

namespace RefundDesk::Internal {

class PgResult;

// Readers of one row of a result whose columns (from `first` on) are those of
// storecolumns.h, in that order.
Operation operationFrom(const PgResult &result, int row, int first = 0);
Resolution resolutionFrom(const PgResult &result, int row, int first = 0);
WebhookEvent eventFrom(const PgResult &result, int row, int first = 0);
Attempt attemptFrom(const PgResult &result, int row);
OperationNote noteFrom(const PgResult &result, int row);
ProviderLookup lookupFrom(const PgResult &result, int row);
// A provider_bodies row: body_sha256, body.
ResponseBody bodyFrom(const PgResult &result, int row);
// A queue row's QueueSql::detailColumns, after its OperationColumns.
QueueRowDetail detailFrom(const PgResult &result, int row);

// "INSERT INTO table (columns) VALUES ($1, ..., $n)".
QByteArray pgInsert(const char *table, const char *columns);

// The values of a row for such an INSERT, in the column order.
PgParams operationParams(const Operation &operation);
PgParams attemptParams(const Attempt &attempt);
PgParams eventParams(const WebhookEvent &event);
PgParams resolutionParams(const Resolution &resolution);
PgParams noteParams(const OperationNote &note);
PgParams lookupParams(const ProviderLookup &lookup);

} // namespace RefundDesk::Internal
