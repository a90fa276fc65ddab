#pragma once

#include <QWidget>

#include <optional>

class QLabel;
class QTableView;

namespace RefundDesk {

class DayWatch;
class HandSizedSections;
class QueueFilterBar;
class QueueModel;
class QueueViewCounts;
class StoreWorker;

// The left side of the console: the filter bar over the queue of operations that need
// a person. It keeps the person's place (selected operation, scroll) across refreshes.
class QueuePane final : public QWidget
{
    Q_OBJECT

public:
    explicit QueuePane(QWidget *parent = nullptr);

    // The worker the queue reads through (null when no store is open), the store's key
    // retention and its target (StoreFacts::queueTargetHours: older rows are overdue).
    void setStore(StoreWorker *worker, int keyRetentionHours, int queueTargetHours = 24);
    void setOperatorName(const QString &name);

    // Re-reads the queue. When the rows come, `operationId` stays selected if it is still
    // listed, and the row at the top of the view stays at the top.
    void refresh(const QString &operationId);
    // Selects the operation if it is listed (scrolling to it unless told not to);
    // returns whether it is.
    bool select(const QString &operationId, bool scroll = true);
    QString currentOperationId() const;
    // The operations selected (Ctrl/Shift-click, Ctrl+A), in the queue's order.
    QStringList selectedOperationIds() const;
    // The operations listed so far, in the queue's order.
    QStringList listedOperationIds() const;
    // Whether the view lists the whole queue: no search, no verdict, every status (Needs a
    // person now and All).
    bool listsWholeQueue() const;
    // Return in the search: the first match selected (shown in the panel) and the list
    // focused, once the rows of the search are listed.
    void goToFirstMatch();
    // Selects the rows listed so far whose verdict settles an outcome and that nobody else
    // holds: what a batch from evidence would take. Returns how many.
    int selectSettledByEvidence();
    void focusList();
    // The controls the Tab key visits, in reading order.
    QList<QWidget *> focusOrder() const;

    QueueModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QueueFilterBar *filterBar() const { return m_filterBar; }
    QueueViewCounts *viewCounts() const { return m_viewCounts; }
    // The local day the follow-ups are compared with; at midnight the queue is read again.
    DayWatch *dayWatch() const { return m_dayWatch; }
    // The width that shows every column of the queue at its default width.
    int preferredWidth() const;
    // "12 operations" (the view's count, once the store counted it) / "100 shown, more
    // below" for the status bar.
    QString countText() const;

signals:
    // The person moved to another operation in the list.
    void operationChosen(const QString &operationId);
    void countChanged();
    // Rows arrived and the person's place was kept: a listing was applied.
    void listed();
    // The rows of another view (a search, a status, a verdict) were listed, after
    // listed(): a view left with one operation has it selected (operationChosen).
    void viewListed();
    // The current row or the selection moved, by the person or by a listing.
    void selectionChanged();

protected:
    void changeEvent(QEvent *event) override;

private:
    // Each column wide enough for its header and the text it usually shows (QueueColumns).
    void fitColumns();
    void updateEmptyText();
    void applyFilter();
    void showViewCounts();
    void onCurrentChanged();
    // Selects the first row and tells the panel (operationChosen), even when it was current.
    bool chooseFirst();
    void onListed();
    void dayChanged();
    // Where the person was, restored when the rows of a listing arrive.
    struct Place
    {
        QString selected;
        QString top;
        int scroll = -1;
        bool viewChanged = false; // the listing is of another view
    };
    void keepPlaceUntilListed(const QString &selected, bool keepTop);
    void restorePlace();

    QueueFilterBar *m_filterBar = nullptr;
    HandSizedSections *m_handSized = nullptr;
    QTableView *m_view = nullptr;
    QueueModel *m_model = nullptr;
    QLabel *m_empty = nullptr;
    QueueViewCounts *m_viewCounts = nullptr;
    DayWatch *m_dayWatch = nullptr;
    QString m_operatorName;
    bool m_quiet = false; // selection changes made by code, not by the person
    bool m_firstMatchWhenListed = false; // Return in the search, before its rows came
    std::optional<Place> m_place;
};

} // namespace RefundDesk
