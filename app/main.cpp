// refund-desk: the console, or a headless subcommand (DESIGN.md, "Command line").

#include "buildinfo.h"
#include "cli.h"
#include "i18n/translations.h"
#include "store/storelibraries.h"
#include "ui/common/theme.h"
#include "ui/console/shell/mainwindow.h"
#include "ui/console/panel/operationpanel.h"
#include "ui/console/deciding/operatoridentity.h"
#include "ui/console/storeopening/recentstores.h"
#include "windowsystem.h"

#ifdef RD_TEST_SEAMS
#include "faultsfromenvironment.h"
#endif

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QIcon>
#include <QPixmap>
#include <QTextStream>
#include <QTimer>

#include <functional>

#include <cstdio>

namespace {

constexpr int exitUsage = 2;
constexpr int exitStore = 3;

void setApplicationNames()
{
    QCoreApplication::setOrganizationName(QStringLiteral("RefundDesk"));
    QCoreApplication::setOrganizationDomain(QStringLiteral("refunddesk.example"));
    QCoreApplication::setApplicationName(QStringLiteral("refund-desk"));
    QCoreApplication::setApplicationVersion(QStringLiteral(REFUND_DESK_VERSION));
}

// What --version prints: enough to tell which build a report comes from.
QString versionText()
{
    QString text = QStringLiteral("refund-desk %1\ncommit %2\nQt %3 (built with %4)\n")
                       .arg(QStringLiteral(REFUND_DESK_VERSION), QStringLiteral(REFUND_DESK_COMMIT),
                            QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR));
    for (const QString &library : RefundDesk::storeLibraryVersions())
        text += library + u'\n';
    return text;
}

struct ConsoleOptions
{
    QString db;
    bool demo = false;
    bool readOnly = false;
    QString operatorName;
    QString screenshot;
    QString select;
};

// Parses the console's options; returns an exit code when the program should stop now.
std::optional<int> parseConsoleOptions(const QStringList &arguments, ConsoleOptions &options)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate("Cli", "Refund Desk: the console for refunds whose outcome nobody knows.\n"
                                                                        "Subcommands (headless): %1.")
                                         .arg(RefundDesk::Cli::commandNames().join(QStringLiteral(", "))));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption db(QStringLiteral("db"), QCoreApplication::translate("Cli", "The store to open."), QStringLiteral("PATH"));
    const QCommandLineOption demo(QStringLiteral("demo"), QCoreApplication::translate("Cli", "Build a fresh demo store and open it."));
    const QCommandLineOption readOnly(QStringLiteral("read-only"), QCoreApplication::translate("Cli", "Open the store for reading only."));
    const QCommandLineOption operatorName(QStringLiteral("operator"), QCoreApplication::translate("Cli", "Who is at the desk."),
                                          QStringLiteral("NAME"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QCoreApplication::translate("Cli", "Render the window once loaded to a PNG and exit."),
                                        QStringLiteral("PNG"));
    const QCommandLineOption select(QStringLiteral("select"),
                                    QCoreApplication::translate("Cli", "With --screenshot: the operation to show (default: the first)."),
                                    QStringLiteral("OPERATION_ID"));
    parser.addOptions({db, demo, readOnly, operatorName, screenshot, select});

    QTextStream err(stderr);
    if (!parser.parse(arguments)) {
        err << "refund-desk: " << parser.errorText() << '\n' << QCoreApplication::translate("Cli", "Try 'refund-desk --help'.")
            << '\n';
        return exitUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        // Qt's usage line names the program as it was started ("./refund-desk").
        const QString help = parser.helpText();
        const qsizetype end = help.indexOf(u'\n');
        QTextStream(stdout) << QCoreApplication::translate("QCommandLineParser", "Usage: %1")
                                   .arg(QStringLiteral("refund-desk ")
                                        + QCoreApplication::translate("QCommandLineParser", "[options]"))
                            << (end < 0 ? QString() : help.mid(end));
        return 0;
    }
    if (parser.isSet(QStringLiteral("version"))) {
        QTextStream(stdout) << versionText();
        return 0;
    }
    if (!parser.positionalArguments().isEmpty()) {
        err << QCoreApplication::translate("Cli", "refund-desk: unknown command '%1'")
                   .arg(parser.positionalArguments().constFirst())
            << '\n' << QCoreApplication::translate("Cli", "Try 'refund-desk --help'.") << '\n';
        return exitUsage;
    }
    if (parser.isSet(db) && parser.isSet(demo)) {
        err << QCoreApplication::translate("Cli", "refund-desk: give either --db PATH or --demo, not both.") << '\n';
        return exitUsage;
    }
    if (parser.isSet(select) && !parser.isSet(screenshot)) {
        err << QCoreApplication::translate("Cli", "refund-desk: --select goes with --screenshot.") << '\n';
        return exitUsage;
    }
    if (parser.isSet(operatorName) && parser.value(operatorName).trimmed().isEmpty()) {
        err << QCoreApplication::translate("Cli", "refund-desk: --operator needs a name.") << '\n';
        return exitUsage;
    }
    options.db = parser.value(db);
    options.demo = parser.isSet(demo);
    options.readOnly = parser.isSet(readOnly);
    options.operatorName = parser.value(operatorName);
    options.screenshot = parser.value(screenshot);
    options.select = parser.value(select);
    return std::nullopt;
}

