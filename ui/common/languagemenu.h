#pragma once

#include <QObject>

class QMenu;

namespace RefundDesk {

// Help › Language: the system's language or one of the shipped ones, each named in its
// own language. The choice is kept in the settings and takes effect at the next start
// (the window's texts are set once, when it is built); the menu says so.
class LanguageMenu final : public QObject
{
    Q_OBJECT

public:
    // Fills `menu` and lives as long as it does.
    explicit LanguageMenu(QMenu *menu);

signals:
    // A different language was chosen (and saved).
    void languageChosen(const QString &language);

private:
    void choose(const QString &language);

    QMenu *m_menu = nullptr;
};

} // namespace RefundDesk
