#include "ui/console/queue/queuefilterbar.h"

#include "items/queuereads.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QAbstractItemView>
#include <QResizeEvent>
#include <QStyle>
#include <QVBoxLayout>

namespace RefundDesk {

QueueFilterBar::QueueFilterBar(QWidget *parent)
    : QWidget(parent)
    , m_search(new QLineEdit(this))
    , m_status(new QComboBox(this))
    , m_verdict(new QComboBox(this))
    , m_filters(new QWidget(this))
    , m_statusLabel(new QLabel(m_filters))
    , m_verdictLabel(new QLabel(m_filters))
    , m_firstLine(new QHBoxLayout)
    , m_secondLine(new QHBoxLayout)
{
    m_search->setObjectName(QStringLiteral("searchField"));
    m_search->setClearButtonEnabled(true);

    m_status->setObjectName(QStringLiteral("statusFilter"));
    for (const View view : {View::NeedsPersonNow, View::Mine, View::Free, View::NeedsAnyoneNow, View::Settled,
                            View::NoEvidence, View::Waiting, View::All})
        m_status->addItem(QString(), int(view));
    m_counts.resize(m_status->count());
    // The views carry their counts, which grow: the box follows, so that none is cut.
    m_status->setSizeAdjustPolicy(QComboBox::AdjustToContents);

    m_verdict->setObjectName(QStringLiteral("verdictFilter"));
    for (const char *code : {"", "refunded", "failed", "pending", "conflict", "other_refund", "not_found", "none"})
        m_verdict->addItem(QString(), QString::fromLatin1(code));

    m_statusLabel->setBuddy(m_status);
    m_verdictLabel->setBuddy(m_verdict);
    retranslate();

    m_status->setParent(m_filters);
    m_verdict->setParent(m_filters);
    auto *filters = new QHBoxLayout(m_filters);
    filters->setContentsMargins(0, 0, 0, 0);
    filters->addWidget(m_statusLabel);
    filters->addWidget(m_status);
    filters->addWidget(m_verdictLabel);
    filters->addWidget(m_verdict);
    filters->addStretch(1);
    // The search and the filters share a line when the whole placeholder fits beside
    // them; else the filters go to a line of their own (placeFilters).
    m_firstLine->addWidget(m_search, 1);
    m_firstLine->addWidget(m_filters);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addLayout(m_firstLine);
    layout->addLayout(m_secondLine);

    m_typingPause.setSingleShot(true);
    m_typingPause.setInterval(250);
    connect(&m_typingPause, &QTimer::timeout, this, &QueueFilterBar::filterChanged);
    connect(m_search, &QLineEdit::textChanged, &m_typingPause, qOverload<>(&QTimer::start));
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        if (m_typingPause.isActive()) {
            m_typingPause.stop();
            emit filterChanged();
        }
        emit searchAccepted();
    });
    connect(m_status, &QComboBox::currentIndexChanged, this, [this] {
        // The views of the evidence choose the verdict themselves.
        m_verdict->setEnabled(view() != View::Settled && view() != View::NoEvidence);
        emit filterChanged();
    });
    connect(m_verdict, &QComboBox::currentIndexChanged, this, &QueueFilterBar::filterChanged);
}

void QueueFilterBar::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        placeFilters();
    }
    QWidget::changeEvent(event);
}

void QueueFilterBar::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    placeFilters();
}

QSize QueueFilterBar::minimumSizeHint() const
{
    // As narrow on one line as on two: moving the filters never makes the queue's side
    // of the window wider or narrower by itself.
    QSize size = QWidget::minimumSizeHint();
    size.setWidth(qMax(m_search->minimumSizeHint().width(), m_filters->minimumSizeHint().width()));
    return size;
}

int QueueFilterBar::searchWidthNeeded() const
{
    // The placeholder, the frame, the text's margins and the clear button beside it.
    const int frame = style()->pixelMetric(QStyle::PM_DefaultFrameWidth, nullptr, m_search);
    const int clearButton = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, m_search) + 8;
    return m_search->fontMetrics().horizontalAdvance(m_search->placeholderText()) + 2 * frame + 8 + clearButton;
}

void QueueFilterBar::placeFilters()
{
    const int oneLine = searchWidthNeeded() + m_firstLine->spacing() + m_filters->sizeHint().width();
    const bool wrap = width() < oneLine;
    if (wrap == m_wrapped)
        return;
    m_wrapped = wrap;
    (wrap ? m_firstLine : m_secondLine)->removeWidget(m_filters);
    (wrap ? m_secondLine : m_firstLine)->addWidget(m_filters);
}

