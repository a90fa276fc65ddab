#include "items/queueverdicttally.h"

#include <QSet>

namespace RefundDesk {

void QueueVerdictTally::note(const std::vector<QueueRow> &rows)
{
    for (const QueueRow &row : rows) {
        if (row.verdict && !row.verdict->code.isEmpty())
            m_verdicts.insert(row.key.operationId, row.verdict->code);
    }
}

void QueueVerdictTally::keepOnly(const std::vector<QueueRow> &rows)
{
    QSet<QString> listed;
    listed.reserve(qsizetype(rows.size()));
    for (const QueueRow &row : rows)
        listed.insert(row.key.operationId);
    m_verdicts.removeIf([&listed](const auto &entry) { return !listed.contains(entry.key()); });
}

int QueueVerdictTally::settled() const
{
    int count = 0;
    for (const QString &code : m_verdicts)
        count += settledByEvidence(code) ? 1 : 0;
    return count;
}

int QueueVerdictTally::withVerdict(const QString &code) const
{
    int count = 0;
    for (const QString &each : m_verdicts)
        count += each == code ? 1 : 0;
    return count;
}

} // namespace RefundDesk
