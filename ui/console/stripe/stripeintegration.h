#pragma once

#include "ui/console/stripe/stripehost.h"

#include <QObject>

namespace RefundDesk {

class AskQueueFlow;
class AskStripeFlow;

// Puts Stripe into the console: Ask Stripe about the operation shown (AskStripeFlow, with
// its key, links and support case) and about the whole queue (AskQueueFlow, in the Queue
// menu, sharing that key). The window makes one and hands it StripeHost and the parts it
// needs; the queue-wide ask runs for the store shown, as its operator, and the window shows
// what it kept after.
class StripeIntegration final : public QObject
{
    Q_OBJECT

public:
    StripeIntegration(StripeHost *host, const StripeParts &parts);

    AskStripeFlow *askStripe() const { return m_askStripe; }
    AskQueueFlow *askQueue() const { return m_askQueue; }

    // Sets Ask Stripe's texts in the language in force (the window calls it when the
    // language changes).
    void retranslate();

private:
    void startQueueAsk();

    StripeHost *m_host = nullptr;
    OperatorIdentity *m_identity = nullptr;
    AskStripeFlow *m_askStripe = nullptr;
    AskQueueFlow *m_askQueue = nullptr;
};

} // namespace RefundDesk