void QueueFilterBar::retranslate()
{
    // Only texts: what is typed and chosen stays.
    m_search->setPlaceholderText(tr("Find an id… (Ctrl+F)"));
    m_search->setAccessibleName(tr("Find an operation"));
    m_search->setToolTip(tr("Matches within operation id, order id, idempotency key, refund id and conversation id"));
    showCounts();
    m_status->setToolTip(tr("Which operations to list, with how many each view holds"));
    const QStringList verdicts{tr("Any verdict"), tr("Refunded"), tr("Failed"),
                               tr("Pending"),     tr("Conflict"), tr("Refund by another path"),
                               tr("Not found at Stripe"), tr("No evidence")};
    for (int i = 0; i < verdicts.size(); ++i)
        m_verdict->setItemText(i, verdicts[i]);
    m_verdict->setToolTip(tr("What the provider's events and lookups show"));
    // The pop-up lists are read on their own once open: each says what it lists.
    m_status->view()->setAccessibleName(tr("Views of the queue"));
    m_verdict->view()->setAccessibleName(tr("Verdicts"));
    m_statusLabel->setText(tr("&Show:"));
    m_verdictLabel->setText(tr("Ver&dict:"));
}

void QueueFilterBar::showCounts()
{
    // "Needs a person now (12)": the view and how many operations it holds.
    const QStringList views{tr("Needs a person now"),
                            tr("Mine"),
                            tr("Free (nobody on it)"),
                            tr("Needs a person now, colleagues' claims too"),
                            tr("Ready to record from evidence"),
                            tr("No evidence"),
                            tr("Waiting for a follow-up"),
                            tr("All")};
    for (int i = 0; i < views.size() && i < m_status->count(); ++i)
        m_status->setItemText(i, views[i] + m_counts.value(i));
}

void QueueFilterBar::setCount(View view, std::optional<qint64> count, bool atLeast)
{
    const int i = m_status->findData(int(view));
    if (i < 0)
        return;
    // A lower bound reads as one; a bound of nothing says nothing.
    m_counts[i] = !count || (atLeast && *count == 0) ? QString()
        : atLeast                                    ? tr(" (at least %1)").arg(*count)
                                                     : tr(" (%1)").arg(*count);
    showCounts();
}

QueueFilterBar::View QueueFilterBar::view() const
{
    return View(m_status->currentData().toInt());
}

void QueueFilterBar::setView(View view)
{
    m_status->setCurrentIndex(m_status->findData(int(view)));
}

void QueueFilterBar::applyTo(QueueQuery &query, const QString &operatorName) const
{
    query.searchText = m_search->text().trimmed();
    query.statusFilter = QueueQuery::StatusFilter::NeedsPerson;
    query.followUp = QueueQuery::FollowUp::Any;
    switch (view()) {
    case View::NeedsPersonNow:
        // What the operator may take up: a colleague's claim is theirs to finish (the
        // view with colleagues' claims, or All, still lists it).
        query.statusFilter = QueueQuery::StatusFilter::FreeOrClaimedBy;
        query.followUp = QueueQuery::FollowUp::NotWaiting;
        break;
    case View::NeedsAnyoneNow: query.followUp = QueueQuery::FollowUp::NotWaiting; break;
    case View::Mine: query.statusFilter = QueueQuery::StatusFilter::ClaimedBy; break;
    case View::Free: query.statusFilter = QueueQuery::StatusFilter::Unknown; break;
    case View::Waiting: query.followUp = QueueQuery::FollowUp::Waiting; break;
    case View::Settled:
    case View::NoEvidence:
    case View::All: break;
    }
    query.claimedBy = query.namesClaimant() ? operatorName : QString();
}

QString QueueFilterBar::verdict() const
{
    // The views of the evidence choose the verdict themselves.
    switch (view()) {
    case View::Settled: return SettledVerdictFilter;
    case View::NoEvidence: return QStringLiteral("none");
    default: return m_verdict->currentData().toString();
    }
}

QList<QWidget *> QueueFilterBar::focusOrder() const
{
    return {m_search, m_status, m_verdict};
}

void QueueFilterBar::focusSearch()
{
    m_search->setFocus(Qt::ShortcutFocusReason);
    m_search->selectAll();
}

} // namespace RefundDesk
