#pragma once

#include "domain/reconcilepassrecord.h"

#include <QLabel>
#include <QTimer>

#include <functional>
#include <optional>

namespace RefundDesk {

// The status bar's word on the reconciler: when Stripe was last checked ("Stripe checked
// 3 min ago"), that the reconciler stopped running, or that its last pass failed and what
// to do, in a warning's colours. The record comes with the queue's counts (the same
// statement); the label reads no store, and says the time again each minute. On a store
// where no pass ever kept a record it says so, and its tooltip how to run one; hidden
// while there is no store (or its counts are not read).
class ReconcilerLabel final : public QLabel
{
    Q_OBJECT

public:
    explicit ReconcilerLabel(QWidget *parent = nullptr);

    // None: nothing to say (no store, or its counts unread).
    void setRecord(const std::optional<ReconcilePassRecord> &record);
    // The store's counts hold no record of a pass.
    void setNoPassYet();
    const std::optional<ReconcilePassRecord> &record() const { return m_record; }

    // What "now" is (the system clock unless set), and how often the time is said again
    // (a minute unless set): for tests.
    void setClock(std::function<qint64()> clock);
    void setTickInterval(int milliseconds) { m_tick.setInterval(milliseconds); }

protected:
    void changeEvent(QEvent *event) override;

private:
    void showRecord();

    std::optional<ReconcilePassRecord> m_record;
    bool m_noPassYet = false;
    std::function<qint64()> m_clock;
    QTimer m_tick;
    bool m_styling = false;  // setStyleSheet() sends a change of its own
    int m_styledTone = -1;   // the Theme::Tone the style sheet is for
};

} // namespace RefundDesk
