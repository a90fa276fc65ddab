#include "ui/common/languagemenu.h"

#include "i18n/translations.h"

#include <QActionGroup>
#include <QEvent>
#include <QMenu>

namespace RefundDesk {

LanguageMenu::LanguageMenu(QMenu *menu)
    : QObject(menu)
    , m_menu(menu)
{
    auto *group = new QActionGroup(this);
    const QString saved = Translations::saved();
    const auto addChoice = [&](const QString &label, const QString &language) {
        QAction *action = menu->addAction(label);
        action->setCheckable(true);
        action->setChecked(language == saved);
        action->setData(language);
        group->addAction(action);
        connect(action, &QAction::triggered, this, [this, language] { choose(language); });
        return action;
    };
    m_system = addChoice(QString(), QString());
    menu->addSeparator();
    // Named in their own language, so that each reader finds theirs; &E, &R and &C are
    // not used by the entry above in any of the translations.
    for (const QString &language : Translations::available()) {
        QString label = Translations::nativeName(language);
        if (language == u"en")
            label = QStringLiteral("&English");
        else if (language == u"ru")
            label = QStringLiteral("&Русский");
        else
            label = QStringLiteral("简体中文 (&C)");
        addChoice(label, language);
    }
    retranslate();
    // The menu hears of a new language with the rest of its window.
    menu->installEventFilter(this);
}

bool LanguageMenu::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_menu && event->type() == QEvent::LanguageChange)
        retranslate();
    return QObject::eventFilter(watched, event);
}

void LanguageMenu::retranslate()
{
    m_system->setText(tr("&System language (%1)").arg(Translations::nativeName(Translations::fromSystem())));
}

void LanguageMenu::choose(const QString &language)
{
    const QString wanted = language.isEmpty() ? Translations::fromSystem() : language;
    if (language == Translations::saved() && Translations::current() == wanted)
        return;
    // Every open window retranslates itself when the new translators are in.
    Translations::choose(language);
    emit languageChosen(language);
}

} // namespace RefundDesk
