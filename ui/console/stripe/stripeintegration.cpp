#include "ui/console/stripe/stripeintegration.h"

#include "ui/console/stripe/askqueueflow.h"
#include "ui/console/stripe/askstripeflow.h"
#include "ui/console/shell/consolemenus.h"
#include "ui/console/deciding/operatoridentity.h"

#include <QAction>
#include <QWidget>

namespace RefundDesk {

StripeIntegration::StripeIntegration(StripeHost *host, const StripeParts &parts)
    : QObject(parts.window)
    , m_host(host)
    , m_identity(parts.identity)
{
    // Operation › Ask Stripe (Ctrl+K) is made first: the queue-wide ask shares its key.
    m_askStripe = new AskStripeFlow(host, parts);
    m_askQueue = new AskQueueFlow(parts.window, m_askStripe->key());
    parts.menus->addEntry(ConsoleMenus::Menu::Queue, m_askQueue->action());
    connect(m_askQueue->action(), &QAction::triggered, this, &StripeIntegration::startQueueAsk);
    connect(m_askQueue, &AskQueueFlow::finished, this, [this] { m_host->refreshNow(); });
    connect(m_askQueue, &AskQueueFlow::failed, this,
            [this](const QString &title, const QString &message) { m_host->reportError(title, message); });
}

void StripeIntegration::retranslate()
{
    m_askStripe->retranslate();
    m_askQueue->retranslate();
}

void StripeIntegration::startQueueAsk()
{
    const auto &facts = m_host->storeFacts();
    if (!facts || m_host->isReadOnly())
        return;
    // On PostgreSQL the operator recorded is the login.
    m_askQueue->start(facts->location, facts->sessionOperator.isEmpty() ? m_identity->name() : facts->sessionOperator);
}

} // namespace RefundDesk
