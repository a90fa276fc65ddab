#include "ui/console/panel/evidenceview.h"

#include "evidence/parsedevent.h"
#include "evidence/refundcomparison.h"
#include "items/eventsmodel.h"
#include "items/operationsnapshot.h"
#include "ui/common/bannerlabel.h"
#include "ui/common/jsonviewer.h"
#include "ui/common/livetext.h"
#include "ui/common/cellfittedcolumns.h"
#include "ui/common/tablesetup.h"
#include "ui/common/tonedelegate.h"
#include "ui/common/wrappingheaderview.h"
#include "ui/console/panel/lookupsourcelabel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QResizeEvent>
#include <QTableView>
#include <QVBoxLayout>

namespace RefundDesk {

EvidenceView::EvidenceView(JsonViewer *payloadViewer, QWidget *parent)
    : QWidget(parent)
    , m_banner(new BannerLabel(this))
    , m_nextStep(new QLabel(this))
    , m_lookupSource(new LookupSourceLabel(this))
    , m_title(new QLabel(this))
    , m_table(new QTableView(this))
    , m_model(new EventsModel(this))
    , m_json(payloadViewer)
{
    m_banner->setObjectName(QStringLiteral("verdictBanner"));
    m_banner->setWordWrap(true);
    LiveText::makeReadable(m_banner);
    m_nextStep->setObjectName(QStringLiteral("evidenceNextStep"));
    m_nextStep->setTextFormat(Qt::PlainText);
    m_nextStep->setWordWrap(true);
    LiveText::makeReadable(m_nextStep);
    m_nextStep->hide();
    m_title->setTextFormat(Qt::PlainText);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);

    m_table->setObjectName(QStringLiteral("eventTable"));
    // Its titles wrap, as its cells do, rather than widen the panel.
    m_table->setHorizontalHeader(new WrappingHeaderView(m_table));
    m_table->setModel(m_model);
    setUpReadOnlyTable(m_table);
    m_table->setAccessibleName(tr("Webhook events"));
    m_table->setItemDelegate(new ToneDelegate(
        [](const QModelIndex &index) {
            if (index.data(EventsModel::UnreadableRole).toBool())
                return Theme::Tone::Danger;
            if (index.column() != EventsModel::StatusColumn)
                return Theme::Tone::Neutral;
            return Theme::toneOfRefundStatus(index.data(EventsModel::RefundStatusRole).toString());
        },
        {}, m_table));
    QHeaderView *header = m_table->horizontalHeader();
    fitColumnWidth(header, EventsModel::TypeColumn, 120);
    fitColumnWidth(header, EventsModel::TimeColumn, 92);
    fitColumnWidth(header, EventsModel::RefundIdColumn, 170);
    fitColumnWidth(header, EventsModel::StatusColumn, 80,
                   {displayName(RefundStatus::Pending), displayName(RefundStatus::RequiresAction),
                    displayName(RefundStatus::Succeeded), displayName(RefundStatus::Failed),
                    displayName(RefundStatus::Canceled)});
    fitColumnWidth(header, EventsModel::AmountColumn, 80);
    fitColumnWidth(header, EventsModel::MatchedByColumn, 104);
    // Every cell whole (an amount with its currency, a refund id) and read without
    // scrolling sideways: in a narrow panel the longest ones (the ids) take more lines.
    (new CellFittedColumns(m_table, EventsModel::EventIdColumn))->setWrapsCells(true);
    // A refund's events come in twos (created, then its end): both are never scrolled to.
    keepFirstRowsInView(m_table, 2);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    m_verdictRow = new QHBoxLayout;
    m_verdictRow->setSpacing(6);
    m_verdictRow->addWidget(m_banner, 1);
    layout->addLayout(m_verdictRow);
    layout->addWidget(m_nextStep);
    layout->addWidget(m_lookupSource);
    layout->addWidget(m_title);
    layout->addWidget(m_table, 1);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &EvidenceView::showSelectedPayload);
    clear();
}

