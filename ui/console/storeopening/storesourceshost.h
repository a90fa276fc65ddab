#pragma once

#include "store/storefacts.h"

#include <QString>

#include <optional>

namespace RefundDesk {

// What StoreSources may read of the window and ask it to do. The window implements it.
class StoreSourcesHost
{
public:
    // What the window knows of the open store; none while no store is open.
    virtual const std::optional<StoreFacts> &storeFacts() const = 0;
    // Opens the store at `path` (MainWindow::openStore).
    virtual void openStore(const QString &path, bool readOnly, const QString &showAfter) = 0;
    virtual void reportError(const QString &title, const QString &message) = 0;
    // Says `text` in the status bar, for `timeoutMs` (0: until another message).
    virtual void showMessage(const QString &text, int timeoutMs) = 0;

protected:
    ~StoreSourcesHost() = default;
};

} // namespace RefundDesk
