#include "items/queuemodel.h"

#include "domain/keywindow.h"
#include "domain/money.h"
#include "evidence/evidence.h"
#include "items/timetext.h"
#include "items/tooltiptext.h"
#include "store/store.h"
#include "store/storeworker.h"

#include <QDateTime>

#include <algorithm>

namespace RefundDesk {

QueueModel::QueueModel(QObject *parent)
    : QAbstractTableModel(parent)
    , m_clock([] { return QDateTime::currentMSecsSinceEpoch(); })
{
}

QueueModel::~QueueModel() = default;

void QueueModel::setStore(StoreWorker *worker, int keyRetentionHours)
{
    m_worker = worker;
    m_keyRetentionHours = keyRetentionHours;
    reload();
}

void QueueModel::setQueueTargetHours(int hours)
{
    m_queueTargetHours = qMax(1, hours);
    if (!m_rows.empty())
        emit dataChanged(index(0, AgeColumn), index(rowCount() - 1, AgeColumn));
}

void QueueModel::setQuery(const QueueQuery &query)
{
    m_query = query;
    reload();
}

void QueueModel::setToday(const QDate &today)
{
    if (m_query.today == today)
        return;
    m_query.today = today;
    refresh();
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

void QueueModel::retranslate()
{
    // The verdicts' sentences are worked out again with the events, which the rows do not
    // keep: the rows shown are asked for again, and show the old sentences meanwhile. The
    // keys stay, and with them the place. Pages being read now are read in the old language.
    m_pagesAsked.clear();
    ++m_rowsGeneration;
    markHeldPagesStale();
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
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
    case -1: *descending = false; return QueueQuery{}.sortKey; // the queue's own order
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

qint64 QueueModel::unknownSince(const Row &row) const
{
    return row.detail.lastAttemptAt.value_or(row.operation->createdAt);
}

bool QueueModel::isOverdue(const Row &row) const
{
    return m_clock() - unknownSince(row) > qint64(m_queueTargetHours) * 3'600'000;
}

QString QueueModel::ageText(const Row &row) const
{
    return TimeText::span(m_clock() - unknownSince(row));
}

QString QueueModel::ageWords(const Row &row) const
{
    const QString span = ageText(row);
    return isOverdue(row) ? tr("%1 · overdue", "an age past the store's target").arg(span) : span;
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
    case AgeColumn: return ageText(row);
    case KeyWindowColumn: {
        // Compact for the column; the header's tooltip says it is the time left. Empty once
        // closed: on most rows it is, and a word on each would tell no row from another.
        const KeyWindow window(operation, m_keyRetentionHours);
        return window.isOpenAt(now) ? TimeText::span(window.expiresAt() - now) : QString();
    }
    case VerdictColumn: {
        const QString code = verdictOf(row).code;
        const auto verdict = verdictFromString(code);
        return verdict ? displayName(*verdict) : code;
    }
    case ClaimedByColumn: return operation.claimedBy;
    case FollowUpColumn: return followUpText(row);
    }
    return {};
}

QString QueueModel::followUpText(const Row &row) const
{
    if (!row.detail.followUp)
        return {};
    const QueueFollowUp &followUp = *row.detail.followUp;
    const QDate today = QDateTime::fromMSecsSinceEpoch(m_clock()).date();
    return tr("Waiting until %1 — %2", "a follow-up day, then the first line of the note that set it")
        .arg(TimeText::day(followUp.day, today), TimeText::firstLine(followUp.note));
}

QString QueueModel::latestNoteText(const Row &row) const
{
    if (!row.detail.latestNote)
        return {};
    return tr("Note: %1", "the first line of an operation's latest note").arg(row.detail.latestNote->firstLine());
}

QString QueueModel::rowSentence(const Row &row) const
{
    const Operation &operation = *row.operation;
    const qint64 now = m_clock();
    const KeyWindow window(operation, m_keyRetentionHours);
    QStringList parts{operation.operationId, tr("order %1").arg(operation.orderId),
                      Money::display(operation.amountCents, operation.currency), displayName(operation.status),
                      tr("verdict %1").arg(displayData(row, VerdictColumn).toString()),
                      tr("%n try(s)", nullptr, operation.attempts), ageWords(row),
                      window.isOpenAt(now) ? tr("key window %1 left").arg(TimeText::span(window.expiresAt() - now))
                                           : tr("key window closed")};
    if (!operation.claimedBy.isEmpty())
        parts << tr("claimed by %1").arg(operation.claimedBy);
    const QString followUp = followUpText(row);
    if (!followUp.isEmpty())
        parts << followUp;
    // The note that set the follow-up is said once, with its day.
    const bool noteSaidWithFollowUp = row.detail.followUp && row.detail.latestNote
        && TimeText::firstLine(row.detail.followUp->note) == row.detail.latestNote->firstLine();
    const QString note = latestNoteText(row);
    if (!note.isEmpty() && !noteSaidWithFollowUp)
        parts << note;
    return parts.join(QStringLiteral(", "));
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
    // What a screen reader says of a cell: its text as shown (an overdue age with the word
    // its icon stands for), and the whole row as one sentence, so that moving down the
    // queue reads each operation in full.
    case Qt::AccessibleTextRole:
        if (index.column() == AgeColumn)
            return ageWords(row);
        // The note's mark on the operation's cell, in words.
        if (index.column() == OperationColumn && row.detail.latestNote)
            return operation.operationId + QStringLiteral(", ") + latestNoteText(row);
        return displayData(row, index.column()).toString();
    case Qt::AccessibleDescriptionRole:
        return rowSentence(row);
    case Qt::ToolTipRole:
        switch (index.column()) {
        case AgeColumn: {
            const QString since = tr("Unknown since %1; created %2")
                                      .arg(TimeText::fullMoment(unknownSince(row)), TimeText::fullMoment(operation.createdAt));
            return isOverdue(row) ? since + u'\n' + tr("Overdue: unknown for longer than the store's target of %n hour(s).",
                                                        nullptr, m_queueTargetHours)
                                  : since;
        }
        case KeyWindowColumn:
            if (keyExpiresAt(operation) <= m_clock())
                return tr("The key window closed about %1: the provider may have forgotten the idempotency key.")
                    .arg(TimeText::fullMoment(keyExpiresAt(operation)));
            return tr("The provider keeps the idempotency key until about %1.")
                .arg(TimeText::fullMoment(keyExpiresAt(operation)));
        // Names refund and event ids from the payloads: never markup.
        case VerdictColumn: return ToolTipText::fromPlainText(verdictOf(row).sentence);
        case ClaimedByColumn:
            if (operation.claimedAt)
                return tr("Claimed %1").arg(TimeText::fullMoment(*operation.claimedAt));
            return {};
        case FollowUpColumn:
            // The whole note, as the operator wrote it: never markup.
            if (row.detail.followUp)
                return ToolTipText::fromPlainText(row.detail.followUp->note);
            return {};
        }
        // A cell with nothing of its own to say shows the row's note.
        if (row.detail.latestNote)
            return ToolTipText::fromPlainText(latestNoteText(row));
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
    case OverdueRole: return isOverdue(row);
    case LatestNoteRole: return row.detail.latestNote ? row.detail.latestNote->firstLine() : QString();
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
        case FollowUpColumn: return tr("Follow-up");
        }
    } else if (role == Qt::ToolTipRole) {
        switch (section) {
        case AttemptsColumn: return tr("Attempts sent to the provider under this operation's one key");
        case AgeColumn:
            return tr("Time since the operation became unknown (its last attempt ended); a warning icon marks it "
                      "overdue past the store's target of %n hour(s)", nullptr, m_queueTargetHours);
        case KeyWindowColumn: return tr("Time left until the provider forgets the idempotency key");
        case VerdictColumn: return tr("What the provider's webhook events show (not sortable)");
        case FollowUpColumn:
            return tr("The day a note asked to look again, and the note's first line; the operation needs a person "
                      "again on that day (not sortable)");
        }
    }
    return {};
}

} // namespace RefundDesk
