#pragma once

#include <QString>
#include <QStringList>

namespace RefundDesk {

// How the database runs one statement: its text and the steps of its plan (SQLite's
// EXPLAIN QUERY PLAN, e.g. "SEARCH refund_ops USING INDEX refund_ops_order (order_id=?)"),
// each step indented two spaces per level under its parent.
struct QueryPlan
{
    QString sql;
    QStringList steps;
};

} // namespace RefundDesk
