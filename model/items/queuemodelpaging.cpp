// QueueModel's paging: the first page, the pages after it as the view scrolls, and the
// refresh that re-reads what is loaded while keeping the person's place.
#include "items/queuemodel.h"

#include "store/store.h"

#include <QHash>
#include <QScopedValueRollback>

#include <memory>

namespace RefundDesk {

void QueueModel::reload()
{
    const QScopedValueRollback busy(m_emitting, true);
    beginResetModel();
    m_rows.clear();
    m_residentPages.clear();
    m_lastScanned.reset();
    m_scanned = 0;
    m_atEnd = m_store == nullptr;
    m_lastError.reset();
    endResetModel();
    m_emitting = false;
    if (m_store)
        fetchMore({});
}

bool QueueModel::readPage(const std::optional<QueueCursor> &after, int limit, std::vector<Operation> &out)
{
    auto page = m_store->queuePage(m_query, after, limit);
    if (!page) {
        fail(page.error());
        return false;
    }
    out = std::move(*page);
    return true;
}

void QueueModel::fail(const Error &error)
{
    m_lastError = error;
    m_atEnd = true;
    emit readFailed(error.message);
}

bool QueueModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_store && !m_atEnd;
}

void QueueModel::fetchMore(const QModelIndex &parent)
{
    // Views and testers may ask from inside our own change signals; a page then waits
    // for the next ask rather than nest one change inside another.
    if (m_emitting || !canFetchMore(parent))
        return;
    const QScopedValueRollback busy(m_emitting, true);
    m_lastError.reset();
    // With a verdict filter a page may show nothing; read on a little, but never
    // more than a few pages per call so the window stays responsive.
    std::vector<Row> fresh;
    for (int pages = 0; pages < 5 && !m_atEnd && int(fresh.size()) < m_pageSize; ++pages) {
        std::vector<Operation> page;
        if (!readPage(m_lastScanned, m_pageSize, page))
            break;
        m_atEnd = int(page.size()) < m_pageSize;
        m_scanned += int(page.size());
        if (!page.empty())
            m_lastScanned = cursorAfter(m_query, page.back());
        std::vector<Row> passing = rowsPassing(page);
        std::move(passing.begin(), passing.end(), std::back_inserter(fresh));
        if (m_verdictFilter.isEmpty())
            break;
    }
    if (!fresh.empty()) {
        const int first = rowCount();
        beginInsertRows({}, first, first + int(fresh.size()) - 1);
        std::move(fresh.begin(), fresh.end(), std::back_inserter(m_rows));
        endInsertRows();
        // The new rows arrive with their operations: their pages are the ones used last.
        for (int page = first / m_pageSize; page <= (rowCount() - 1) / m_pageSize; ++page)
            touchPage(page);
    }
    emit loaded();
}

void QueueModel::refresh()
{
    if (m_emitting)
        return;
    if (!m_store) {
        reload();
        return;
    }
    const QScopedValueRollback busy(m_emitting, true);
    // Read again as far as already read; at the end, a page more so new rows appear.
    const int limit = m_atEnd ? m_scanned + m_pageSize : qMax(m_scanned, m_pageSize);
    std::vector<Row> rows;
    // Performance: without a verdict filter only the keys are read (an index holds them),
    // not the rows: a refresh of everything scrolled through costs a few milliseconds even
    // when that is the whole queue of a large store. The rows on screen are read again by
    // id when the view asks for them, since their contents may have changed in place.
    const bool read = m_verdictFilter.isEmpty() ? refreshKeys(limit, rows) : refreshRows(limit, rows);
    if (!read)
        return;
    m_lastError.reset();
    applyRows(std::move(rows));
    emit loaded();
}

bool QueueModel::refreshKeys(int limit, std::vector<Row> &rows)
{
    auto keys = m_store->queueKeys(m_query, limit);
    if (!keys) {
        fail(keys.error());
        return false;
    }
    m_atEnd = int(keys->size()) < limit;
    m_scanned = int(keys->size());
    m_lastScanned.reset();
    if (!keys->empty())
        m_lastScanned = keys->back();
    rows.reserve(keys->size());
    for (QueueCursor &key : *keys)
        rows.push_back(Row{std::move(key), nullptr, std::nullopt});
    return true;
}