// Renders the window and writes the PNG, ending the program.
void grabWindow(RefundDesk::MainWindow &window, const ConsoleOptions &options)
{
    // On a busy machine the layouts of the operation just shown may still be pending:
    // each activation can ask its parent's, so settle them all before rendering.
    for (int pass = 0; pass < 8; ++pass)
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    const QPixmap picture = window.grab();
    if (!picture.save(options.screenshot, "PNG")) {
        QTextStream(stderr) << QCoreApplication::translate("Cli", "refund-desk: cannot write the screenshot to %1. "
                                                                  "Check that the folder exists and can be written.")
                                   .arg(options.screenshot)
                            << '\n';
        QCoreApplication::exit(1);
        return;
    }
    QCoreApplication::exit(0);
}

// Calls `then` once the window has nothing in progress: the store open, the queue listed,
// the operation read (the reads happen off the UI thread and arrive as they come).
void whenIdle(RefundDesk::MainWindow &window, std::function<void()> then)
{
    auto *timer = new QTimer(&window);
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, &window, [&window, timer, then = std::move(then)] {
        if (!window.isIdle())
            return;
        timer->deleteLater();
        timer->stop();
        then();
    });
    timer->start();
}

// Once the store is open: shows the operation asked for (the first is shown by itself),
// and renders the window when it is there.
void takeScreenshot(RefundDesk::MainWindow &window, const ConsoleOptions &options)
{
    whenIdle(window, [&window, options] {
        if (options.select.isEmpty() || window.panel()->operationId() == options.select) {
            grabWindow(window, options);
            return;
        }
        window.showOperation(options.select);
        whenIdle(window, [&window, options] {
            if (window.panel()->operationId() != options.select) {
                QTextStream err(stderr);
                if (!window.lastError().isEmpty())
                    err << "refund-desk: " << window.lastError() << "\n";
                err << QCoreApplication::translate("Cli", "refund-desk: cannot show operation %1: %2")
                           .arg(options.select, window.panel()->noticeText())
                    << '\n';
                QCoreApplication::exit(exitUsage);
                return;
            }
            grabWindow(window, options);
        });
    });
}

// Opens the console unless no window can be opened here. Returns the exit code when the
// program must stop now. A screenshot needs no screen: without one it is rendered offscreen.
std::optional<int> checkWindowSystem(const QStringList &arguments, const ConsoleOptions &options)
{
    const QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    const QString why = RefundDesk::WindowSystem::whyNoWindow(arguments, environment);
    if (why.isEmpty())
        return std::nullopt;
    if (!options.screenshot.isEmpty() && RefundDesk::WindowSystem::requestedPlatforms(arguments, environment).isEmpty()) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        return std::nullopt;
    }
    QTextStream(stderr) << QCoreApplication::translate("Cli", "refund-desk: cannot open the console: %1 Run it in a "
                                                              "desktop session; the commands in 'refund-desk --help' "
                                                              "need no display.").arg(why)
                        << '\n';
    return exitUsage;
}

