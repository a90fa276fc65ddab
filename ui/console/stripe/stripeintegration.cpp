#include "ui/console/stripe/stripeintegration.h"

#include "ui/console/stripe/askqueueflow.h"
#include "ui/console/stripe/askstripeflow.h"
#include "ui/console/shell/consolemenus.h"
#include "ui/console/shell/mainwindow.h"
#include "ui/console/deciding/operatoridentity.h"

#include <QAction>

namespace RefundDesk {

StripeIntegration::StripeIntegration(MainWindow *window, OperatorIdentity *identity)
    : QObject(window)
    , m_window(window)
    , m_identity(identity)
{
    // Operation › Ask Stripe (Ctrl+K) is made first: the queue-wide ask shares its key.
    m_askStripe = new AskStripeFlow(window, identity);
    m_askQueue = new AskQueueFlow(window, m_askStripe->key());
    window->menus()->addEntry(ConsoleMenus::Menu::Queue, m_askQueue->action());
    connect(m_askQueue->action(), &QAction::triggered, this, &StripeIntegration::startQueueAsk);
    connect(m_askQueue, &AskQueueFlow::finished, window, &MainWindow::refreshNow);
    connect(m_askQueue, &AskQueueFlow::failed, window, &MainWindow::reportError);
}

void StripeIntegration::startQueueAsk()
{
    const auto &facts = m_window->storeFacts();
    if (!facts || m_window->isReadOnly())
        return;
    // On PostgreSQL the operator recorded is the login.
    m_askQueue->start(facts->location, facts->sessionOperator.isEmpty() ? m_identity->name() : facts->sessionOperator);
}

} // namespace RefundDesk