bool QueueModel::refreshRows(int limit, std::vector<Row> &rows)
{
    // The verdict filter needs every scanned row's verdict, hence the rows themselves.
    std::vector<Operation> operations;
    if (!readPage(std::nullopt, limit, operations))
        return false;
    m_atEnd = int(operations.size()) < limit;
    m_scanned = int(operations.size());
    m_lastScanned.reset();
    if (!operations.empty())
        m_lastScanned = cursorAfter(m_query, operations.back());
    rows = rowsPassing(operations);
    return true;
}

void QueueModel::applyRows(std::vector<Row> rows)
{
    // Performance: QHash (open addressing, no allocation per entry) sized up front; with
    // the whole queue of a large store scrolled through, these maps hold tens of
    // thousands of ids on every refresh.
    QHash<QString, int> wanted;
    wanted.reserve(qsizetype(rows.size()));
    for (int i = 0; i < int(rows.size()); ++i)
        wanted.insert(rows[i].key.operationId, i);

    // 1. Remove the rows that left, bottom up in contiguous runs.
    for (int end = int(m_rows.size()) - 1; end >= 0;) {
        if (wanted.count(m_rows[end].key.operationId)) {
            --end;
            continue;
        }
        int start = end;
        while (start > 0 && !wanted.count(m_rows[start - 1].key.operationId))
            --start;
        beginRemoveRows({}, start, end);
        m_rows.erase(m_rows.begin() + start, m_rows.begin() + end + 1);
        endRemoveRows();
        end = start - 1;
    }

    // 2. Append the rows that arrived.
    QHash<QString, int> present;
    present.reserve(qsizetype(m_rows.size()));
    for (int i = 0; i < int(m_rows.size()); ++i)
        present.insert(m_rows[i].key.operationId, i);
    std::vector<Row> arrived;
    for (const Row &row : rows) {
        if (!present.count(row.key.operationId))
            arrived.push_back(row);
    }
    if (!arrived.empty()) {
        const int first = rowCount();
        beginInsertRows({}, first, first + int(arrived.size()) - 1);
        std::move(arrived.begin(), arrived.end(), std::back_inserter(m_rows));
        endInsertRows();
    }

    // 3. Put everything in the new order, moving persistent indexes with their rows.
    bool reordered = false;
    for (int i = 0; i < int(rows.size()) && !reordered; ++i)
        reordered = m_rows[i].key.operationId != rows[i].key.operationId;
    if (reordered) {
        emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
        const QModelIndexList before = persistentIndexList();
        QModelIndexList after;
        after.reserve(before.size());
        for (const QModelIndex &index : before) {
            const auto found = wanted.constFind(m_rows[index.row()].key.operationId);
            after.append(found == wanted.cend() ? QModelIndex() : createIndex(found.value(), index.column()));
        }
        m_rows = std::move(rows);
        changePersistentIndexList(before, after);
        emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
    } else {
        m_rows = std::move(rows);
    }
    // The rows now hold what was just read (keys, or rows under a verdict filter): the
    // pages held before refer to rows that may have moved.
    m_residentPages.clear();
    forgetResidentRows();
    if (!m_rows.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

QueueModel::Row QueueModel::makeRow(const Operation &operation) const
{
    return Row{cursorAfter(m_query, operation), std::make_shared<const Operation>(operation), std::nullopt};
}

std::vector<QueueModel::Row> QueueModel::rowsPassing(const std::vector<Operation> &page) const
{
    std::vector<Row> rows;
    rows.reserve(page.size());
    for (const Operation &operation : page)
        rows.push_back(makeRow(operation));
    if (m_verdictFilter.isEmpty())
        return rows;
    auto candidates = m_store->candidateEventsOfEach(page);
    for (size_t i = 0; i < rows.size(); ++i) {
        if (!candidates) {
            rows[i].verdict = VerdictText{QString(), candidates.error().message};
            continue;
        }
        rows[i].verdict = judge(page[i], (*candidates)[i]);
    }
    std::erase_if(rows, [this](const Row &row) { return !passesFilter(row); });
    return rows;
}

bool QueueModel::passesFilter(const Row &row) const
{
    return m_verdictFilter.isEmpty() || verdictOf(row).code == m_verdictFilter;
}

} // namespace RefundDesk