// Everything that needs no window runs under a QCoreApplication, so that it works without
// a display: the subcommands, --help, --version and usage errors. Returns the exit code
// when the program is done, or nothing when the console is to open with `options`.
std::optional<int> runWithoutWindow(int argc, char **argv, ConsoleOptions &options)
{
    QCoreApplication app(argc, argv);
    const QStringList arguments = QCoreApplication::arguments();
    if (RefundDesk::Cli::isSubcommand(arguments))
        return RefundDesk::Cli::run(arguments);
    if (const auto code = parseConsoleOptions(RefundDesk::WindowSystem::withoutQtOptions(arguments), options))
        return code;
    return checkWindowSystem(arguments, options);
}

// Who is at the desk: --operator, else the saved display name, else the login name, so a
// fresh console can claim and record at once. Asked only when the system gives no login
// name (and not for a read-only look or a screenshot).
void identifyOperator(RefundDesk::OperatorIdentity &identity, const ConsoleOptions &options)
{
    identity.chooseAtStart(options.operatorName);
    if (!identity.isKnown() && options.screenshot.isEmpty() && !options.readOnly)
        identity.ask(nullptr);
}

// --screenshot: opens the store, renders the window once loaded and ends the program.
int runScreenshot(QApplication &app, RefundDesk::MainWindow &window, const ConsoleOptions &options)
{
    window.setShowErrorDialogs(false);
    window.resize(1366, 768);
    QObject::connect(&window, &RefundDesk::MainWindow::errorReported, &window,
                     [](const QString &title, const QString &message) {
                         QTextStream(stderr) << "refund-desk: " << title << ": " << message << "\n";
                     });
    window.show();
    // Until the store is open, an error means there is nothing to take a picture of.
    const QMetaObject::Connection failing = QObject::connect(&window, &RefundDesk::MainWindow::errorReported,
                                                             &window, [] { QCoreApplication::exit(exitStore); });
    QObject::connect(&window, &RefundDesk::MainWindow::storeOpened, &window, [&window, options, failing] {
        QObject::disconnect(failing);
        takeScreenshot(window, options);
    });
    if (options.demo)
        window.openDemoStore();
    else if (!options.db.isEmpty())
        window.openStore(options.db, options.readOnly, options.select);
    else
        QTimer::singleShot(0, &window, [&window, options] { takeScreenshot(window, options); });
    return app.exec();
}

// The store the console starts on: --demo, --db, or the one used last if it is still there.
void openFirstStore(RefundDesk::MainWindow &window, const ConsoleOptions &options)
{
    if (options.demo) {
        window.openDemoStore();
    } else if (!options.db.isEmpty()) {
        window.openStore(options.db, options.readOnly);
    } else {
        const QStringList recent = RefundDesk::RecentStores().paths();
        if (!recent.isEmpty() && QFileInfo::exists(recent.constFirst()))
            window.openStore(recent.constFirst(), options.readOnly);
    }
}

int runConsole(int argc, char **argv, const ConsoleOptions &options)
{
    QApplication app(argc, argv);
    // The desktop entry and icon installed with the package (packaging/).
    QGuiApplication::setDesktopFileName(QStringLiteral("example.refunddesk.RefundDesk"));
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("example.refunddesk.RefundDesk")));
    RefundDesk::Theme::apply(RefundDesk::Theme::saved());

    RefundDesk::OperatorIdentity identity;
    identifyOperator(identity, options);
    RefundDesk::MainWindow window(&identity);
    if (!options.screenshot.isEmpty())
        return runScreenshot(app, window, options);
    window.show();
    openFirstStore(window, options);
    return app.exec();
}

} // namespace

int main(int argc, char **argv)
{
#ifdef RD_TEST_SEAMS
    // refund-desk-testing only: the faults the test that started it asked for.
    RefundDesk::Test::injectFaultsFromEnvironment();
#endif
    if (!RefundDesk::Translations::takeLanguageOption(argc, argv))
        return exitUsage;
    setApplicationNames();
    ConsoleOptions options;
    if (const auto code = runWithoutWindow(argc, argv, options))
        return *code;
    return runConsole(argc, argv, options);
}
