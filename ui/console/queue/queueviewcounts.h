#pragma once

#include "store/queuequery.h"
#include "store/requestlane.h"

#include <QDate>
#include <QObject>

#include <optional>

namespace RefundDesk {

class QueueModel;
class StoreWorker;

// How many operations each view of the queue holds, for the filter bar. The views the
// store can tell apart (needs a person now, mine, free, waiting, all) are counted by the
// store in one statement (Store::queueCounts) each time the queue is read again; the
// views that depend on the evidence (settled by evidence, no evidence) are counted from
// the verdicts the queue model has worked out, without classifying the queue again.
// The same statement counts the view the queue lists (its filters and search) and finds
// its oldest operation, for the status bar.
class QueueViewCounts final : public QObject
{
    Q_OBJECT

public:
    explicit QueueViewCounts(QueueModel *model, QObject *parent = nullptr);

    // The worker to count through (null: no store, no counts).
    void setStore(StoreWorker *worker);
    void setOperatorName(const QString &name) { m_operatorName = name; }
    // The day follow-ups are compared with (the local date when not set).
    void setToday(const QDate &today) { m_today = today; }
    // Counts again (a change, a refresh, another operator, another view).
    void read();

    const std::optional<QueueCounts> &counts() const { return m_counts; }
    // The count and the oldest of the view the queue lists now (QueueCounts::inView and
    // its oldest), or none: not counted yet, a newer view's count still on its way, or a
    // view of the evidence, whose verdicts the store cannot count.
    std::optional<QueueCounts> viewCounts() const;
    int settled() const;
    int noEvidence() const;
    // Whether settled() and noEvidence() cover the whole queue: every operation of the
    // "All" view is listed and has its verdict.
    bool evidenceComplete() const;
    // Counting statements sent so far; for tests.
    int reads() const { return m_reads; }
    // Whether counts() answer the last count asked for (none is on its way).
    bool isCurrent() const { return m_answered == m_reads; }

signals:
    void changed();

private:
    QueueModel *m_model = nullptr;
    StoreWorker *m_worker = nullptr;
    RequestLane m_lane;
    QString m_operatorName;
    QDate m_today;
    std::optional<QueueCounts> m_counts;
    QueueQuery m_countedView; // the model's query m_counts counted
    int m_reads = 0;
    int m_answered = 0; // the count (by its number in reads()) that counts() holds
};

} // namespace RefundDesk
