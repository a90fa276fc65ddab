#pragma once

#include "domain/operation.h"

#include <QString>

#include <optional>
#include <vector>

namespace RefundDesk::Internal {

// refund_ops as the refund tool sees it, in memory, for the orders being simulated: one
// row per operation, and the unique index one_open_refund over (order_id, amount_cents)
// for open, unknown and checking rows. Rows are handed to the store and cleared after
// each conversation, so memory stays flat however many operations are simulated.
class OperationTable final
{
public:
    // Operation ids are op_<n> with n counting from `firstNumber`; numbers in `reserved`
    // are skipped (op_5521 belongs to the reference case).
    explicit OperationTable(qint64 firstNumber = 1, std::vector<qint64> reserved = {});

    struct OpenResult
    {
        int row = -1;
        bool inserted = false;
    };

    // INSERT … ON CONFLICT DO NOTHING, then SELECT under the unique index: inserts
    // `candidate` (its operation_id assigned here) unless a live row holds the same order
    // and amount, in which case that row is returned — the loser of an insert race reads
    // the winner's row.
    OpenResult openOrGet(Operation candidate);
    // The live (open, unknown or checking) row for an order and amount.
    std::optional<int> findLive(const QString &orderId, qint64 amountCents) const;
    // Whether a refund of this order and amount already went through.
    bool hasRefunded(const QString &orderId, qint64 amountCents) const;

    Operation &at(int row) { return m_rows.at(row); }
    const Operation &at(int row) const { return m_rows.at(row); }
    int size() const { return int(m_rows.size()); }
    std::vector<Operation> &rows() { return m_rows; }

    void clear() { m_rows.clear(); }

private:
    QString nextOperationId();

    std::vector<Operation> m_rows;
    qint64 m_nextNumber = 1;
    std::vector<qint64> m_reserved;
};

} // namespace RefundDesk::Internal
