#pragma once

#include "domain/error.h"
#include "store/auditquery.h"

#include <QAbstractTableModel>

#include <optional>
#include <vector>

namespace RefundDesk {

class Store;

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

    // The store to read (not owned; may be null): the UI thread's connection.
    void setStore(Store *store);
    // Both at once, read once: for a new store, whose filters are set with it.
    void setStore(Store *store, const AuditQuery &query);
    Store *store() const { return m_store; }
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
    QVariant displayData(const AuditEntry &entry, int column) const;

    Store *m_store = nullptr;
    AuditQuery m_query;
    int m_pageSize = 200;
    std::vector<AuditEntry> m_rows;
    bool m_atEnd = true;
    bool m_reachedLimit = false;
    bool m_fetching = false;
    std::optional<Error> m_lastError;
};

} // namespace RefundDesk
