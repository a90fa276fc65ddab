#include "ui/console/queue/queueviewcounts.h"

#include "items/queuemodel.h"
#include "store/store.h"
#include "store/storeworker.h"

#include <QDate>

namespace RefundDesk {

QueueViewCounts::QueueViewCounts(QueueModel *model, QObject *parent)
    : QObject(parent)
    , m_model(model)
{
    // The verdicts come with the rows: the evidence's counts follow each listing.
    connect(m_model, &QueueModel::loaded, this, &QueueViewCounts::changed);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &QueueViewCounts::changed);
}

void QueueViewCounts::setStore(StoreWorker *worker)
{
    m_worker = worker;
    m_counts.reset();
    m_lane.abandon();
    read();
}

void QueueViewCounts::read()
{
    if (!m_worker) {
        emit changed();
        return;
    }
    const RequestLane::Stub lane = m_lane.stub(m_lane.next());
    const QString operatorName = m_operatorName;
    const QDate today = m_today.isValid() ? m_today : QDate::currentDate();
    const QueueQuery view = m_model->query();
    const int number = ++m_reads;
    m_worker->request<QueueCounts>(
        lane, [operatorName, today, view](Store &store) { return store.queueCounts(operatorName, today, view); },
        this, [this, number, view](Result<QueueCounts> counted) {
            m_answered = number;
            // A store that cannot count says so through the queue's own read; the views
            // then show no numbers rather than old ones.
            if (counted)
                m_counts = *counted;
            else
                m_counts.reset();
            m_countedView = view;
            emit changed();
        });
}

std::optional<QueueCounts> QueueViewCounts::viewCounts() const
{
    const QueueQuery &listed = m_model->query();
    // The order does not change what a view holds; its filters and search do.
    const bool sameView = m_countedView.statusFilter == listed.statusFilter
        && m_countedView.claimedBy == listed.claimedBy && m_countedView.followUp == listed.followUp
        && m_countedView.searchText.trimmed() == listed.searchText.trimmed();
    if (!m_counts || !sameView || !m_model->verdictFilter().isEmpty())
        return std::nullopt;
    return m_counts;
}

int QueueViewCounts::settled() const
{
    return m_model->verdictTally().settled();
}

int QueueViewCounts::noEvidence() const
{
    return m_model->verdictTally().withVerdict(QStringLiteral("none"));
}

bool QueueViewCounts::evidenceComplete() const
{
    const QueueQuery &query = m_model->query();
    return m_counts && m_model->isAtEnd() && m_model->verdictFilter().isEmpty()
        && query.statusFilter == QueueQuery::StatusFilter::NeedsPerson && query.followUp == QueueQuery::FollowUp::Any
        && query.searchText.isEmpty() && m_model->verdictTally().size() >= m_counts->all;
}

} // namespace RefundDesk
