#pragma once

#include <QObject>

namespace RefundDesk {

class AskQueueFlow;
class AskStripeFlow;
class MainWindow;
class OperatorIdentity;

// Puts Stripe into the console: Ask Stripe about the operation shown (AskStripeFlow, with
// its key, links and support case) and about the whole queue (AskQueueFlow, in the Queue
// menu, sharing that key). The window makes one and gives it itself; the queue-wide ask
// runs for the store shown, as its operator, and the window shows what it kept after.
class StripeIntegration final : public QObject
{
    Q_OBJECT

public:
    StripeIntegration(MainWindow *window, OperatorIdentity *identity);

    AskStripeFlow *askStripe() const { return m_askStripe; }
    AskQueueFlow *askQueue() const { return m_askQueue; }

private:
    void startQueueAsk();

    MainWindow *m_window = nullptr;
    OperatorIdentity *m_identity = nullptr;
    AskStripeFlow *m_askStripe = nullptr;
    AskQueueFlow *m_askQueue = nullptr;
};

} // namespace RefundDesk
