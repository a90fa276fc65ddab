#pragma once

#include <QLocale>
#include <QString>
#include <QStringList>

namespace RefundDesk {

// Which language Refund Desk speaks, and the translators that make it speak it: its own
// (embedded as resources) and Qt's (qtbase_<lang>.qm, for Qt's dialogs and buttons).
// The language comes from --lang, else from the one chosen in Help › Language, else from
// the system locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as QLocale::system() reads them).
class Translations final
{
public:
    // The languages shipped: "en" (the source text), "ru", "zh_CN".
    static QStringList available();
    // "ru", "zh_CN", "en" for "ru", "ru_RU", "zh-CN", "zh", "en_GB", ...; empty when the
    // language is not one of available().
    static QString normalized(const QString &language);
    // The name of a language in that language, for the menu: "Русский", "简体中文".
    static QString nativeName(const QString &language);

    // Removes `--lang X` / `--lang=X` from the command line, before Qt or the command
    // parsers see it, and keeps X as the language of this run. Prints what is wrong and
    // returns false for a missing or unknown language. The translators are installed
    // when the application object is created.
    static bool takeLanguageOption(int &argc, char **argv);

    // The language chosen in Help › Language; empty: follow the system.
    static QString saved();
    static void save(const QString &language);
    // A choice made in Help › Language: saved for the next start and installed now, over
    // --lang too (the person's latest word). Empty: follow the system.
    static void choose(const QString &language);

    // The language in force: --lang, else saved() (console only), else the system's.
    static QString current();
    // The language the system locale asks for, "en" when it names none available.
    static QString fromSystem();

    // Installs the translators and the default locale for `language` (replacing the
    // ones installed before). Needs the application object.
    static void install(const QString &language);
    // Back to the source text and the C locale's formats, for output read by programs.
    static void useSourceText();
    // Installs for current(); called once when the application object is created.
    static void installForThisRun();

    // The locale whose number and date formats go with `language`: the system's own
    // when it is of that language (keeps en_GB, ru_UA, ...), else the language's usual one.
    static QLocale localeFor(const QString &language);
};

} // namespace RefundDesk
