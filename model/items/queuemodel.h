#pragma once

#include "domain/error.h"
#include "domain/operation.h"
#include "domain/webhookevent.h"
#include "items/queuereads.h"
#include "items/queueverdicttally.h"
#include "store/queuequery.h"
#include "store/requestlane.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QSet>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace RefundDesk {

class StoreWorker;

// The operations that need a person (unknown and checking), read from the store a page
// at a time. Every read goes through the StoreWorker, off the UI thread: the model shows the
// rows it has and is told the rest later, so scrolling, filtering and typing never wait on
// the store. The first page is asked for when the store or query is set; the view asks for
// more by scrolling (canFetchMore/fetchMore), and each page continues after the last row by
// key. Filtering and sorting happen in SQL; only the verdict filter is applied to what is
// read, since the verdict is derived from the evidence. Every row arrives with its verdict,
// worked out on the worker thread from the events read with its page (QueueReads).
//
// refresh() re-reads what is loaded and updates rows in place, so that selection and
// scroll position (persistent indexes) survive changes made by other connections. A newer
// listing (a refresh, another filter) replaces one still in progress.
//
// Memory stays bounded however far the person scrolls: every row keeps only its key
// (sort value and operation id); the operations themselves are held for the few pages
// used last (setResidentPages) and asked for again when an evicted row is shown, which
// shows its id alone meanwhile. Eviction happens when control returns to the event loop,
// so a pointer from operationAt() stays valid until then. rowCount() never changes
// because of it. A refresh reads only the keys (from an index that holds them), so its
// cost grows with the rows listed, not with the store, and the rows on screen are then
// read again; they show what they showed until then, never blank cells.
//
// Three files implement it: queuemodel.cpp (what the view asks: data, headers, sorting),
// queuemodelpaging.cpp (pages and refresh) and queuemodelcache.cpp (resident pages).
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
        FollowUpColumn, // the day a note asked to look again, and that note's first line
        ColumnCount
    };

    enum Role {
        OperationIdRole = Qt::UserRole + 1,
        StatusRole,      // "unknown" / "checking"
        VerdictRole,     // "refunded", "failed", "pending", "conflict", "none"
        ClaimedByRole,
        MineRole,        // claimed by the current operator
        KeyClosedRole,   // the provider may have forgotten the key
        OverdueRole,     // unknown for longer than the store's target (setQueueTargetHours)
        LatestNoteRole,  // the first line of its latest note; empty without one
    };

    explicit QueueModel(QObject *parent = nullptr);
    ~QueueModel() override;

    // The worker to read the store through (not owned; null when no store is open), and
    // the store's key retention. Reloads from the first page.
    void setStore(StoreWorker *worker, int keyRetentionHours = 24);
    bool hasStore() const { return m_worker != nullptr; }
    // The store's target (StoreFacts::queueTargetHours): a row unknown for longer is marked
    // overdue: OverdueRole for the icon in its age, and the word in the age's tooltip, its
    // accessible text and the row's sentence.
    void setQueueTargetHours(int hours);
    int queueTargetHours() const { return m_queueTargetHours; }

    void setQuery(const QueueQuery &query);
    const QueueQuery &query() const { return m_query; }
    // The day follow-ups are compared with (QueueQuery::today) moved on: the rows listed
    // are read again, and those whose day came leave Waiting by themselves.
    void setToday(const QDate &today);

    // Only rows whose verdict is this code ("refunded", "conflict", ...); empty for all.
    void setVerdictFilter(const QString &verdict);
    // The query and the verdict filter together, read once.
    void setQuery(const QueueQuery &query, const QString &verdictFilter);
    QString verdictFilter() const { return m_verdictFilter; }

    // Whose claims count as "mine" for MineRole.
    void setOperatorName(const QString &name);

    // The language changed: the headers and every text shown (spans, amounts in the new
    // locale) are said again at once; the verdict sentences, made with the events, as soon
    // as the rows shown are read again.
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
    // A listing (first page, further page or refresh) is being read.
    bool isLoading() const { return m_listing.has_value(); }

    int rowOf(const QString &operationId) const;
    // The row's operation when it is held, else null: it is then asked for, and
    // dataChanged tells when it is there.
    const Operation *operationAt(int row) const;
    bool isAtEnd() const { return m_atEnd; }
    // The verdicts worked out for the rows listed so far.
    const QueueVerdictTally &verdictTally() const { return m_tally; }
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
    // The rows of a listing are about to be applied (loaded() follows).
    void rowsAboutToArrive();
    // A listing started or ended (isLoading()).
    void loadingChanged();

private:
    using Row = QueueRow;
    // What a listing asked for is applied as it comes.
    enum class Listing { FirstPage, NextPage, Refresh };

    void reload();
    void startListing(Listing kind);
    void listed(Listing kind, Result<QueueScan> answer);
    void appendRows(std::vector<Row> rows);
    // The row, asking for its page when its operation is not held.
    const Row &residentRow(int row) const;
    void loadPage(int page) const;
    void pageLoaded(int page, const Result<std::vector<Row>> &answer);
    void touchPage(int page) const;
    // Under a verdict filter a refresh reads the rows themselves: their pages are held.
    void touchHeldPages();
    void trimResidentPages();
    // The rows held keep showing what they showed until their pages are read again, when
    // shown (a person sees no blank cells while they are): every held page is marked stale.
    void markHeldPagesStale();
    // After a refresh replaced the rows: those of `held` (by id) still listed take back what
    // they held, stale.
    void keepHeldUntilReadAgain(const QHash<QString, Row> &held);
    QueueRow::Verdict verdictOf(const Row &row) const;
    void applyRows(std::vector<Row> rows);
    QVariant displayData(const Row &row, int column) const;
    // "op_5521, order 4417, 38.00 USD, unknown, verdict refunded, 3 tries, 2 h 14 m, key
    // window closed": the row as a screen reader reads it (Qt::AccessibleDescriptionRole).
    QString rowSentence(const Row &row) const;
    // "Waiting until 12 Dec — Asked Stripe support, case 12345", or empty.
    QString followUpText(const Row &row) const;
    // "Note: <its first line>", or empty without a note.
    QString latestNoteText(const Row &row) const;
    qint64 keyExpiresAt(const Operation &operation) const;
    // When the row became unknown (its last attempt's end; its creation without attempts),
    // and whether it has been so for longer than the target.
    qint64 unknownSince(const Row &row) const;
    bool isOverdue(const Row &row) const;
    // "2 d 3 h": the cell shows the span alone; past the target the icon says overdue
    // (OverdueRole), so that a queue of overdue rows does not repeat the word on each.
    QString ageText(const Row &row) const;
    // "2 d 3 h · overdue" past the target: what a screen reader hears, cell and sentence.
    QString ageWords(const Row &row) const;
    void fail(const Error &error);

    StoreWorker *m_worker = nullptr;
    RequestLane m_listLane;             // the first page, further pages, refreshes
    std::optional<Listing> m_listing;   // the listing in progress
    mutable QSet<int> m_pagesAsked;     // evicted or stale pages asked for again, in progress
    QSet<int> m_stalePages;             // held, read before the last refresh: read again when shown
    quint64 m_rowsGeneration = 0;       // moves on whenever the rows are replaced: older pages are dropped
    QueueQuery m_query;
    QString m_verdictFilter;
    QString m_operatorName;
    int m_pageSize = 100;
    int m_keyRetentionHours = 24;
    int m_queueTargetHours = 24;
    std::function<qint64()> m_clock;

    std::vector<Row> m_rows;
    QueueVerdictTally m_tally;
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
