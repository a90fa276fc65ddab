#pragma once

#include "items/queuereads.h"

#include <QHash>
#include <QString>

#include <vector>

namespace RefundDesk {

// The verdicts the queue model has worked out so far, by operation: what the counts of
// the views that depend on the evidence (Settled by evidence, No evidence) are made of,
// without classifying the whole queue again. It covers the rows listed and read, so a
// count is complete only once every row listed was read (isComplete).
class QueueVerdictTally
{
public:
    // Rows read with their verdicts (a page, a refresh of held rows).
    void note(const std::vector<QueueRow> &rows);
    // Only these rows are still listed.
    void keepOnly(const std::vector<QueueRow> &rows);
    void clear() { m_verdicts.clear(); }

    int settled() const;
    int withVerdict(const QString &code) const;
    int size() const { return int(m_verdicts.size()); }

private:
    QHash<QString, QString> m_verdicts; // operation id -> verdict code
};

} // namespace RefundDesk
