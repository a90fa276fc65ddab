#pragma once

#include "store/queuequery.h"

#include <QTimer>

#include <optional>
#include <QWidget>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;

namespace RefundDesk {

// Above the queue: free text over the ids an agent has at hand, which view of the queue
// to list (each with its count) and which verdict. Typing settles for a moment before the
// queue is asked again.
class QueueFilterBar final : public QWidget
{
    Q_OBJECT

public:
    // The views of the queue, in the order offered. Needs a person now is what the
    // operator may take up now: free or theirs, and not waiting for a follow-up date;
    // NeedsAnyoneNow adds what colleagues hold. Mine is what the operator holds; Free,
    // what nobody does; Settled, what the evidence settles (ready to record).
    enum class View { NeedsPersonNow, Mine, Free, NeedsAnyoneNow, Settled, NoEvidence, Waiting, All };

    // The controls the Tab key visits, in reading order.
    QList<QWidget *> focusOrder() const;
    explicit QueueFilterBar(QWidget *parent = nullptr);

    // Fills the filter part of `query` (search text and status) for `operatorName`.
    void applyTo(QueueQuery &query, const QString &operatorName) const;
    // The verdict filter to keep ("refunded", ..., SettledVerdictFilter), empty for any.
    QString verdict() const;
    View view() const;
    void setView(View view);
    // The count shown beside each view; none for a view not counted (yet). `atLeast`: the
    // count may be higher (not every operation has been read yet): "(at least 12)", and
    // no number while it is 0.
    void setCount(View view, std::optional<qint64> count, bool atLeast = false);

    QLineEdit *searchField() const { return m_search; }
    QComboBox *statusBox() const { return m_status; }

    // Moves the keyboard focus to the search field and selects its text.
    void focusSearch();
    // Whether the filters are on a line of their own, below the search field.
    bool filtersWrapped() const { return m_wrapped; }

    QSize minimumSizeHint() const override;

signals:
    void filterChanged();
    // Return in the search field: go to the first match.
    void searchAccepted();

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void retranslate();
    void showCounts();
    // The search field's width that shows its whole placeholder.
    int searchWidthNeeded() const;
    void placeFilters();

    QLineEdit *m_search = nullptr;
    QComboBox *m_status = nullptr;
    QComboBox *m_verdict = nullptr;
    QWidget *m_filters = nullptr; // the labels and boxes of status and verdict
    QLabel *m_statusLabel = nullptr;
    QLabel *m_verdictLabel = nullptr;
    QHBoxLayout *m_firstLine = nullptr;
    QHBoxLayout *m_secondLine = nullptr;
    bool m_wrapped = false;
    QList<QString> m_counts; // per view: " (12)", " (12+)" or nothing
    QTimer m_typingPause;
};

} // namespace RefundDesk
