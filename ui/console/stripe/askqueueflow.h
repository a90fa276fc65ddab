#pragma once

#include "stripeask/queueaskworker.h"

#include <QObject>
#include <QPointer>

#include <memory>

class QAction;
class QProgressDialog;
class QThread;
class QWidget;

namespace RefundDesk {

class ConsoleStripeKey;

// Queue › Ask Stripe about operations without evidence…: a QueueAskWorker on a thread
// of its own (the UI thread never waits on Stripe nor the store), a progress dialog whose
// Cancel stops it keeping what was answered, and a report at the end.
class AskQueueFlow final : public QObject
{
    Q_OBJECT

public:
    // The dialogs are `window`'s; the key is the store's, from `key` (the environment, the
    // keyring or the Stripe key dialog), which Ask Stripe owns and shares.
    AskQueueFlow(QWidget *window, ConsoleStripeKey *key);
    ~AskQueueFlow() override;

    // Queue › Ask Stripe about operations without evidence… (Ctrl+Shift+A, "ask all"): the window
    // puts it in its menu and starts the flow when it is triggered. Disabled while a run
    // is under way; its text follows the language.
    QAction *action() const { return m_action; }
    void start(const QString &location, const QString &operatorName);
    bool isBusy() const { return m_thread != nullptr; }
    // Called by the window when the language changes.
    void retranslate();

signals:
    // The run ended: what it kept is in the store.
    void finished(const RefundDesk::QueueAskReport &report);
    void failed(const QString &title, const QString &message);

private:
    void run(const QString &location, const QString &operatorName, const StripeSecret &secret, const QUrl &apiBase);
    void ended(const QueueAskReport &report);
    void stopThread();

    QWidget *m_window = nullptr;
    ConsoleStripeKey *m_key = nullptr;
    QAction *m_action = nullptr;
    QThread *m_thread = nullptr;
    QPointer<QueueAskWorker> m_worker;
    QPointer<QProgressDialog> m_progress;
};

} // namespace RefundDesk
