// QueueModel's cache: which pages hold their operations (least recently used first), and
// an evicted or stale page asked for again when one of its rows is shown.
#include "items/queuemodel.h"

#include "store/store.h"
#include "store/storeworker.h"

#include <algorithm>
#include <memory>

namespace RefundDesk {

const QueueModel::Row &QueueModel::residentRow(int row) const
{
    const int page = row / m_pageSize;
    if (!m_rows[row].operation || m_stalePages.contains(page))
        loadPage(page);
    if (m_rows[row].operation)
        touchPage(page);
    return m_rows[row];
}

void QueueModel::loadPage(int page) const
{
    if (!m_worker || m_pagesAsked.contains(page))
        return;
    m_pagesAsked.insert(page);
    const int first = page * m_pageSize;
    const int end = std::min(int(m_rows.size()), first + m_pageSize);
    // The page again by its keys: the rows after the one before it, in one read with the
    // events behind their verdicts. A row that moved away meanwhile stays as it is until
    // the refresh that the change brings.
    const std::optional<QueueCursor> after = first > 0 ? std::optional<QueueCursor>(m_rows[first - 1].key) : std::nullopt;
    const QueueQuery query = m_query;
    const int count = end - first;
    const quint64 generation = m_rowsGeneration;
    auto *self = const_cast<QueueModel *>(this);
    m_worker->request<std::vector<Row>>(
        [query, after, count](Store &store) { return QueueReads::rowsAfter(store, query, after, count); }, self,
        [self, page, generation](Result<std::vector<Row>> answer) {
            if (generation == self->m_rowsGeneration)
                self->pageLoaded(page, answer);
        });
}

void QueueModel::pageLoaded(int page, const Result<std::vector<Row>> &answer)
{
    m_pagesAsked.remove(page);
    if (!answer) {
        m_lastError = answer.error();
        emit readFailed(answer.error().message);
        return;
    }
    m_tally.note(*answer);
    m_stalePages.remove(page);
    const int first = page * m_pageSize;
    const int end = std::min(int(m_rows.size()), first + m_pageSize);
    QHash<QString, const Row *> read;
    for (const Row &row : *answer)
        read.insert(row.key.operationId, &row);
    int changedFirst = -1;
    int changedLast = -1;
    for (int i = first; i < end; ++i) {
        const auto found = read.constFind(m_rows[i].key.operationId);
        if (found == read.constEnd())
            continue;
        m_rows[i].operation = (*found)->operation;
        m_rows[i].verdict = (*found)->verdict;
        m_rows[i].detail = (*found)->detail;
        changedFirst = changedFirst < 0 ? i : changedFirst;
        changedLast = i;
    }
    touchPage(page);
    if (changedFirst >= 0)
        emit dataChanged(index(changedFirst, 0), index(changedLast, ColumnCount - 1));
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

void QueueModel::touchHeldPages()
{
    for (int row = 0; row < int(m_rows.size()); row += m_pageSize) {
        if (m_rows[row].operation)
            touchPage(row / m_pageSize);
    }
}

void QueueModel::trimResidentPages()
{
    m_trimQueued = false;
    while (int(m_residentPages.size()) > m_maxResidentPages) {
        const int page = m_residentPages.front();
        m_residentPages.erase(m_residentPages.begin());
        m_stalePages.remove(page);
        const int first = page * m_pageSize;
        const int end = std::min(int(m_rows.size()), first + m_pageSize);
        for (int i = first; i < end; ++i) {
            m_rows[i].operation.reset();
            m_rows[i].verdict.reset();
            m_rows[i].detail = {};
        }
    }
}

void QueueModel::markHeldPagesStale()
{
    for (const int page : m_residentPages)
        m_stalePages.insert(page);
}

void QueueModel::keepHeldUntilReadAgain(const QHash<QString, Row> &held)
{
    for (int i = 0; i < int(m_rows.size()); ++i) {
        const auto found = held.constFind(m_rows[i].key.operationId);
        if (found == held.cend())
            continue;
        m_rows[i].operation = found->operation;
        m_rows[i].verdict = found->verdict;
        m_rows[i].detail = found->detail;
        const int page = i / m_pageSize;
        if (!m_stalePages.contains(page)) {
            m_stalePages.insert(page);
            touchPage(page);
        }
    }
}

QueueRow::Verdict QueueModel::verdictOf(const Row &row) const
{
    return row.verdict.value_or(QueueRow::Verdict{});
}

} // namespace RefundDesk
