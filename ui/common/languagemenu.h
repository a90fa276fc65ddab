#pragma once

#include <QObject>

class QAction;
class QMenu;

namespace RefundDesk {

// Help › Language: the system's language or one of the shipped ones, each named in its
// own language. A choice switches the open windows at once (the new translators send
// every widget a LanguageChange) and is kept in the settings for the next start.
class LanguageMenu final : public QObject
{
    Q_OBJECT

public:
    // Fills `menu` and lives as long as it does.
    explicit LanguageMenu(QMenu *menu);

signals:
    // A different language was chosen, saved and installed.
    void languageChosen(const QString &language);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void choose(const QString &language);
    void retranslate();

    QMenu *m_menu = nullptr;
    QAction *m_system = nullptr;
};

} // namespace RefundDesk
