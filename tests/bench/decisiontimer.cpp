#include "decisiontimer.h"

#include "evidence/resolver.h"
#include "store/queuequery.h"
#include "store/store.h"

#include <QElapsedTimer>

namespace RefundDesk::Bench {

namespace {

// The draft an operator would write for `operation` after reading its evidence; empty
// when the evidence leaves the outcome open (pending, conflict).
std::optional<ResolutionDraft> draftFor(const Operation &operation, const Evidence &evidence, const QString &operatorName)
{
    ResolutionDraft draft;
    draft.operationId = operation.operationId;
    draft.operatorName = operatorName;
    switch (evidence.verdict) {
    case Verdict::Refunded:
        draft.outcome = Outcome::Refunded;
        draft.refundId = evidence.namedRefundId;
        break;
    case Verdict::Failed:
    case Verdict::NotFound:
    case Verdict::None:
        draft.outcome = Outcome::Failed;
        break;
    case Verdict::Pending:
    case Verdict::Conflict:
    case Verdict::OtherRefund: // a person's to judge, with an override
        return std::nullopt;
    }
    draft.evidence = evidence.suggestedEvidenceText();
    if (draft.evidence.isEmpty())
        draft.evidence = QStringLiteral("provider dashboard: no refund for this order");
    return draft;
}

} // namespace

bool DecisionTimer::run(int decisions)
{
    auto opened = StoreFactory::open(m_location, Store::OpenMode::ReadWrite);
    if (!opened) {
        m_error = opened.error().message;
        return false;
    }
    Store &store = **opened;
    const QString operatorName = store.sessionOperator().isEmpty() ? QStringLiteral("bench") : store.sessionOperator();
    QueueQuery query;
    query.statusFilter = QueueQuery::StatusFilter::Unknown;
    auto page = store.queuePage(query, std::nullopt, 4 * decisions);
    if (!page) {
        m_error = page.error().message;
        return false;
    }
    Resolver resolver(store);
    for (const Operation &operation : *page) {
        if (int(m_milliseconds.size()) == decisions)
            break;
        if (!operation.claimedBy.isEmpty())
            continue;
        auto evidence = resolver.evidenceFor(operation); // what the panel showed before the dialog
        if (!evidence) {
            m_error = evidence.error().message;
            return false;
        }
        const auto draft = draftFor(operation, *evidence, operatorName);
        if (!draft)
            continue;
        QElapsedTimer timer;
        timer.start();
        auto recorded = resolver.resolve(*draft, SeenState::of(operation));
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        if (!recorded) {
            m_error = QStringLiteral("the decision on %1 was not recorded: %2").arg(operation.operationId,
                                                                                   recorded.error().message);
            return false;
        }
        m_milliseconds.push_back(ms);
    }
    if (m_milliseconds.empty()) {
        m_error = QStringLiteral("the queue holds no operation a decision can be timed on");
        return false;
    }
    return true;
}

} // namespace RefundDesk::Bench
