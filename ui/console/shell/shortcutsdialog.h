#pragma once

#include <QDialog>

class QLabel;
class QMenuBar;
class QTableWidget;

namespace RefundDesk {

// Help › Keyboard shortcuts: a table of every key of the window's menus, read from their
// entries each time it is filled so that it is never behind them (a feature's entry with
// a key is listed as soon as it is added), then the keys that work inside one control. Not
// modal: it can stay open beside the work. Fills itself again when the language changes.
class ShortcutsDialog final : public QDialog
{
    Q_OBJECT

public:
    ShortcutsDialog(QMenuBar *menus, QWidget *parent);

    QTableWidget *table() const { return m_table; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void fill();
    // `more`: what the entry says in the status bar, the row's tooltip.
    void addRow(const QString &keys, const QString &does, const QString &where, const QString &more = {});

    QMenuBar *m_menus = nullptr;
    QLabel *m_intro = nullptr;
    QTableWidget *m_table = nullptr;
};

} // namespace RefundDesk
