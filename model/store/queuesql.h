#pragma once

#include "store/queuequery.h"
#include "store/sqldialect.h"

#include <QByteArray>

namespace RefundDesk::Internal {

// The SQL of a queue read that both backends write alike; each adds its own placeholders
// (?n or $n), index hints and paging. Built from fixed fragments only: every value a
// person typed is a bound parameter.
namespace QueueSql {

// The expression the queue sorts by.
QByteArray sortExpression(QueueQuery::SortKey key, SqlDialect dialect);
// Whether that expression's values are numbers; the others are text.
bool sortsByNumber(QueueQuery::SortKey key);
// " WHERE status IN ('unknown', 'checking')" with the status filter and the search.
// `claimant` and `pattern` are the placeholders bound to the claimant's name and to the
// search's LIKE pattern (see containsPattern), used only when the query needs them.
// `notes`: the store has operation_notes (schema version 2); without it nothing waits.
QByteArray where(const QueueQuery &query, const QByteArray &claimant, const QByteArray &pattern, bool notes);
// Whether the row of refund_ops waits for a follow-up after `today` (see QueueQuery::FollowUp).
QByteArray waitingCondition(const QDate &today, bool notes);
// One statement: every count of QueueCounts, in its order, for the claimant bound to
// `claimant`.
QByteArray countsSql(const QByteArray &claimant, const QDate &today, bool notes);

} // namespace QueueSql

} // namespace RefundDesk::Internal
