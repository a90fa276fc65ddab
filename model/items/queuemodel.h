#pragma once

#include "domain/error.h"
#include "domain/operation.h"
#include "domain/webhookevent.h"
#include "store/queuequery.h"

#include <QAbstractTableModel>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace RefundDesk {

class Store;

// The operations that need a person (unknown and checking), read from the store a page
// at a time. The first page is read when the store or query is set, before anything is
// counted; the view asks for more by scrolling (canFetchMore/fetchMore), and each page
// continues after the last row by key. Filtering and sorting happen in SQL; only the
// verdict filter is applied here, since the verdict is derived from the evidence.
//
// refresh() re-reads what is loaded and updates rows in place, so that selection and
// scroll position (persistent indexes) survive changes made by other connections.
//
// Memory stays bounded however far the person scrolls: every row keeps only its key
// (sort value and operation id); the operations themselves are held for the few pages
// used last (setResidentPages) and read again by id when an evicted row is shown. Eviction
// happens when control returns to the event loop, so a pointer from operationAt() stays
// valid until then. rowCount() never changes because of it. A refresh reads only the keys
// (from an index that holds them), so its cost grows with the rows listed, not with the
// store, and the rows on screen are then read again.
//
// Three files implement it: queuemodel.cpp (what the view asks: data, headers, sorting),
// queuemodelpaging.cpp (pages and refresh) and queuemodelcache.cpp (resident pages and
// verdicts).
class QueueModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    // The verdict comes right after the status: what the provider said is what a person
    // reads first, and it stays in view however narrow the queue or long its headers.
    enum Column {
        OperationColumn,
        OrderColumn,
        AmountColumn,
        StatusColumn,
        VerdictColumn,
        AttemptsColumn,
        AgeColumn,
        KeyWindowColumn,
        ClaimedByColumn,
        ColumnCount
    };

    enum Role {
        OperationIdRole = Qt::UserRole + 1,
        StatusRole,      // "unknown" / "checking"
        VerdictRole,     // "refunded", "failed", "pending", "conflict", "none"
        ClaimedByRole,
        MineRole,        // claimed by the current operator
        KeyClosedRole,   // the provider may have forgotten the key
    };

    explicit QueueModel(QObject *parent = nullptr);
    ~QueueModel() override;

    // The store to read (not owned; may be null). Reloads from the first page.
    void setStore(Store *store);
    Store *store() const { return m_store; }

    void setQuery(const QueueQuery &query);
    const QueueQuery &query() const { return m_query; }

    // Only rows whose verdict is this code ("refunded", "conflict", ...); empty for all.
    void setVerdictFilter(const QString &verdict);
    // The query and the verdict filter together, read once.
    void setQuery(const QueueQuery &query, const QString &verdictFilter);
    QString verdictFilter() const { return m_verdictFilter; }

    // Whose claims count as "mine" for MineRole.
    void setOperatorName(const QString &name);

    // The language changed: the headers and every text shown (verdict sentences, spans,
    // amounts in the new locale) are said again, without reading the rows again.
    void retranslate();

    void setPageSize(int rows);
    int pageSize() const { return m_pageSize; }
    // How many pages of operations to hold at most (the rest keep only their keys).
    void setResidentPages(int pages);
    int residentPages() const { return m_maxResidentPages; }
    // Rows whose operation is held right now; for tests and measurements.
    int residentRowCount() const;

    // Milliseconds since the epoch; a seam for tests.
    void setClock(std::function<qint64()> clock);

    // Re-reads the loaded rows, keeping persistent indexes on operations still listed.
    void refresh();

    int rowOf(const QString &operationId) const;
    const Operation *operationAt(int row) const;
    bool isAtEnd() const { return m_atEnd; }
    // The last read error, if the last read failed.
    const std::optional<Error> &lastError() const { return m_lastError; }

    // Which sort key a column sorts by in SQL, or nothing when it cannot be sorted.
    static std::optional<QueueQuery::SortKey> sortKeyFor(int column, Qt::SortOrder order, bool *descending);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

signals:
    // A read failed; the message says what is wrong and what to do.
    void readFailed(const QString &message);
    // Rows were (re)loaded: the first page, a further page, or a refresh.
    void loaded();

private:
    // The verdict needs the operation's events: it is worked out when first shown (or
    // filtered on) and forgotten on every refresh, since new events may change it, and
    // when the row's page is evicted.
    struct VerdictText
    {
        QString code;
        QString sentence;
    };
    // The key always; the operation (and verdict) only while the row's page is resident.
    struct Row
    {
        QueueCursor key;
        mutable std::shared_ptr<const Operation> operation;
        mutable std::optional<VerdictText> verdict;
    };

    void reload();
    // Reads up to `limit` operations from the start or after the cursor. False on error.
    bool readPage(const std::optional<QueueCursor> &after, int limit, std::vector<Operation> &out);
    Row makeRow(const Operation &operation) const;
    // The rows of `page` the filters let through. With a verdict filter, their verdicts
    // are worked out first, in one batched read of their events.
    std::vector<Row> rowsPassing(const std::vector<Operation> &page) const;
    // The row with its operation held (read again by id when it was evicted). The
    // operation stays null only when the store cannot give it.
    const Row &residentRow(int row) const;
    void loadPage(int page) const;
    void touchPage(int page) const;
    void trimResidentPages();
    void forgetResidentRows();
    bool refreshKeys(int limit, std::vector<Row> &rows);
    bool refreshRows(int limit, std::vector<Row> &rows);
    const VerdictText &verdictOf(const Row &row) const;
    static VerdictText judge(const Operation &operation, const std::vector<WebhookEvent> &candidates);
    bool passesFilter(const Row &row) const;
    void applyRows(std::vector<Row> rows);
    QVariant displayData(const Row &row, int column) const;
    qint64 keyExpiresAt(const Operation &operation) const;
    void fail(const Error &error);

    Store *m_store = nullptr;
    QueueQuery m_query;
    QString m_verdictFilter;
    QString m_operatorName;
    int m_pageSize = 100;
    int m_keyRetentionHours = 24;
    std::function<qint64()> m_clock;

    std::vector<Row> m_rows;
    int m_maxResidentPages = 8;
    mutable std::vector<int> m_residentPages; // least recently used first
    mutable bool m_trimQueued = false;
    std::optional<QueueCursor> m_lastScanned; // where the next page continues
    int m_scanned = 0;                      // rows read from the store, shown or filtered out
    bool m_atEnd = true;
    std::optional<Error> m_lastError;
    bool m_emitting = false; // inside our own change signals
};

} // namespace RefundDesk
