#include "ui/console/stripe/askqueueflow.h"

#include "store/store.h"
#include "stripe/stripeapibase.h"
#include "ui/console/stripe/consolestripekey.h"

#include <QAction>
#include <QMessageBox>
#include <QProgressDialog>
#include <QThread>
#include <QWidget>

namespace RefundDesk {

AskQueueFlow::AskQueueFlow(QWidget *window, ConsoleStripeKey *key)
    : QObject(window)
    , m_window(window)
    , m_key(key)
    , m_action(new QAction(this))
{
    m_action->setObjectName(QStringLiteral("askStripeQueueAction"));
    m_action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    retranslate();
}

void AskQueueFlow::retranslate()
{
    m_action->setText(tr("&Ask Stripe about operations without evidence…"));
    m_action->setToolTip(tr("Ask Stripe, read-only, what became of the refund of every operation whose verdict is "
                            "none, and keep each answer as a provider lookup."));
}

AskQueueFlow::~AskQueueFlow()
{
    if (m_worker)
        QMetaObject::invokeMethod(m_worker, &QueueAskWorker::cancel, Qt::QueuedConnection);
    stopThread();
}

void AskQueueFlow::start(const QString &location, const QString &operatorName)
{
    if (isBusy())
        return;
    auto apiBase = StripeApiBase::fromOptionOrEnvironment({});
    if (!apiBase) {
        emit failed(tr("Cannot ask Stripe"), apiBase.error().message);
        return;
    }
    QPointer<AskQueueFlow> self(this);
    m_key->obtain(location, StoreFactory::displayLocation(location),
                  [self, location, operatorName, base = *apiBase](std::optional<StripeSecret> secret, const QString &) {
                      // No key: the person cancelled the Stripe key dialog, and nothing is asked.
                      if (self && secret && !self->isBusy())
                          self->run(location, operatorName, *secret, base);
                  });
}

void AskQueueFlow::run(const QString &location, const QString &operatorName, const StripeSecret &secret,
                       const QUrl &apiBase)
{
    m_action->setEnabled(false);
    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("askQueueThread"));
    auto *worker = new QueueAskWorker(location, operatorName, secret, apiBase);
    worker->moveToThread(m_thread);
    m_worker = worker;
    connect(m_thread, &QThread::finished, worker, &QObject::deleteLater);

    auto *progress = new QProgressDialog(tr("Asking Stripe about the operations without evidence…"), tr("Cancel"), 0, 0,
                                         m_window);
    progress->setObjectName(QStringLiteral("askQueueProgress"));
    progress->setWindowTitle(tr("Ask Stripe"));
    progress->setAccessibleName(tr("Asking Stripe"));
    progress->setAutoClose(false);
    progress->setAutoReset(false);
    progress->setMinimumDuration(0);
    m_progress = progress;
    connect(progress, &QProgressDialog::canceled, this, [this] {
        if (m_progress)
            m_progress->setLabelText(tr("Stopping; the answers already complete are kept…"));
        if (m_worker)
            QMetaObject::invokeMethod(m_worker, &QueueAskWorker::cancel, Qt::QueuedConnection);
    });
    connect(worker, &QueueAskWorker::progress, this, [this](qint64 done, qint64 total) {
        if (!m_progress)
            return;
        m_progress->setMaximum(int(total));
        m_progress->setValue(int(done));
        m_progress->setLabelText(tr("Asking Stripe: %1 of %2 operations answered…").arg(done).arg(total));
    });
    connect(worker, &QueueAskWorker::finished, this, &AskQueueFlow::ended);
    m_thread->start();
    QMetaObject::invokeMethod(worker, &QueueAskWorker::start, Qt::QueuedConnection);
    progress->show();
}

void AskQueueFlow::ended(const QueueAskReport &report)
{
    stopThread();
    m_action->setEnabled(true);
    if (m_progress)
        m_progress->deleteLater();
    QString text = tr("%1 operation(s) asked, %2 of them with a refund at Stripe; %3 request(s) sent. "
                      "%4 operation(s) without evidence in the queue, %5 answered before.")
                       .arg(report.settledByEvents + report.asked)
                       .arg(report.settledByEvents + report.withRefund)
                       .arg(report.requests)
                       .arg(report.withoutEvidence)
                       .arg(report.alreadyAnswered);
    text += QLatin1Char(' ') + tr("%1 settled by undelivered events (%2 new event(s) stored), %3 by listings or by id.")
                                   .arg(report.settledByEvents)
                                   .arg(report.eventsAdded)
                                   .arg(report.asked);
    if (!report.eventsSkipped.isEmpty())
        text += QLatin1Char(' ') + report.eventsSkipped;
    if (report.cancelled)
        text += QLatin1Char(' ') + tr("Cancelled: the answers complete so far are kept; ask again for the rest.");
    emit finished(report);
    if (report.failure) {
        emit failed(tr("Stripe could not be asked about every operation"),
                    report.failure->message + QLatin1Char(' ') + text);
        return;
    }
    auto *box = new QMessageBox(QMessageBox::Information, tr("Ask Stripe"), text, QMessageBox::Ok, m_window);
    box->setObjectName(QStringLiteral("askQueueReport"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void AskQueueFlow::stopThread()
{
    if (!m_thread)
        return;
    m_thread->quit();
    m_thread->wait();
    m_thread->deleteLater();
    m_thread = nullptr;
}

} // namespace RefundDesk
