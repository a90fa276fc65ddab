#include "audit/auditentrymodel.h"

#include "domain/money.h"
#include "items/timetext.h"
#include "items/tooltiptext.h"
#include "store/store.h"
#include "store/storeworker.h"

#include <QDateTime>
#include <QScopeGuard>

namespace RefundDesk {

AuditEntryModel::AuditEntryModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void AuditEntryModel::setStore(StoreWorker *worker)
{
    m_worker = worker;
    reload();
}

void AuditEntryModel::setStore(StoreWorker *worker, const AuditQuery &query)
{
    m_worker = worker;
    m_query = query;
    reload();
}

void AuditEntryModel::setQuery(const AuditQuery &query)
{
    m_query = query;
    reload();
}

void AuditEntryModel::reload()
{
    beginResetModel();
    m_rows.clear();
    m_rows.shrink_to_fit();
    m_atEnd = true; // nothing to fetch while the reset is announced
    m_reachedLimit = false;
    m_lastError.reset();
    m_fetching = false;
    m_lane.abandon();
    endResetModel();
    m_atEnd = m_worker == nullptr;
    fetchMore({});
}

void AuditEntryModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int AuditEntryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int AuditEntryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

bool AuditEntryModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_worker && !m_atEnd && !m_fetching;
}

void AuditEntryModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent))
        return;
    // One page at a time: the next continues after the last row of this one.
    m_fetching = true;
    std::optional<qint64> after;
    if (!m_rows.empty())
        after = m_rows.back().resolution.resolutionId;
    const int limit = std::min(m_pageSize, MaxRows - int(m_rows.size()));
    const AuditQuery query = m_query;
    m_worker->request<std::vector<AuditEntry>>(
        m_lane.stub(m_lane.next()),
        [query, after, limit](Store &store) -> Result<std::vector<AuditEntry>> {
            auto page = store.auditPage(query, after, limit);
            if (page) {
                // The table never shows the chain fields; up to MaxRows rows, they are most of the memory.
                for (AuditEntry &entry : *page) {
                    entry.resolution.prevHash.clear();
                    entry.resolution.hash.clear();
                }
            }
            return page;
        },
        this, [this, limit](Result<std::vector<AuditEntry>> page) { pageRead(limit, std::move(page)); });
}

void AuditEntryModel::pageRead(int limit, Result<std::vector<AuditEntry>> page)
{
    // Views and testers may ask for more while the rows are being announced; the next
    // page starts after these rows, so it waits until they are in.
    const auto fetched = qScopeGuard([this] { m_fetching = false; });
    if (!page) {
        m_lastError = page.error();
        m_atEnd = true;
        emit readFailed(page.error().message);
        emit loaded();
        return;
    }
    m_atEnd = int(page->size()) < limit;
    if (!page->empty()) {
        const int first = int(m_rows.size());
        beginInsertRows({}, first, first + int(page->size()) - 1);
        std::move(page->begin(), page->end(), std::back_inserter(m_rows));
        endInsertRows();
    }
    if (!m_atEnd && int(m_rows.size()) >= MaxRows) {
        m_atEnd = true;
        m_reachedLimit = true;
    }
    emit loaded();
}

QVariant AuditEntryModel::displayData(const AuditEntry &e, int column) const
{
    const Resolution &r = e.resolution;
    switch (column) {
    case IdColumn: return QStringLiteral("#%1").arg(r.resolutionId);
    case RecordedLocalColumn:
        return TimeText::fullMoment(r.recordedAt);
    case RecordedUtcColumn:
        return QDateTime::fromMSecsSinceEpoch(r.recordedAt, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'"));
    case OperationColumn: return r.operationId;
    case OrderColumn: return e.operationFound ? e.orderId : tr("(operation missing)");
    case AmountColumn: return e.operationFound ? Money::display(e.amountCents, e.currency) : QString();
    case OutcomeColumn: return displayName(r.outcome);
    case RefundIdColumn: return r.refundId;
    case EvidenceColumn: return r.evidence;
    case NoteColumn: return QString(r.note).replace(u'\n', u' ');
    case OperatorColumn: return r.operatorName;
    case PreviousStatusColumn: return displayName(r.previousStatus);
    case OverrideColumn: return r.overridesEvidence ? tr("override") : QString();
    }
    return {};
}

QVariant AuditEntryModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()) || index.column() >= ColumnCount)
        return {};
    const AuditEntry &e = m_rows[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole: return displayData(e, index.column());
    case Qt::ToolTipRole:
        switch (index.column()) {
        // Operators' notes and evidence are user text: never markup.
        case NoteColumn: return ToolTipText::fromPlainText(e.resolution.note);
        case EvidenceColumn: return ToolTipText::fromPlainText(e.resolution.evidence);
        case OverrideColumn:
            return e.resolution.overridesEvidence ? tr("The operator recorded this outcome against the evidence.")
                                                  : QVariant();
        default: return {};
        }
    case Qt::TextAlignmentRole:
        if (index.column() == AmountColumn || index.column() == IdColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case ResolutionIdRole: return e.resolution.resolutionId;
    case OperationIdRole: return e.resolution.operationId;
    case OutcomeRole: return toString(e.resolution.outcome);
    case OverrideRole: return e.resolution.overridesEvidence;
    case RecordedAtRole: return e.resolution.recordedAt;
    case AmountCentsRole: return e.operationFound ? QVariant(e.amountCents) : QVariant();
    case CurrencyRole: return e.currency;
    default: return {};
    }
}

QVariant AuditEntryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case IdColumn: return tr("#");
    case RecordedLocalColumn: return tr("Recorded (local)");
    case RecordedUtcColumn: return tr("Recorded (UTC)");
    case OperationColumn: return tr("Operation");
    case OrderColumn: return tr("Order");
    case AmountColumn: return tr("Amount");
    case OutcomeColumn: return tr("Outcome");
    case RefundIdColumn: return tr("Refund id");
    case EvidenceColumn: return tr("Evidence");
    case NoteColumn: return tr("Note");
    case OperatorColumn: return tr("Operator");
    case PreviousStatusColumn: return tr("Previous status");
    case OverrideColumn: return tr("Override");
    }
    return {};
}

} // namespace RefundDesk
