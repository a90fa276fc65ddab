#include "evidence/batchexecutor.h"

#include "store/store.h"

#include <QDateTime>

#include <algorithm>

namespace RefundDesk {

qint64 BatchReport::decided() const
{
    return std::count_if(items.begin(), items.end(),
                         [](const BatchItemResult &item) { return item.state == BatchItemResult::State::Decided; });
}

qint64 BatchReport::skipped() const
{
    return qint64(items.size()) - decided();
}

BatchExecutor::BatchExecutor(Store &store, QString operatorName, QString note)
    : m_store(store)
    , m_operatorName(std::move(operatorName))
    , m_note(std::move(note))
{
}

QString BatchExecutor::batchNote(const QString &note, const QString &operatorName, qint64 count, qint64 nowMs)
{
    // Not translated: the audit log keeps one wording that a search can find.
    const QString when = QDateTime::fromMSecsSinceEpoch(nowMs, Qt::UTC).toString(Qt::ISODate);
    return QStringLiteral("%1 [batch from evidence: %2 operations, by %3 at %4]")
        .arg(note.trimmed(), QString::number(count), operatorName.trimmed(), when);
}

BatchReport BatchExecutor::run(const BatchPlan &plan)
{
    BatchReport report;
    report.planned = qint64(plan.eligible.size());
    report.leftOutByReviewer = plan.leftOutByReviewer();
    report.note = batchNote(m_note, m_operatorName, report.planned, QDateTime::currentMSecsSinceEpoch());
    const size_t total = plan.eligible.size();
    for (size_t first = 0; first < total; first += size_t(m_sliceSize)) {
        if (m_cancel && m_cancel->load()) {
            report.cancelled = true;
            break;
        }
        const size_t last = std::min(total, first + size_t(m_sliceSize));
        if (m_beforeWrite) {
            for (size_t i = first; i < last; ++i)
                m_beforeWrite(plan.eligible[i]);
        }
        BatchSlice::Done done = BatchSlice::decide(m_store, plan.eligible, first, last, m_operatorName, report.note);
        for (BatchItemResult &item : done.items) {
            report.items.push_back(std::move(item));
            if (m_progress)
                m_progress(qint64(report.items.size()), report.planned);
        }
        if (done.failure) {
            // The store cannot be written: what follows would fail the same way.
            report.failure = std::move(done.failure);
            break;
        }
    }
    return report;
}

} // namespace RefundDesk
