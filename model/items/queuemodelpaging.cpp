// QueueModel's paging: the first page, the pages after it as the view scrolls, and the
// refresh that re-reads what is loaded while keeping the person's place. Each is a request
// to the store worker; its answer is applied when it comes.
#include "items/queuemodel.h"

#include "store/store.h"
#include "store/storeworker.h"

#include <QHash>
#include <QScopedValueRollback>

#include <memory>

namespace RefundDesk {

namespace {

// With a verdict filter a page may show nothing; a listing reads on a little, but never
// more than a few pages per request, so that a newer request soon gets its turn.
constexpr int MaxPagesPerListing = 5;

} // namespace

void QueueModel::reload()
{
    m_tally.clear();
    const QScopedValueRollback busy(m_emitting, true);
    beginResetModel();
    m_rows.clear();
    m_residentPages.clear();
    m_stalePages.clear();
    m_pagesAsked.clear();
    ++m_rowsGeneration;
    m_lastScanned.reset();
    m_scanned = 0;
    m_atEnd = m_worker == nullptr;
    m_lastError.reset();
    endResetModel();
    m_emitting = false;
    if (m_worker)
        startListing(Listing::FirstPage);
    else
        m_listLane.abandon();
}

void QueueModel::startListing(Listing kind)
{
    const bool wasLoading = isLoading();
    m_listing = kind;
    const RequestLane::Stub lane = m_listLane.stub(m_listLane.next());
    const QueueQuery query = m_query;
    const QString verdictFilter = m_verdictFilter;
    const int pageSize = m_pageSize;
    std::function<Result<QueueScan>(Store &)> read;
    if (kind == Listing::Refresh) {
        // Read again as far as already read; at the end, a page more so new rows appear.
        const int limit = m_atEnd ? m_scanned + m_pageSize : qMax(m_scanned, m_pageSize);
        read = [query, verdictFilter, limit](Store &store) { return QueueReads::refresh(store, query, verdictFilter, limit); };
    } else {
        const std::optional<QueueCursor> after = kind == Listing::NextPage ? m_lastScanned : std::nullopt;
        read = [query, verdictFilter, after, pageSize](Store &store) {
            return QueueReads::pages(store, query, verdictFilter, after, pageSize, MaxPagesPerListing);
        };
    }
    m_worker->request<QueueScan>(lane, std::move(read), this,
                                 [this, kind](Result<QueueScan> answer) { listed(kind, std::move(answer)); });
    if (!wasLoading)
        emit loadingChanged();
}

void QueueModel::listed(Listing kind, Result<QueueScan> answer)
{
    m_listing.reset();
    if (!answer) {
        fail(answer.error());
        emit loadingChanged();
        emit loaded(); // what was listed stays; the view says why nothing more came
        return;
    }
    m_lastError.reset();
    emit rowsAboutToArrive();
    QueueScan &scan = *answer;
    if (kind == Listing::Refresh) {
        m_atEnd = scan.atEnd;
        m_scanned = scan.scanned;
        m_lastScanned = scan.lastScanned;
        const QScopedValueRollback busy(m_emitting, true);
        applyRows(std::move(scan.rows));
    } else {
        m_atEnd = scan.atEnd;
        m_scanned += scan.scanned;
        m_lastScanned = scan.lastScanned;
        appendRows(std::move(scan.rows));
    }
    emit loadingChanged();
    emit loaded();
}

void QueueModel::appendRows(std::vector<Row> rows)
{
    m_tally.note(rows);
    if (rows.empty())
        return;
    const QScopedValueRollback busy(m_emitting, true);
    const int first = rowCount();
    beginInsertRows({}, first, first + int(rows.size()) - 1);
    std::move(rows.begin(), rows.end(), std::back_inserter(m_rows));
    endInsertRows();
    // The new rows arrive with their operations: their pages are the ones used last.
    for (int page = first / m_pageSize; page <= (rowCount() - 1) / m_pageSize; ++page)
        touchPage(page);
}

void QueueModel::fail(const Error &error)
{
    m_lastError = error;
    m_atEnd = true;
    emit readFailed(error.message);
}

bool QueueModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_worker && !m_atEnd;
}

void QueueModel::fetchMore(const QModelIndex &parent)
{
    // Views and testers may ask from inside our own change signals; a page then waits
    // for the next ask rather than nest one change inside another.
    if (m_emitting || !canFetchMore(parent))
        return;
    // One listing at a time: the next page continues where the one in progress ends. A view
    // asks again once the rows it has are laid out, if it still shows their end.
    if (isLoading())
        return;
    startListing(Listing::NextPage);
}

void QueueModel::refresh()
{
    if (m_emitting)
        return;
    if (!m_worker) {
        reload();
        return;
    }
    // A listing in progress is replaced: the refresh reads at least as far.
    startListing(m_rows.empty() && !m_atEnd && m_scanned == 0 ? Listing::FirstPage : Listing::Refresh);
}

void QueueModel::applyRows(std::vector<Row> rows)
{
    // What the rows held showed (a few pages), kept for them until they are read again.
    QHash<QString, Row> held;
    if (m_verdictFilter.isEmpty()) {
        for (const Row &row : m_rows) {
            if (row.operation)
                held.insert(row.key.operationId, row);
        }
    }
    m_tally.keepOnly(rows);
    m_tally.note(rows);
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
    // pages held or asked for before refer to rows that may have moved. Without a filter,
    // the rows still listed show what they held until their pages are read again.
    m_residentPages.clear();
    m_stalePages.clear();
    m_pagesAsked.clear();
    ++m_rowsGeneration;
    if (m_verdictFilter.isEmpty())
        keepHeldUntilReadAgain(held);
    else
        touchHeldPages();
    if (!m_rows.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

} // namespace RefundDesk
