#pragma once

#include "items/operationsnapshot.h"
#include "ui/common/bannerlabel.h"

#include <QWidget>

#include <optional>

class QAction;
class QLabel;
class QSplitter;
class QTabWidget;

namespace RefundDesk {

class AttemptTimelineView;
class EvidenceView;
class HistoryView;
class JsonViewer;
class OperationHeader;
class OrderContextView;

// The right side of the console: everything about one operation, so a person can tell
// from the window alone what happened and what the provider said.
class OperationPanel final : public QWidget
{
    Q_OBJECT

public:
    explicit OperationPanel(QWidget *parent = nullptr);

    void showSnapshot(OperationSnapshot snapshot, qint64 nowMsecs);
    void clear(const QString &message = {});
    // Buttons for these actions under the header.
    void setActions(const QList<QAction *> &actions);

    // A banner between the header and the details (changed elsewhere, read-only, ...).
    // Empty text hides it.
    void setNotice(const QString &text, Theme::Tone tone = Theme::Tone::Info);
    QString noticeText() const;
    // What the evidence allows next (EvidenceNextStep), under the verdict; empty: nothing.
    void setNextStep(const QString &text);
    // Puts the keyboard on the notice, so that a screen reader reads it and what it says next.
    void focusNotice();
    // The controls the Tab key visits, in reading order.
    QList<QWidget *> focusOrder() const;

    // "Loading op_5521…" over what is shown, while a slow read of it is in progress; an
    // empty id takes it away.
    void setLoading(const QString &operationId);
    bool isShowingLoading() const;

    QString operationId() const;
    const std::optional<OperationSnapshot> &snapshot() const { return m_snapshot; }

    OperationHeader *header() const { return m_header; }
    AttemptTimelineView *attemptView() const { return m_attempts; }
    EvidenceView *evidenceView() const { return m_evidence; }
    OrderContextView *orderView() const { return m_order; }
    HistoryView *historyView() const { return m_history; }
    QSplitter *splitter() const { return m_splitter; }

protected:
    void changeEvent(QEvent *event) override;

private:
    OperationHeader *m_header = nullptr;
    QWidget *m_actionRow = nullptr;
    BannerLabel *m_notice = nullptr;
    QLabel *m_loading = nullptr;
    QString m_loadingId;
    QSplitter *m_splitter = nullptr;
    AttemptTimelineView *m_attempts = nullptr;
    EvidenceView *m_evidence = nullptr;
    QTabWidget *m_tabs = nullptr;
    JsonViewer *m_payload = nullptr;
    OrderContextView *m_order = nullptr;
    HistoryView *m_history = nullptr;
    std::optional<OperationSnapshot> m_snapshot;
};

} // namespace RefundDesk
