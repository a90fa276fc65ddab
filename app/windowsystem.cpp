#include "windowsystem.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace RefundDesk::WindowSystem {

namespace {

// QGuiApplication's and QApplication's own options (see their documentation); both
// "-name" and "--name" are accepted.
const QStringList optionsWithValue = {
    QStringLiteral("platform"), QStringLiteral("platformpluginpath"), QStringLiteral("platformtheme"),
    QStringLiteral("plugin"),   QStringLiteral("qwindowgeometry"),    QStringLiteral("qwindowicon"),
    QStringLiteral("qwindowtitle"), QStringLiteral("display"),        QStringLiteral("geometry"),
    QStringLiteral("style"),    QStringLiteral("stylesheet"),         QStringLiteral("session"),
};
const QStringList flags = {QStringLiteral("reverse"), QStringLiteral("widgetcount"), QStringLiteral("nograb"),
                           QStringLiteral("dograb"), QStringLiteral("sync")};

// "platform" for "-platform" or "--platform"; empty for anything else.
QString qtOptionName(const QString &argument)
{
    if (!argument.startsWith(u'-'))
        return {};
    const QString name = argument.mid(argument.startsWith(QLatin1String("--")) ? 2 : 1);
    return optionsWithValue.contains(name) || flags.contains(name) ? name : QString();
}

bool hasQtOption(const QStringList &arguments, const QString &name)
{
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (qtOptionName(arguments.at(i)) == name)
            return true;
    }
    return false;
}

bool hasWaylandSocket(const QProcessEnvironment &environment)
{
    // libwayland-client falls back to $XDG_RUNTIME_DIR/wayland-0 when WAYLAND_DISPLAY is unset.
    const QString runtime = environment.value(QStringLiteral("XDG_RUNTIME_DIR"));
    return !runtime.isEmpty() && QFileInfo::exists(QDir(runtime).filePath(QStringLiteral("wayland-0")));
}

bool canOpen(const QString &platform, const QStringList &arguments, const QProcessEnvironment &environment)
{
    if (platform == QLatin1String("xcb"))
        return !environment.value(QStringLiteral("DISPLAY")).isEmpty() || hasQtOption(arguments, QStringLiteral("display"));
    if (platform.startsWith(QLatin1String("wayland")))
        return !environment.value(QStringLiteral("WAYLAND_DISPLAY")).isEmpty() || hasWaylandSocket(environment);
    // offscreen, minimal, vnc, eglfs, linuxfb, ...: no display server to reach.
    return true;
}

} // namespace

QStringList withoutQtOptions(const QStringList &arguments)
{
    QStringList kept;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString name = i > 0 ? qtOptionName(arguments.at(i)) : QString();
        if (name.isEmpty())
            kept.append(arguments.at(i));
        else if (optionsWithValue.contains(name))
            ++i; // and its value
    }
    return kept;
}

QStringList requestedPlatforms(const QStringList &arguments, const QProcessEnvironment &environment)
{
    QString requested = environment.value(QStringLiteral("QT_QPA_PLATFORM"));
    for (qsizetype i = 1; i + 1 < arguments.size(); ++i) {
        if (qtOptionName(arguments.at(i)) == QLatin1String("platform"))
            requested = arguments.at(i + 1);
    }
    QStringList platforms;
    for (const QString &entry : requested.split(u';', Qt::SkipEmptyParts)) {
        // "xcb:option=value" carries plugin options after the name.
        platforms.append(entry.section(u':', 0, 0).trimmed());
    }
    platforms.removeAll(QString());
    return platforms;
}

QString whyNoWindow(const QStringList &arguments, const QProcessEnvironment &environment)
{
    const QStringList platforms = requestedPlatforms(arguments, environment);
    if (platforms.isEmpty()) {
        if (canOpen(QStringLiteral("xcb"), arguments, environment) || canOpen(QStringLiteral("wayland"), arguments, environment))
            return {};
        return QCoreApplication::translate("Cli", "there is no display (DISPLAY and WAYLAND_DISPLAY are not set).");
    }
    for (const QString &platform : platforms) {
        if (canOpen(platform, arguments, environment))
            return {};
    }
    return QCoreApplication::translate("Cli", "the window system %1 has no display to open on (DISPLAY or WAYLAND_DISPLAY is not set).")
        .arg(platforms.join(QStringLiteral(", ")));
}

} // namespace RefundDesk::WindowSystem
