#include "ui/console/shell/shortcutsdialog.h"

#include "ui/common/tablecopy.h"
#include "ui/common/tablesetup.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QScreen>
#include <QTableWidget>
#include <QVBoxLayout>

namespace RefundDesk {

namespace {

// A menu entry's text as it reads: no mnemonic mark (nor a whole "(&F)" after a Chinese
// text), no ellipsis.
QString plain(QString text)
{
    static const QRegularExpression appendedMark(QStringLiteral("\\s*\\(&[^&]\\)"));
    text.remove(appendedMark);
    text.replace(QLatin1String("&&"), QStringLiteral("\x01")).remove(u'&').replace(u'\x01', u'&');
    if (text.endsWith(QChar(0x2026)))
        text.chop(1);
    else if (text.endsWith(QLatin1String("...")))
        text.chop(3);
    return text.trimmed();
}

QString keysOf(const QAction *action)
{
    QStringList keys;
    for (const QKeySequence &key : action->shortcuts())
        keys << key.toString(QKeySequence::NativeText);
    return keys.join(QStringLiteral(", "));
}

// The entries of `menu` and its submenus that have a key, each with the menus' path.
void collect(const QMenu *menu, const QString &path, QList<std::pair<const QAction *, QString>> &found)
{
    for (const QAction *action : menu->actions()) {
        if (action->isSeparator() || !action->isVisible())
            continue;
        if (action->menu())
            collect(action->menu(), path + QStringLiteral(" › ") + plain(action->text()), found);
        else if (!action->shortcuts().isEmpty())
            found.append({action, path});
    }
}

} // namespace

ShortcutsDialog::ShortcutsDialog(QMenuBar *menus, QWidget *parent)
    : QDialog(parent)
    , m_menus(menus)
    , m_intro(new QLabel(this))
    , m_table(new QTableWidget(this))
{
    setObjectName(QStringLiteral("keyboardShortcuts"));
    m_intro->setWordWrap(true);
    m_table->setObjectName(QStringLiteral("shortcutsTable"));
    m_table->setColumnCount(3);
    setUpReadOnlyTable(m_table);
    makeRowsCopyable(m_table);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    fill();
    // Every row in view where the screen is tall enough.
    const int rows = m_table->verticalHeader()->length() + m_table->horizontalHeader()->sizeHint().height()
        + 2 * m_table->frameWidth();
    const int wanted = sizeHint().height() - m_table->sizeHint().height() + rows;
    const QRect area = screen() ? screen()->availableGeometry() : QRect(0, 0, 1024, 768);
    resize(qMax(sizeHint().width(), 720), qMin(wanted, area.height() - 48));
}

void ShortcutsDialog::changeEvent(QEvent *event)
{
    QDialog::changeEvent(event);
    // Once the menus have said their entries in the new language too.
    if (event->type() == QEvent::LanguageChange)
        QMetaObject::invokeMethod(this, &ShortcutsDialog::fill, Qt::QueuedConnection);
}

void ShortcutsDialog::addRow(const QString &keys, const QString &does, const QString &where, const QString &more)
{
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    int column = 0;
    for (const QString &text : {keys, does, where}) {
        auto *item = new QTableWidgetItem(text);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        item->setToolTip(more);
        m_table->setItem(row, column++, item);
    }
}

void ShortcutsDialog::fill()
{
    setWindowTitle(tr("Keyboard shortcuts"));
    m_intro->setText(tr("Every key works wherever the keyboard is in the window, unless the table says where. "
                        "Alt with an underlined letter opens a menu or goes to a field."));
    m_table->setHorizontalHeaderLabels({tr("Keys"), tr("Does"), tr("Menu or place")});
    m_table->setAccessibleName(tr("Keyboard shortcuts"));
    m_table->setRowCount(0);
    QList<std::pair<const QAction *, QString>> entries;
    for (const QAction *menu : m_menus->actions()) {
        if (menu->menu() && menu->isVisible())
            collect(menu->menu(), plain(menu->text()), entries);
    }
    for (const auto &[action, path] : std::as_const(entries))
        addRow(keysOf(action), plain(action->text()), path, action->statusTip());
    // The keys of one control, which no menu lists.
    addRow(tr("Return"), tr("Go to the first match"), tr("The search field"));
    addRow(tr("Ctrl+A, Ctrl/Shift+click"), tr("Select many operations"), tr("The queue"));
    addRow(tr("Ctrl+C"), tr("Copy the selected rows, tab-separated"), tr("Any table"));
    addRow(tr("Space"), tr("Tick or untick the selected rows"), tr("The batch review"));
}

} // namespace RefundDesk
