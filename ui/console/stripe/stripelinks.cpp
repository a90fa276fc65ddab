#include "ui/console/stripe/stripelinks.h"

#include "items/stripesupportcase.h"
#include "ui/console/panel/attempttimelineview.h"
#include "ui/console/panel/evidenceview.h"
#include "ui/console/panel/historyview.h"
#include "ui/console/panel/operationpanel.h"

#include <QDesktopServices>
#include <QMenu>
#include <QTableView>

namespace RefundDesk {

namespace {

QString rowText(const QModelIndex &index)
{
    QStringList cells;
    const QAbstractItemModel *model = index.model();
    for (int column = 0; column < model->columnCount(index.parent()); ++column) {
        const QModelIndex cell = model->index(index.row(), column, index.parent());
        cells << cell.data(Qt::DisplayRole).toString() << cell.data(Qt::ToolTipRole).toString();
    }
    return cells.join(QLatin1Char(' '));
}

} // namespace

StripeLinks::StripeLinks(OperationPanel *panel)
    : QObject(panel)
    , m_panel(panel)
    , m_opener([](const QUrl &url) { return QDesktopServices::openUrl(url); })
{
    watch(panel->attemptView()->table());
    watch(panel->evidenceView()->table());
    watch(panel->historyView()->table());
}

void StripeLinks::watch(QTableView *table)
{
    connect(table, &QTableView::doubleClicked, this, [this](const QModelIndex &index) { openFrom(index); });
    table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(table, &QWidget::customContextMenuRequested, this,
            [this, table](const QPoint &position) { showMenu(table, position); });
}

bool StripeLinks::openFrom(const QModelIndex &index)
{
    if (!index.isValid())
        return false;
    QStringList ids = StripeDashboardLink::idsIn(index.data(Qt::DisplayRole).toString());
    if (ids.isEmpty())
        ids = StripeDashboardLink::idsIn(rowText(index));
    return !ids.isEmpty() && open(ids.first());
}

void StripeLinks::showMenu(QTableView *table, const QPoint &position)
{
    const QModelIndex index = table->indexAt(position);
    if (!index.isValid())
        return;
    const QStringList ids = StripeDashboardLink::idsIn(rowText(index));
    if (ids.isEmpty())
        return;
    auto *menu = new QMenu(table);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    for (const QString &id : ids)
        menu->addAction(tr("Open %1 in Stripe's Dashboard").arg(id), this, [this, id] { open(id); });
    menu->popup(table->viewport()->mapToGlobal(position));
}

bool StripeLinks::open(const QString &id)
{
    const auto &snapshot = m_panel->snapshot();
    const bool live = snapshot && StripeDashboardLink::livemode(*snapshot).value_or(false);
    const QUrl url = StripeDashboardLink::forId(id, live);
    return !url.isEmpty() && m_opener(url);
}

} // namespace RefundDesk
