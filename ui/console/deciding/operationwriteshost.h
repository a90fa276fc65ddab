#pragma once

#include "store/storefacts.h"

#include <QString>

#include <optional>

class QWidget;

namespace RefundDesk {

class LiveRefresher;
class OperationActions;
class OperationPanel;
class OperatorIdentity;
class QueuePane;
class UpgradeBanner;
class WriteRunner;
struct OperationSnapshot;

// What OperationWrites may read of the window and ask it to do. The window implements it.
class OperationWritesHost
{
public:
    // What the window knows of the open store; none while no store is open.
    virtual const std::optional<StoreFacts> &storeFacts() const = 0;
    virtual bool isReadOnly() const = 0;
    // The operation the actions act on (shown in the panel and selected in the queue).
    virtual const OperationSnapshot *currentOperation() const = 0;
    // Reads the queue and the operation shown again.
    virtual void refreshNow() = 0;
    // Opens the store shown again (its schema changed).
    virtual void reopenStore() = 0;
    virtual void reportError(const QString &title, const QString &message) = 0;
    // Says `text` in the status bar, for `timeoutMs` (0: until another message).
    virtual void showMessage(const QString &text, int timeoutMs) = 0;
    // Clears the status bar's message if it still says `shown`.
    virtual void clearMessage(const QString &shown) = 0;

protected:
    ~OperationWritesHost() = default;
};

// The parts of the window OperationWrites works with, handed over when it is made.
struct OperationWritesParts
{
    QWidget *window = nullptr; // the dialogs' parent
    WriteRunner *writes = nullptr;
    LiveRefresher *refresher = nullptr;
    OperationActions *actions = nullptr;
    OperationPanel *panel = nullptr;
    QueuePane *queue = nullptr;
    UpgradeBanner *upgradeBanner = nullptr;
    OperatorIdentity *identity = nullptr;
};

} // namespace RefundDesk
