#include "ui/common/languagemenu.h"

#include "i18n/translations.h"

#include <QActionGroup>
#include <QMenu>
#include <QMessageBox>

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
    };
    addChoice(tr("&System language (%1)").arg(Translations::nativeName(Translations::fromSystem())), QString());
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
}

void LanguageMenu::choose(const QString &language)
{
    if (language == Translations::saved())
        return;
    Translations::save(language);
    emit languageChosen(language);
    const QString chosen = Translations::nativeName(language.isEmpty() ? Translations::fromSystem() : language);
    auto *box = new QMessageBox(QMessageBox::Information, tr("Language"),
                                tr("Refund Desk will speak %1 from its next start. Restart it to switch now.")
                                    .arg(chosen),
                                QMessageBox::Ok, m_menu->window());
    box->setObjectName(QStringLiteral("languageNotice"));
    box->setTextFormat(Qt::PlainText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace RefundDesk
