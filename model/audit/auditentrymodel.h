#pragma once

#include "domain/error.h"
#include "domain/result.h"
#include "store/auditquery.h"
#include "store/requestlane.h"

#include <QAbstractTableModel>

#include <optional>
#include <vector>

namespace RefundDesk {

class StoreWorker;

// The audit log as a table: every resolution that matches the query, with the operation
// it decided. Filtering happens in SQL; rows come a page at a time by resolution_id
// (canFetchMore/fetchMore), never by offset and never counted first. At most MaxRows
// are held; past that the view says so and points at the filters and the export.
class AuditEntryModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        IdColumn,
        RecordedLocalColumn,
        RecordedUtcColumn,
        OperationColumn,
        OrderColumn,
        AmountColumn,
        OutcomeColumn,
        RefundIdColumn,
        EvidenceColumn,
        NoteColumn,
        OperatorColumn,
        PreviousStatusColumn,
        OverrideColumn,
        ColumnCount
    };

    enum Role {
        ResolutionIdRole = Qt::UserRole + 1,
        OperationIdRole,
        OutcomeRole,     // "refunded" / "failed"
        OverrideRole,    // bool: the operator overrode the evidence
        RecordedAtRole,  // milliseconds since the epoch, UTC
        AmountCentsRole,
        CurrencyRole,
    };

    static constexpr int MaxRows = 100'000;

    explicit AuditEntryModel(QObject *parent = nullptr);

    // The worker to read the store through (not owned; null when none is open). Every
    // page is read on its thread and added when it comes.
    void setStore(StoreWorker *worker);
    // Both at once, read once: for a new store, whose filters are set with it.
    void setStore(StoreWorker *worker, const AuditQuery &query);
    bool hasStore() const { return m_worker != nullptr; }
    // A page is being read.
    bool isLoading() const { return m_fetching; }
    // Resets and reads the first page.
    void setQuery(const AuditQuery &query);
    const AuditQuery &query() const { return m_query; }
    void setPageSize(int rows) { m_pageSize = rows; }

    bool isAtEnd() const { return m_atEnd; }
    // The language changed: the headers and the texts shown are said again, rows unread.
    void retranslate();
    bool reachedRowLimit() const { return m_reachedLimit; }
    const std::optional<Error> &lastError() const { return m_lastError; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

signals:
    void readFailed(const QString &message);
    void loaded();

private:
    void reload();
    void pageRead(int limit, Result<std::vector<AuditEntry>> page);
    QVariant displayData(const AuditEntry &entry, int column) const;

    StoreWorker *m_worker = nullptr;
    RequestLane m_lane; // a new query replaces the page in progress
    AuditQuery m_query;
    int m_pageSize = 200;
    std::vector<AuditEntry> m_rows;
    bool m_atEnd = true;
    bool m_reachedLimit = false;
    bool m_fetching = false;
    std::optional<Error> m_lastError;
};

} // namespace RefundDesk
