#pragma once

#include "store/storefacts.h"

#include <QString>

#include <optional>

class QWidget;

namespace RefundDesk {

class ConsoleMenus;
class OperationPanel;
class OperatorIdentity;
struct OperationSnapshot;

// What the Stripe room (StripeIntegration, AskStripeFlow) may read of the window and ask
// it to do. The window implements it.
class StripeHost
{
public:
    // What the window knows of the open store; none while no store is open.
    virtual const std::optional<StoreFacts> &storeFacts() const = 0;
    virtual bool isReadOnly() const = 0;
    // The operation the actions act on (shown in the panel and selected in the queue).
    virtual const OperationSnapshot *currentOperation() const = 0;
    // Reads the queue and the operation shown again (an answer was kept).
    virtual void refreshNow() = 0;
    virtual void reportError(const QString &title, const QString &message) = 0;
    // Says `text` in the status bar, for `timeoutMs` (0: until another message).
    virtual void showMessage(const QString &text, int timeoutMs) = 0;

protected:
    ~StripeHost() = default;
};

// The parts of the window the Stripe room works with, handed over when it is made.
struct StripeParts
{
    QWidget *window = nullptr; // the dialogs' parent
    ConsoleMenus *menus = nullptr;
    OperationPanel *panel = nullptr; // the button and its line go beside its evidence
    OperatorIdentity *identity = nullptr;
};

} // namespace RefundDesk
