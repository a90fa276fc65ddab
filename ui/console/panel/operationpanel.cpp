#include "ui/console/panel/operationpanel.h"

#include "evidence/evidenceanalyzer.h"
#include "items/orderoperationsmodel.h"
#include "items/timetext.h"
#include "ui/common/focusorder.h"
#include "ui/common/jsonviewer.h"
#include "ui/common/livetext.h"
#include "ui/common/wrappingrowlayout.h"
#include "ui/console/panel/attempttimelineview.h"
#include "ui/console/panel/evidenceview.h"
#include "ui/console/panel/historyview.h"
#include "ui/console/panel/operationheader.h"
#include "ui/console/panel/ordercontextview.h"

#include <QAction>
#include <QDateTime>
#include <QEvent>
#include <QApplication>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QLabel>
#include <QVBoxLayout>

namespace RefundDesk {

namespace {

// The panel's parts (the attempts, the evidence, the tabs), scrolled up and down when their
// least heights add up to more than the panel has. It asks for the width the parts need at
// their narrowest and a scroll bar's beside them, so that scrolling never cuts a column.
class PanelPartsArea final : public QScrollArea
{
public:
    explicit PanelPartsArea(QWidget *parent)
        : QScrollArea(parent)
    {
        setFrameShape(QFrame::NoFrame);
        setWidgetResizable(true);
        setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        // Tab visits the tables and buttons inside, never the area itself; the one they
        // reach is scrolled into view.
        setFocusPolicy(Qt::NoFocus);
        connect(qApp, &QApplication::focusChanged, this, [this](QWidget *, QWidget *now) {
            if (now && widget() && widget()->isAncestorOf(now))
                ensureWidgetVisible(now);
        });
    }

    QSize minimumSizeHint() const override
    {
        const QSize own = QScrollArea::minimumSizeHint();
        if (!widget())
            return own;
        return {widget()->minimumSizeHint().width() + verticalScrollBar()->sizeHint().width(), own.height()};
    }

protected:
    bool viewportEvent(QEvent *event) override
    {
        // The parts' least width changed (a language, a table refitted): the panel asks its
        // layout for room again.
        if (event->type() == QEvent::LayoutRequest)
            updateGeometry();
        return QScrollArea::viewportEvent(event);
    }
};

} // namespace

OperationPanel::OperationPanel(QWidget *parent)
    : QWidget(parent)
    , m_header(new OperationHeader(this))
    , m_actionRow(new QWidget(this))
    , m_notice(new BannerLabel(this))
    , m_loading(new QLabel(this))
    , m_splitter(new QSplitter(Qt::Vertical, this))
    , m_attempts(new AttemptTimelineView(m_splitter))
    , m_evidence(nullptr)
    , m_tabs(nullptr)
{
    m_payload = new JsonViewer(this);
    m_evidence = new EvidenceView(m_payload, m_splitter);
    m_tabs = new QTabWidget(m_splitter);
    m_order = new OrderContextView(m_tabs);
    m_history = new HistoryView(m_tabs);

    m_notice->setObjectName(QStringLiteral("panelNotice"));
    m_notice->setWordWrap(true);
    LiveText::makeReadable(m_notice);
    m_notice->hide();

    m_loading->setObjectName(QStringLiteral("panelLoading"));
    m_loading->setTextFormat(Qt::PlainText);
    m_loading->hide();

    // The buttons wrap onto a second line rather than widen the panel (a long translation
    // would otherwise take the queue's room).
    new WrappingRowLayout(m_actionRow);
    m_actionRow->layout()->setContentsMargins(0, 0, 0, 0);

    m_splitter->setObjectName(QStringLiteral("panelSplitter"));
    m_splitter->setChildrenCollapsible(false);
    m_tabs->setObjectName(QStringLiteral("detailTabs"));
    m_tabs->setAccessibleName(tr("Details"));
    // What people did and wrote first; the raw payload is for the curious.
    m_tabs->addTab(m_history, tr("History"));
    m_tabs->addTab(m_order, tr("Order"));
    m_tabs->addTab(m_payload, tr("Payload"));
    // The evidence (its verdict, the next step and the events) gets the most: its wrapped
    // lines take height the splitter does not ask them for.
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setStretchFactor(2, 2);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 4, 4);
    layout->setSpacing(6);
    layout->addWidget(m_loading);
    layout->addWidget(m_header);
    layout->addWidget(m_actionRow);
    layout->addWidget(m_notice);
    // When the least heights of its parts add up to more than the panel has (a conflict's
    // long verdict under the Russian buttons and notice at 768 px), the parts scroll
    // rather than cut one another.
    auto *parts = new PanelPartsArea(this);
    parts->setObjectName(QStringLiteral("panelParts"));
    parts->setWidget(m_splitter);
    layout->addWidget(parts, 1);
    clear();
}

void OperationPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        setLoading(m_loadingId);
        // The operation shown, said again in the new language from what was read (the
        // evidence's sentences worked out again from its events); the notice is the
        // window's. Each part keeps the row, the event and the search it had.
        if (m_snapshot) {
            OperationSnapshot again = *m_snapshot;
            const qint64 now = QDateTime::currentMSecsSinceEpoch();
            again.evidence = EvidenceAnalyzer::analyzeAgain(again.operation, again.evidence, TimeText::momentsAsOf(now));
            showSnapshot(std::move(again), now);
        } else {
            m_header->clear();
            m_attempts->clear();
            m_evidence->clear();
            m_order->clear();
            m_history->clear();
            m_tabs->setTabText(m_tabs->indexOf(m_order), tr("Order"));
            m_tabs->setTabText(m_tabs->indexOf(m_history), tr("History"));
        }
        m_tabs->setTabText(m_tabs->indexOf(m_payload), tr("Payload"));
        m_tabs->setAccessibleName(tr("Details"));
    }
    QWidget::changeEvent(event);
}

void OperationPanel::setLoading(const QString &operationId)
{
    m_loadingId = operationId;
    m_loading->setText(operationId.isEmpty() ? QString() : tr("Loading %1…").arg(operationId));
    m_loading->setVisible(!operationId.isEmpty());
}

bool OperationPanel::isShowingLoading() const
{
    return !m_loadingId.isEmpty();
}

void OperationPanel::setActions(const QList<QAction *> &actions)
{
    QLayout *row = m_actionRow->layout();
    for (QAction *action : actions) {
        auto *button = new QToolButton(m_actionRow);
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        button->setFocusPolicy(Qt::TabFocus);
        // A button does not follow its action's visibility by itself.
        button->setVisible(action->isVisible());
        connect(action, &QAction::changed, button, [button, action] { button->setVisible(action->isVisible()); });
        row->addWidget(button);
    }
    setFocusOrder(focusOrder());
}

void OperationPanel::showSnapshot(OperationSnapshot snapshot, qint64 nowMsecs)
{
    m_header->showSnapshot(snapshot, nowMsecs);
    m_attempts->showSnapshot(snapshot, nowMsecs);
    m_evidence->showSnapshot(snapshot, nowMsecs);
    m_order->showSnapshot(snapshot, nowMsecs);
    m_history->showSnapshot(snapshot, nowMsecs);
    const int others = m_order->model()->otherCount();
    m_tabs->setTabText(m_tabs->indexOf(m_order), others > 0 ? tr("Order (%1 more)").arg(others) : tr("Order"));
    m_tabs->setTabText(m_tabs->indexOf(m_history),
                       snapshot.resolutions.empty() ? tr("History")
                                                    : tr("History (%1 decided)").arg(snapshot.resolutions.size()));
    m_snapshot = std::move(snapshot);
    m_splitter->setEnabled(true);
}

void OperationPanel::clear(const QString &message)
{
    m_snapshot.reset();
    m_header->clear();
    m_attempts->clear();
    m_evidence->clear();
    m_order->clear();
    m_history->clear();
    m_tabs->setTabText(m_tabs->indexOf(m_order), tr("Order"));
    m_tabs->setTabText(m_tabs->indexOf(m_history), tr("History"));
    setNotice(message, Theme::Tone::Neutral);
}

void OperationPanel::setNotice(const QString &text, Theme::Tone tone)
{
    LiveText::setText(m_notice, text);
    m_notice->setTone(tone);
    m_notice->setVisible(!text.isEmpty());
}

void OperationPanel::setNextStep(const QString &text)
{
    m_evidence->setNextStep(text);
}

QList<QWidget *> OperationPanel::focusOrder() const
{
    // Reading order: the operation, what can be done with it, what the console says about
    // it, then the evidence and the details below (the payload viewer is made before the
    // evidence that feeds it, and the action buttons last of all). The tab widget goes
    // with its bar, then what is on its pages.
    QList<QWidget *> order = m_header->focusOrder();
    for (QWidget *button : m_actionRow->findChildren<QToolButton *>(Qt::FindDirectChildrenOnly))
        order << button;
    order << m_notice << m_attempts->table() << m_evidence->focusOrder() << m_tabs << m_history->table()
          << m_order->focusOrder() << m_payload->focusOrder();
    return order;
}

void OperationPanel::focusNotice()
{
    if (m_notice->isVisible())
        m_notice->setFocus(Qt::OtherFocusReason);
}

QString OperationPanel::noticeText() const
{
    return m_notice->isVisibleTo(this) ? m_notice->text() : QString();
}

QString OperationPanel::operationId() const
{
    return m_snapshot ? m_snapshot->operation.operationId : QString();
}

} // namespace RefundDesk
