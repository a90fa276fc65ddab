#pragma once

#include <QObject>
#include <QUrl>

#include <functional>
#include <optional>

class QModelIndex;
class QPoint;
class QTableView;

namespace RefundDesk {

class OperationPanel;

// Opens the Stripe ids the operation panel shows (req_, re_, evt_ in the attempts, the
// events and the History) on their page of Stripe's Dashboard, in the mode of the store's
// events: a double-click opens the cell's first id, the context menu offers each id of the
// row. The browser is the desktop's (QDesktopServices).
class StripeLinks final : public QObject
{
    Q_OBJECT

public:
    using Opener = std::function<bool(const QUrl &)>;

    explicit StripeLinks(OperationPanel *panel);

    // Where pages are opened; the desktop's browser unless a test puts its own.
    void setOpener(Opener opener) { m_opener = std::move(opener); }
    // Opens the page of the first id in the cell; false when it holds none.
    bool openFrom(const QModelIndex &index);

private:
    void watch(QTableView *table);
    void showMenu(QTableView *table, const QPoint &position);
    bool open(const QString &id);

    OperationPanel *m_panel = nullptr;
    Opener m_opener;
};

} // namespace RefundDesk
