#include "i18n/translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QSettings>
#include <QTranslator>

#include <cstdio>
#include <cstring>
#include <memory>

namespace RefundDesk {

namespace {

const char settingsKey[] = "view/language";
const char resourceFolder[] = ":/refunddesk/translations";

// The language given on the command line of this run; empty when none was.
QString &commandLineLanguage()
{
    static QString language;
    return language;
}

// The translators in force, replaced as a whole when the language changes.
struct Installed
{
    std::unique_ptr<QTranslator> own;
    std::unique_ptr<QTranslator> qt;
};

Installed &installed()
{
    static Installed translators;
    return translators;
}

void printUnknownLanguage(const QString &given)
{
    const QString message = QCoreApplication::translate(
        "Translations", "refund-desk: unknown language '%1'; use one of: %2.\n")
                                .arg(given, Translations::available().join(QStringLiteral(", ")));
    std::fputs(message.toLocal8Bit().constData(), stderr);
}

// The console keeps the language chosen in its menu; the headless commands follow the
// command line and the system only, so that scripts read the same words on every desk.
bool isConsole()
{
    const QCoreApplication *app = QCoreApplication::instance();
    return app && app->inherits("QApplication");
}

} // namespace

QStringList Translations::available()
{
    return {QStringLiteral("en"), QStringLiteral("ru"), QStringLiteral("zh_CN")};
}

QString Translations::normalized(const QString &language)
{
    const QString name = language.trimmed().replace(u'-', u'_');
    const QString lower = name.toLower();
    if (lower == u"c" || lower == u"posix" || lower == u"en" || lower.startsWith(u"en_"))
        return QStringLiteral("en");
    if (lower == u"ru" || lower.startsWith(u"ru_"))
        return QStringLiteral("ru");
    // Simplified Chinese serves the Chinese locales; it is the only Chinese shipped.
    if (lower == u"zh" || lower.startsWith(u"zh_"))
        return QStringLiteral("zh_CN");
    return {};
}

QString Translations::nativeName(const QString &language)
{
    const QString code = normalized(language);
    if (code == u"ru")
        return QStringLiteral("Русский");
    if (code == u"zh_CN")
        return QStringLiteral("简体中文");
    return QStringLiteral("English");
}

bool Translations::takeLanguageOption(int &argc, char **argv)
{
    int kept = 0;
    bool ok = true;
    for (int i = 0; i < argc; ++i) {
        const char *argument = argv[i];
        QString given;
        bool isOption = false;
        if (i > 0 && std::strcmp(argument, "--lang") == 0) {
            isOption = true;
            if (i + 1 < argc) {
                given = QString::fromLocal8Bit(argv[++i]);
            } else {
                std::fputs("refund-desk: --lang needs a language: en, ru or zh_CN.\n", stderr);
                ok = false;
            }
        } else if (i > 0 && std::strncmp(argument, "--lang=", 7) == 0) {
            isOption = true;
            given = QString::fromLocal8Bit(argument + 7);
        }
        if (!isOption) {
            argv[kept++] = argv[i];
            continue;
        }
        if (!ok)
            continue;
        const QString language = normalized(given);
        if (language.isEmpty()) {
            printUnknownLanguage(given);
            ok = false;
        } else {
            commandLineLanguage() = language;
        }
    }
    argc = kept;
    argv[kept] = nullptr;
    return ok;
}

QString Translations::saved()
{
    return normalized(QSettings().value(QLatin1String(settingsKey)).toString());
}

void Translations::save(const QString &language)
{
    QSettings settings;
    if (language.isEmpty())
        settings.remove(QLatin1String(settingsKey));
    else
        settings.setValue(QLatin1String(settingsKey), normalized(language));
}

void Translations::choose(const QString &language)
{
    save(language);
    commandLineLanguage().clear();
    install(current());
}

QString Translations::fromSystem()
{
    // uiLanguages() reads LANGUAGE first, then LC_ALL, LC_MESSAGES and LANG.
    for (const QString &language : QLocale::system().uiLanguages()) {
        const QString code = normalized(language);
        if (!code.isEmpty())
            return code;
    }
    return QStringLiteral("en");
}

QString Translations::current()
{
    if (!commandLineLanguage().isEmpty())
        return commandLineLanguage();
    if (isConsole()) {
        const QString chosen = saved();
        if (!chosen.isEmpty())
            return chosen;
    }
    return fromSystem();
}

QLocale Translations::localeFor(const QString &language)
{
    const QString code = normalized(language);
    const QLocale system = QLocale::system();
    if (code == u"ru")
        return system.language() == QLocale::Russian ? system : QLocale(QLocale::Russian, QLocale::Russia);
    if (code == u"zh_CN")
        return system.language() == QLocale::Chinese ? system : QLocale(QLocale::Chinese, QLocale::China);
    // English: the system's own when it is English or the C locale (machine-like numbers),
    // else American English.
    if (system.language() == QLocale::English || system.language() == QLocale::C)
        return system;
    return QLocale(QLocale::English, QLocale::UnitedStates);
}

void Translations::install(const QString &language)
{
    const QString code = normalized(language).isEmpty() ? QStringLiteral("en") : normalized(language);
    Installed &translators = installed();
    // Removing happens in the destructors (QTranslator uninstalls itself).
    translators.own.reset();
    translators.qt.reset();

    const QLocale locale = localeFor(code);
    QLocale::setDefault(locale);

    // English has a translation too: the plural forms of the source texts ("%n attempt(s)").
    auto own = std::make_unique<QTranslator>();
    if (own->load(QStringLiteral("refunddesk_") + code, QLatin1String(resourceFolder))
        && QCoreApplication::installTranslator(own.get())) {
        translators.own = std::move(own);
    }
    if (code == u"en")
        return;
    // Qt's own dialogs and standard buttons; missing when qt6-translations-l10n is not installed.
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(QStringLiteral("qtbase_") + code, QLibraryInfo::path(QLibraryInfo::TranslationsPath))
        && QCoreApplication::installTranslator(qt.get())) {
        translators.qt = std::move(qt);
    }
}

void Translations::useSourceText()
{
    installed().own.reset();
    installed().qt.reset();
    QLocale::setDefault(QLocale::c());
}

void Translations::installForThisRun()
{
    install(current());
}

} // namespace RefundDesk

// Every application object of refund-desk (console or headless) speaks the language of
// the run from its first message on.
static void installTranslationsAtStartup()
{
    RefundDesk::Translations::installForThisRun();
}
Q_COREAPP_STARTUP_FUNCTION(installTranslationsAtStartup)
