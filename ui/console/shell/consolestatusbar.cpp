#include "ui/console/shell/consolestatusbar.h"

#include "items/timetext.h"
#include "store/store.h"
#include "ui/common/livetext.h"
#include "ui/common/storenotice.h"
#include "ui/console/storeopening/encryptionlabel.h"
#include "ui/console/deciding/operatoridentity.h"
#include "ui/console/queue/queueviewcounts.h"
#include "ui/console/stripe/reconcilerlabel.h"
#include "ui/console/storeopening/standbylabel.h"

#include <QDir>
#include <QLabel>
#include <QStatusBar>
#include <QTimer>

namespace RefundDesk {

namespace {

QLabel *statusLabel(QWidget *parent, const QString &name)
{
    auto *label = new QLabel(parent);
    label->setObjectName(name);
    label->setTextFormat(Qt::PlainText);
    return label;
}

} // namespace

ConsoleStatusBar::ConsoleStatusBar(QStatusBar *bar, OperatorIdentity *identity)
    : QObject(bar)
    , m_bar(bar)
    , m_identity(identity)
{
    QWidget *window = bar->window();
    m_operatorLabel = statusLabel(window, QStringLiteral("operatorLabel"));
    m_storeLabel = statusLabel(window, QStringLiteral("storeLabel"));
    m_countLabel = statusLabel(window, QStringLiteral("countLabel"));
    m_liveLabel = statusLabel(window, QStringLiteral("liveLabel"));
    m_oldestLabel = statusLabel(window, QStringLiteral("oldestLabel"));
    m_oldestLabel->hide();
    // A message of the moment (showMessage) takes the place of the normal widgets, the
    // operator and the store, and is painted only up to the first permanent one: the
    // queue's count and oldest, and the store's state, stay in view beside it, and no
    // message is ever painted over them. A normal widget shown while a message is up
    // would be painted over: the oldest, which comes and goes, is permanent.
    bar->addWidget(m_operatorLabel);
    bar->addWidget(m_storeLabel, 1);
    bar->addPermanentWidget(m_countLabel);
    bar->addPermanentWidget(m_oldestLabel);
    m_reconcilerLabel = new ReconcilerLabel(window);
    bar->addPermanentWidget(m_reconcilerLabel);
    m_standbyLabel = new StandbyLabel(window);
    bar->addPermanentWidget(m_standbyLabel);
    m_encryptionLabel = new EncryptionLabel(window);
    bar->addPermanentWidget(m_encryptionLabel);
    bar->addPermanentWidget(m_liveLabel);
    LiveText::makeReadable(m_liveLabel); // "Live updates paused: …" must be heard
    LiveText::followMessages(bar);
}

void ConsoleStatusBar::setStore(const std::optional<StoreFacts> *facts, bool openedReadOnly, const QDateTime &openedAt)
{
    m_facts = facts;
    m_openedReadOnly = openedReadOnly;
    m_openedAt = openedAt;
    if (m_facts && *m_facts)
        showState((*m_facts)->state);
}

void ConsoleStatusBar::showState(const StoreState &state)
{
    m_standbyLabel->setStatus(state.standby); // a hot standby: how far behind the primary
    m_encryptionLabel->setEncryption(state.encryption);
}

void ConsoleStatusBar::update(const QString &queueCount)
{
    const QString name = m_identity->name();
    if (name.isEmpty())
        m_operatorLabel->setText(tr("Operator: not set (File › Change operator name…)"));
    else if (m_identity->isLoginName())
        m_operatorLabel->setText(tr("Operator: %1 (your login name)").arg(name));
    else
        m_operatorLabel->setText(tr("Operator: %1").arg(name));
    if (!m_facts || !*m_facts) {
        m_storeLabel->setText(tr("No store open"));
        m_countLabel->clear();
        m_reconcilerLabel->setRecord(std::nullopt);
        return;
    }
    const StoreFacts &facts = **m_facts;
    QString storeText = QDir::toNativeSeparators(facts.location);
    if (facts.state.readOnly)
        storeText = tr("%1 (read-only)").arg(storeText);
    m_storeLabel->setText(storeText);
    m_countLabel->setText(tr("Queue: %1").arg(queueCount));
}

void ConsoleStatusBar::followCounts(QueueViewCounts *counts)
{
    m_counts = counts;
    connect(m_counts, &QueueViewCounts::changed, this, &ConsoleStatusBar::showOldest);
    connect(m_counts, &QueueViewCounts::changed, this, &ConsoleStatusBar::showReconciler);
    m_ageTimer = new QTimer(this);
    m_ageTimer->setInterval(60'000); // the age is shown to the minute at best
    connect(m_ageTimer, &QTimer::timeout, this, &ConsoleStatusBar::showOldest);
    showOldest();
}

void ConsoleStatusBar::showReconciler()
{
    // The counts of any view carry it (the same statement). While a newer count is on
    // its way the label stays as it is; a store that cannot count shows none, as the
    // views show no numbers rather than old ones.
    if (!m_counts->isCurrent())
        return;
    const auto &counts = m_counts->counts();
    if (counts && !counts->lastReconcilePass)
        m_reconcilerLabel->setNoPassYet();
    else
        m_reconcilerLabel->setRecord(counts ? counts->lastReconcilePass : std::nullopt);
}

void ConsoleStatusBar::showOldest()
{
    // The view's oldest: while a newer view's count is on its way the label stays as it
    // is; a view whose oldest cannot be told (one of the evidence's) shows none.
    if (m_counts && !m_counts->isCurrent())
        return;
    const std::optional<QueueCounts> counts = m_counts ? m_counts->viewCounts() : std::nullopt;
    const bool shown = counts && !counts->oldestOperationId.isEmpty();
    m_oldestLabel->setVisible(shown);
    if (!shown) {
        m_oldestLabel->clear();
        m_ageTimer->stop();
        return;
    }
    // The same age as the queue's Age column: since the operation became unknown.
    const qint64 age = qMax<qint64>(0, QDateTime::currentMSecsSinceEpoch() - counts->oldestUnknownSince);
    m_oldestLabel->setText(tr("Oldest: %1, %2").arg(counts->oldestOperationId, TimeText::span(age)));
    m_oldestLabel->setToolTip(tr("The operation of this view unknown the longest: %1, unknown since %2.")
                                  .arg(counts->oldestOperationId, TimeText::fullMoment(counts->oldestUnknownSince)));
    m_oldestLabel->setAccessibleName(tr("Oldest operation in the queue"));
    m_oldestLabel->setAccessibleDescription(m_oldestLabel->text());
    if (!m_ageTimer->isActive())
        m_ageTimer->start();
}

void ConsoleStatusBar::livePaused(const QString &reason)
{
    m_livePause = reason;
    updateLive();
}

void ConsoleStatusBar::changeSeen()
{
    m_livePause.clear();
    m_liveChangedAt = QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss"));
    updateLive();
}

void ConsoleStatusBar::liveReset()
{
    m_livePause.clear();
    m_liveChangedAt.clear();
    updateLive();
}

void ConsoleStatusBar::updateLive()
{
    const StoreFacts *facts = m_facts && *m_facts ? &**m_facts : nullptr;
    if (!m_livePause.isEmpty())
        m_liveLabel->setText(tr("Live updates paused: %1").arg(m_livePause));
    else if (!m_liveChangedAt.isEmpty() && facts && facts->state.pollsForChanges)
        m_liveLabel->setText(tr("Live (polling) · changed %1").arg(m_liveChangedAt));
    else if (!m_liveChangedAt.isEmpty())
        m_liveLabel->setText(tr("Live · changed %1").arg(m_liveChangedAt));
    else if (facts && facts->state.pollsForChanges)
        m_liveLabel->setText(tr("Live (polling)"));
    else if (facts)
        m_liveLabel->setText(tr("Live"));
    else
        m_liveLabel->clear();
    // The status bar agrees with the banner: a snapshot is not live.
    m_liveLabel->setToolTip(QString());
    if (facts && m_livePause.isEmpty()) {
        const StoreNotice notice = StoreNotice::about(*facts, m_openedReadOnly, m_openedAt);
        if (!notice.isLive()) {
            m_liveLabel->setText(notice.freshness());
            m_liveLabel->setToolTip(notice.banner());
        }
    }
}

void ConsoleStatusBar::retranslate()
{
    m_operatorLabel->setToolTip(tr("Claims and decisions are recorded under this name. File › Change operator "
                                   "name… shows another one."));
    updateLive();
    if (m_counts)
        showOldest();
}

} // namespace RefundDesk
