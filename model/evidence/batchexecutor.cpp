#include "evidence/batchexecutor.h"

#include "evidence/resolver.h"
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
    report.note = batchNote(m_note, m_operatorName, report.planned, QDateTime::currentMSecsSinceEpoch());
    Resolver resolver(m_store);
    for (const BatchCandidate &candidate : plan.eligible) {
        if (m_cancel && m_cancel->load()) {
            report.cancelled = true;
            break;
        }
        if (m_beforeWrite)
            m_beforeWrite(candidate);
        ResolutionDraft draft;
        draft.operationId = candidate.seen.operationId;
        draft.outcome = candidate.outcome;
        draft.refundId = candidate.outcome == Outcome::Refunded ? candidate.refundId : QString();
        draft.evidence = candidate.evidenceText();
        draft.note = report.note;
        draft.operatorName = m_operatorName;
        // The same door and the same atomic check as a single decision, and the evidence
        // read again and compared with what was reviewed.
        auto resolution = resolver.resolveAsReviewed(draft, SeenState::of(candidate.seen),
                                                     {candidate.verdict, candidate.refundId, candidate.eventId, candidate.lookupId});
        BatchItemResult item{candidate, BatchItemResult::State::Skipped, std::nullopt, {}};
        if (resolution) {
            item.state = BatchItemResult::State::Decided;
            item.resolution = std::move(*resolution);
        } else if (const ErrorKind kind = resolution.error().kind;
                   kind == ErrorKind::Conflict || kind == ErrorKind::Refused || kind == ErrorKind::Usage) {
            // It changed since the review (or is gone): skipped, never decided on stale evidence.
            item.reason = resolution.error().message;
        } else {
            // The store cannot be written: what follows would fail the same way.
            report.failure = resolution.error();
            break;
        }
        report.items.push_back(std::move(item));
        if (m_progress)
            m_progress(qint64(report.items.size()), report.planned);
    }
    return report;
}

} // namespace RefundDesk
