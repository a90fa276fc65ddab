#pragma once

#include "store/auditquery.h"
#include "store/sqldialect.h"

#include <QByteArray>
#include <QString>

#include <functional>
#include <vector>

namespace RefundDesk::Internal {

// One row of an invariant query's answer, whichever backend read it.
class InvariantRow
{
public:
    virtual ~InvariantRow() = default;
    virtual QString text(int column) const = 0;
    virtual qint64 integer(int column) const = 0;
    virtual bool isNull(int column) const = 0;
};

// An invariant over the stored rows, checked by a query whose rows are its violations:
// they are counted, and the first is described.
struct InvariantQuery
{
    QString invariant;
    QByteArray sql;
    std::function<void(const InvariantRow &firstRow, InvariantViolation &violation)> describe;
};

// The invariants over the data that both backends check alike (DESIGN.md, "The rules"):
// keys unique, one open refund per order and amount, every resolution names an
// operation, one decision per operation, statuses agree with the last resolutions,
// refunded rows carry a refund id. What each backend checks of its own schema objects
// (triggers, indexes, file integrity) is its own.
std::vector<InvariantQuery> dataInvariantQueries(SqlDialect dialect);

} // namespace RefundDesk::Internal