void EvidenceView::showSnapshot(const OperationSnapshot &snapshot, qint64 nowMsecs)
{
    const Evidence &evidence = snapshot.evidence;
    const QString previousEvent = m_table->currentIndex().data(EventsModel::EventIdRole).toString();
    m_model->setEvents(evidence.events, nowMsecs);
    const EvidenceLookup *answer = evidence.namedLookup();
    m_lookupSource->setLookup(answer ? std::optional<ProviderLookup>(answer->row) : std::nullopt);
    QString text = tr("Evidence: %1. %2").arg(displayName(evidence.verdict).toUpper(), evidence.explanation);
    if (const int unreadable = evidence.unreadableCount())
        text += QLatin1Char(' ') + tr("%n event(s) could not be read (flagged below).", nullptr, unreadable);
    LiveText::setText(m_banner, text);
    m_banner->setTone(Theme::toneOf(evidence.verdict));

    const int count = int(evidence.events.size());
    m_title->setText(count == 0 ? tr("Webhook events: none received for this operation")
                                : tr("Webhook events: %1").arg(count));

    // Keep the event the person was reading; else the one the verdict rests on; else the latest.
    int row = m_model->rowOfEvent(previousEvent);
    if (row < 0)
        row = m_model->rowOfEvent(evidence.namedEventId);
    if (row < 0)
        row = count - 1;
    if (row >= 0)
        m_table->setCurrentIndex(m_model->index(row, 0));
    else if (evidence.lookups.empty())
        m_json->clear(tr("No webhook event names this operation. Ask Stripe (Ctrl+K) what became of it, or look "
                         "the refund up in Stripe's Dashboard by the idempotency key."));
    else
        // Stripe has answered: the evidence above says what, the History each request.
        m_json->clear(tr("No webhook event names this operation; the evidence above rests on Stripe's answer "
                         "(lookup %1), and the History lists the requests it took.")
                          .arg(evidence.lookups.back().row.lookupId));
}

void EvidenceView::clear()
{
    m_model->setEvents({}, 0);
    m_lookupSource->setLookup(std::nullopt);
    LiveText::setText(m_banner, tr("Evidence: select an operation."));
    setNextStep(QString());
    m_banner->setTone(Theme::Tone::Neutral);
    m_title->setText(tr("Webhook events"));
    m_json->clear();
}

QSize EvidenceView::minimumSizeHint() const
{
    // A layout's own minimum leaves out what its wrapped lines take at the width they have:
    // the panel's splitter, which gives a pane no less than this, would let a long verdict
    // take the events' rows.
    const QSize hint = QWidget::minimumSizeHint();
    return {hint.width(), qMax(hint.height(), layout()->minimumHeightForWidth(width()))};
}

void EvidenceView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // Narrower, the verdict takes more lines: the splitter asks for the minimum again.
    if (event->size().width() != event->oldSize().width())
        updateGeometry();
}

void EvidenceView::addBesideVerdict(QWidget *widget)
{
    m_verdictRow->addWidget(widget, 0, Qt::AlignTop);
    setTabOrder(m_besideVerdict.isEmpty() ? m_banner : m_besideVerdict.last(), widget);
    m_besideVerdict.append(widget);
}

void EvidenceView::addUnderVerdict(QWidget *widget)
{
    auto *layout = static_cast<QVBoxLayout *>(this->layout());
    layout->insertWidget(layout->indexOf(m_title), widget);
}

QList<QWidget *> EvidenceView::focusOrder() const
{
    return QList<QWidget *>{m_banner} << m_besideVerdict << m_nextStep << m_table;
}

void EvidenceView::setNextStep(const QString &text)
{
    LiveText::setText(m_nextStep, text);
    m_nextStep->setVisible(!text.isEmpty());
}

QString EvidenceView::nextStepText() const
{
    return m_nextStep->isVisibleTo(this) ? m_nextStep->text() : QString();
}

QString EvidenceView::verdictText() const
{
    return m_banner->text();
}

void EvidenceView::showSelectedPayload()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid()) {
        m_json->clear();
        return;
    }
    m_json->setPayload(tr("Payload of %1").arg(current.data(EventsModel::EventIdRole).toString()),
                       current.data(EventsModel::PayloadRole).toString());
}

} // namespace RefundDesk
