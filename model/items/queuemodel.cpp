#include "items/queuemodel.h"

#include "domain/keywindow.h"
#include "domain/money.h"
#include "evidence/evidenceanalyzer.h"
#include "items/timetext.h"
#include "items/tooltiptext.h"
#include "store/store.h"

#include <QDateTime>
#include <QHash>
#include <QScopedValueRollback>

#include <algorithm>
#include <memory>

namespace RefundDesk {

QueueModel::QueueModel(QObject *parent)
    : QAbstractTableModel(parent)
    , m_clock([] { return QDateTime::currentMSecsSinceEpoch(); })
{
}

QueueModel::~QueueModel() = default;

void QueueModel::setStore(Store *store)
{
    m_store = store;
    m_keyRetentionHours = 24;
    if (m_store) {
        if (auto hours = m_store->keyRetentionHours())
            m_keyRetentionHours = *hours;
    }
    reload();
}

void QueueModel::setQuery(const QueueQuery &query)
{
    m_query = query;
    reload();
}

void QueueModel::setVerdictFilter(const QString &verdict)
{
    if (m_verdictFilter == verdict)
        return;
    m_verdictFilter = verdict;
    reload();
}

void QueueModel::setQuery(const QueueQuery &query, const QString &verdictFilter)
{
    m_query = query;
    m_verdictFilter = verdictFilter;
    reload();
}

void QueueModel::setOperatorName(const QString &name)
{
    m_operatorName = name;
    if (!m_rows.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void QueueModel::setPageSize(int rows)
{
    m_pageSize = qMax(1, rows);
}

void QueueModel::setResidentPages(int pages)
{
    m_maxResidentPages = qMax(1, pages);
    trimResidentPages();
}

int QueueModel::residentRowCount() const
{
    return int(std::count_if(m_rows.begin(), m_rows.end(), [](const Row &row) { return row.operation != nullptr; }));
}

void QueueModel::setClock(std::function<qint64()> clock)
{
    m_clock = std::move(clock);
}

std::optional<QueueQuery::SortKey> QueueModel::sortKeyFor(int column, Qt::SortOrder order, bool *descending)
{
    const bool ascending = order == Qt::AscendingOrder;
    *descending = !ascending;
    switch (column) {
    case -1: *descending = false; return QueueQuery::SortKey::UpdatedAt;
    case OperationColumn: return QueueQuery::SortKey::OperationId;
    case OrderColumn: return QueueQuery::SortKey::OrderId;
    case AmountColumn: return QueueQuery::SortKey::Amount;
    case StatusColumn: return QueueQuery::SortKey::Status;
    case AttemptsColumn: return QueueQuery::SortKey::Attempts;
    // The youngest has the least age: ascending age is descending creation time.
    case AgeColumn: *descending = ascending; return QueueQuery::SortKey::CreatedAt;
    // The key window closes in creation order.
    case KeyWindowColumn: return QueueQuery::SortKey::CreatedAt;
    case ClaimedByColumn: return QueueQuery::SortKey::ClaimedBy;
    default: return std::nullopt;
    }
}

void QueueModel::sort(int column, Qt::SortOrder order)
{
    bool descending = false;
    const auto key = sortKeyFor(column, order, &descending);
    if (!key)
        return;
    if (m_query.sortKey == *key && m_query.descending == descending)
        return;
    m_query.sortKey = *key;
    m_query.descending = descending;
    reload();
}

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

bool QueueModel::passesFilter(const Row &row) const
{
    return m_verdictFilter.isEmpty() || verdictOf(row).code == m_verdictFilter;
}

int QueueModel::rowOf(const QString &operationId) const
{
    for (int i = 0; i < int(m_rows.size()); ++i) {
        if (m_rows[i].key.operationId == operationId)
            return i;
    }
    return -1;
}

const Operation *QueueModel::operationAt(int row) const
{
    if (row < 0 || row >= int(m_rows.size()))
        return nullptr;
    return residentRow(row).operation.get();
}

int QueueModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int QueueModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

qint64 QueueModel::keyExpiresAt(const Operation &operation) const
{
    return KeyWindow(operation, m_keyRetentionHours).expiresAt();
}

QVariant QueueModel::displayData(const Row &row, int column) const
{
    if (!row.operation)
        return column == OperationColumn ? QVariant(row.key.operationId) : QVariant();
    const Operation &operation = *row.operation;
    const qint64 now = m_clock();
    switch (column) {
    case OperationColumn: return operation.operationId;
    case OrderColumn: return operation.orderId;
    case AmountColumn: return Money::display(operation.amountCents, operation.currency);
    case StatusColumn: return displayName(operation.status);
    case AttemptsColumn: return operation.attempts;
    case AgeColumn: return TimeText::span(now - operation.createdAt);
    case KeyWindowColumn: {
        // Compact for the column; the header's tooltip says it is the time left.
        const KeyWindow window(operation, m_keyRetentionHours);
        return window.isOpenAt(now) ? TimeText::span(window.expiresAt() - now) : tr("closed");
    }
    case VerdictColumn: {
        const QString code = verdictOf(row).code;
        const auto verdict = verdictFromString(code);
        return verdict ? displayName(*verdict) : code;
    }
    case ClaimedByColumn: return operation.claimedBy;
    }
    return {};
}

QVariant QueueModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role == OperationIdRole)
        return m_rows[index.row()].key.operationId;
    const Row &row = residentRow(index.row());
    if (!row.operation)
        return role == Qt::DisplayRole ? displayData(row, index.column()) : QVariant();
    const Operation &operation = *row.operation;
    switch (role) {
    case Qt::DisplayRole:
        return displayData(row, index.column());
    case Qt::ToolTipRole:
        switch (index.column()) {
        case AgeColumn: return tr("Created %1").arg(TimeText::fullMoment(operation.createdAt));
        case KeyWindowColumn:
            return tr("The provider keeps the idempotency key until about %1.")
                .arg(TimeText::fullMoment(keyExpiresAt(operation)));
        // Names refund and event ids from the payloads: never markup.
        case VerdictColumn: return ToolTipText::fromPlainText(verdictOf(row).sentence);
        case ClaimedByColumn:
            if (operation.claimedAt)
                return tr("Claimed %1").arg(TimeText::fullMoment(*operation.claimedAt));
            return {};
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == AmountColumn || index.column() == AttemptsColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case OperationIdRole: return operation.operationId;
    case StatusRole: return toString(operation.status);
    case VerdictRole: return verdictOf(row).code;
    case ClaimedByRole: return operation.claimedBy;
    case MineRole:
        return operation.status == OperationStatus::Checking && !m_operatorName.isEmpty()
            && operation.claimedBy == m_operatorName;
    case KeyClosedRole: return keyExpiresAt(operation) <= m_clock();
    }
    return {};
}

QVariant QueueModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case OperationColumn: return tr("Operation");
        case OrderColumn: return tr("Order");
        case AmountColumn: return tr("Amount");
        case StatusColumn: return tr("Status");
        case AttemptsColumn: return tr("Tries");
        case AgeColumn: return tr("Age");
        case KeyWindowColumn: return tr("Key window");
        case VerdictColumn: return tr("Verdict");
        case ClaimedByColumn: return tr("Claimed by");
        }
    } else if (role == Qt::ToolTipRole) {
        switch (section) {
        case AttemptsColumn: return tr("Attempts sent to the provider under this operation's one key");
        case AgeColumn: return tr("Time since the operation was created");
        case KeyWindowColumn: return tr("Time left until the provider forgets the idempotency key");
        case VerdictColumn: return tr("What the provider's webhook events show (not sortable)");
        }
    }
    return {};
}

} // namespace RefundDesk
