#include "ui/console/queuefilterbar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>

namespace RefundDesk {

QueueFilterBar::QueueFilterBar(QWidget *parent)
    : QWidget(parent)
    , m_search(new QLineEdit(this))
    , m_status(new QComboBox(this))
    , m_verdict(new QComboBox(this))
{
    m_search->setObjectName(QStringLiteral("searchField"));
    m_search->setPlaceholderText(tr("Find an id… (Ctrl+F)"));
    m_search->setClearButtonEnabled(true);
    m_search->setToolTip(tr("Matches within operation id, order id, idempotency key, refund id and conversation id"));

    m_status->setObjectName(QStringLiteral("statusFilter"));
    m_status->addItem(tr("Unknown + checking"), int(QueueQuery::StatusFilter::NeedsPerson));
    m_status->addItem(tr("Unknown (nobody on it)"), int(QueueQuery::StatusFilter::Unknown));
    m_status->addItem(tr("Checking"), int(QueueQuery::StatusFilter::Checking));
    m_status->addItem(tr("Claimed by me"), int(QueueQuery::StatusFilter::ClaimedBy));
    m_status->setToolTip(tr("Which operations to list"));

    m_verdict->setObjectName(QStringLiteral("verdictFilter"));
    m_verdict->addItem(tr("Any verdict"), QString());
    m_verdict->addItem(tr("Refunded"), QStringLiteral("refunded"));
    m_verdict->addItem(tr("Failed"), QStringLiteral("failed"));
    m_verdict->addItem(tr("Pending"), QStringLiteral("pending"));
    m_verdict->addItem(tr("Conflict"), QStringLiteral("conflict"));
    m_verdict->addItem(tr("No evidence"), QStringLiteral("none"));
    m_verdict->setToolTip(tr("What the provider's events show"));

    auto *statusLabel = new QLabel(tr("&Show:"), this);
    statusLabel->setBuddy(m_status);
    auto *verdictLabel = new QLabel(tr("&Verdict:"), this);
    verdictLabel->setBuddy(m_verdict);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_search, 1);
    layout->addWidget(statusLabel);
    layout->addWidget(m_status);
    layout->addWidget(verdictLabel);
    layout->addWidget(m_verdict);

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
    connect(m_status, &QComboBox::currentIndexChanged, this, &QueueFilterBar::filterChanged);
    connect(m_verdict, &QComboBox::currentIndexChanged, this, &QueueFilterBar::filterChanged);
}

void QueueFilterBar::applyTo(QueueQuery &query, const QString &operatorName) const
{
    query.searchText = m_search->text().trimmed();
    query.statusFilter = QueueQuery::StatusFilter(m_status->currentData().toInt());
    query.claimedBy = query.statusFilter == QueueQuery::StatusFilter::ClaimedBy ? operatorName : QString();
}

QString QueueFilterBar::verdict() const
{
    return m_verdict->currentData().toString();
}

void QueueFilterBar::focusSearch()
{
    m_search->setFocus(Qt::ShortcutFocusReason);
    m_search->selectAll();
}

} // namespace RefundDesk
