// QueueModel's cache: which pages hold their operations (least recently used first), an
// evicted row read again by id when it is shown, and the verdicts worked out for the rows
// held.
#include "items/queuemodel.h"

#include "evidence/evidenceanalyzer.h"
#include "store/store.h"

#include <algorithm>
#include <memory>

namespace RefundDesk {

const QueueModel::Row &QueueModel::residentRow(int row) const
{
    const int page = row / m_pageSize;
    if (!m_rows[row].operation)
        loadPage(page);
    touchPage(page);
    return m_rows[row];
}

void QueueModel::loadPage(int page) const
{
    if (!m_store)
        return;
    const int first = page * m_pageSize;
    const int end = std::min(int(m_rows.size()), first + m_pageSize);
    // By id: one primary-key lookup per row, a page in well under a millisecond, the
    // page's rows from one moment.
    const ReadSnapshot moment(*m_store);
    for (int i = first; i < end; ++i) {
        const Row &row = m_rows[i];
        if (row.operation)
            continue;
        auto found = m_store->operation(row.key.operationId);
        if (found && found->has_value())
            row.operation = std::make_shared<const Operation>(std::move(**found));
    }
}

void QueueModel::touchPage(int page) const
{
    const auto found = std::find(m_residentPages.begin(), m_residentPages.end(), page);
    if (found != m_residentPages.end())
        m_residentPages.erase(found);
    m_residentPages.push_back(page);
    if (int(m_residentPages.size()) > m_maxResidentPages && !m_trimQueued) {
        // Later, from the event loop: a row handed out a moment ago stays valid meanwhile.
        m_trimQueued = true;
        QMetaObject::invokeMethod(const_cast<QueueModel *>(this), &QueueModel::trimResidentPages, Qt::QueuedConnection);
    }
}

void QueueModel::trimResidentPages()
{
    m_trimQueued = false;
    while (int(m_residentPages.size()) > m_maxResidentPages) {
        const int page = m_residentPages.front();
        m_residentPages.erase(m_residentPages.begin());
        const int first = page * m_pageSize;
        const int end = std::min(int(m_rows.size()), first + m_pageSize);
        for (int i = first; i < end; ++i) {
            m_rows[i].operation.reset();
            m_rows[i].verdict.reset();
        }
    }
}

void QueueModel::forgetResidentRows()
{
    for (Row &row : m_rows) {
        row.operation.reset();
        row.verdict.reset();
    }
}

const QueueModel::VerdictText &QueueModel::verdictOf(const Row &row) const
{
    if (row.verdict)
        return *row.verdict;
    if (!row.operation) {
        static const VerdictText unknown;
        return unknown;
    }
    // A row has its operation only while a store is set.
    auto candidates = m_store->candidateEvents(*row.operation);
    if (!candidates) {
        row.verdict = VerdictText{QString(), candidates.error().message};
        return *row.verdict;
    }
    row.verdict = judge(*row.operation, *candidates);
    return *row.verdict;
}

QueueModel::VerdictText QueueModel::judge(const Operation &operation, const std::vector<WebhookEvent> &candidates)
{
    const Evidence evidence = EvidenceAnalyzer::analyze(operation, candidates);
    return {toString(evidence.verdict), evidence.explanation};
}

} // namespace RefundDesk
