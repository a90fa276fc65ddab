#pragma once

#include "store/queuepagereading.h"
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
// `claimant`, `pattern` and `day` are the placeholders bound to the claimant's name, to
// the search's LIKE pattern (see containsPattern) and to followUpDay(query.today), used
// only when the query needs them (see usesFollowUpDay).
// `notes`: the store has operation_notes (schema version 2); without it nothing waits.
QByteArray where(const QueueQuery &query, const QByteArray &claimant, const QByteArray &pattern, const QByteArray &day,
                 bool notes);
// Whether where() names the `day` placeholder.
bool usesFollowUpDay(const QueueQuery &query, bool notes);
// The day a follow-up is compared with, as operation_notes keeps it ("YYYY-MM-DD"):
// `today`, or the current date when it is not set.
QString followUpDay(const QDate &today);
// Whether the row of refund_ops waits for a follow-up after the day bound to `day` (see
// QueueQuery::FollowUp).
QByteArray waitingCondition(const QByteArray &day, bool notes);
// ", <follow-up day>, <its note>, <last attempt's end>, <latest note's id>, <its text>,
// <its time>": the columns a page of the console's queue reads after OperationColumns
// (QueueRowDetail), in this order, the follow-up after the day bound to `day`
// (followUpDay; unused when `notes` is false).
QByteArray detailColumns(const QByteArray &day, bool notes);
// The detail from those columns' values, each null (or none) when NULL.
QueueRowDetail detailFrom(const QString &followUpDay, const QString &followUpNote, std::optional<qint64> lastAttemptAt,
                          std::optional<qint64> latestNoteId = std::nullopt, const QString &latestNoteText = {},
                          qint64 latestNoteAt = 0);
// One statement, one row: all, checking (free = all - checking), mine and waiting, then
// the oldest operation's id and when it became unknown (its last attempt's end, its
// created_at without attempts; NULL for an empty queue), for
// the claimant bound to `claimant` and the day bound to `day` (followUpDay; unused when
// `notes` is false). Its cost follows the queue's indexes, not the store's size.
// On SQLite, `indexes` names the indexes each part reads (INDEXED BY) when the store has
// them; empty names: no hint.
struct CountsIndexes
{
    QByteArray oldest;           // refund_ops_queue_by_created
    QByteArray claimant;         // refund_ops_queue_by_claimant
    QByteArray followUp;         // operation_notes_follow_up
    QByteArray queueByOperation; // refund_ops_queue_by_operation
};
// `viewWhere`: where() of the view the person looks at (its placeholders bound by the
// caller, its day the same `day`); empty for the whole queue. With it, the oldest is the
// view's and an eighth column counts the view; without it the statement is the whole
// queue's alone. The seventh column is the reconciler's last pass (store_meta's
// ReconcilePassRecord::MetaKey, NULL without one), so that the status bar needs no read of
// its own.
QByteArray countsSql(const QByteArray &claimant, const QByteArray &day, bool notes, SqlDialect dialect,
                     const CountsIndexes &indexes = {}, const QByteArray &viewWhere = {});
// Whether `view` lists less than the whole queue (a status, a follow-up or a search):
// countsSql() then needs its where().
bool narrowsQueue(const QueueQuery &view);

} // namespace QueueSql

} // namespace RefundDesk::Internal
