// refund-desk: the console, or a headless subcommand (DESIGN.md, "Command line").

#include "cli.h"
#include "mainwindow.h"
#include "operationpanel.h"
#include "operatoridentity.h"
#include "recentstores.h"
#include "theme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QPixmap>
#include <QTextStream>
#include <QTimer>

#include <cstdio>

namespace {

constexpr int exitUsage = 2;
constexpr int exitStore = 3;

QStringList rawArguments(int argc, char **argv)
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments.append(QString::fromLocal8Bit(argv[i]));
    return arguments;
}

void setApplicationNames()
{
    QCoreApplication::setOrganizationName(QStringLiteral("RefundDesk"));
    QCoreApplication::setOrganizationDomain(QStringLiteral("refunddesk.example"));
    QCoreApplication::setApplicationName(QStringLiteral("refund-desk"));
    QCoreApplication::setApplicationVersion(QStringLiteral(REFUND_DESK_VERSION));
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
    parser.setApplicationDescription(QStringLiteral(
        "Refund Desk: the console for refunds whose outcome nobody knows.\n"
        "Subcommands (headless): init, demo, queue, show, claim, release, resolve, import-events, export, verify."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption db(QStringLiteral("db"), QStringLiteral("The store to open."), QStringLiteral("PATH"));
    const QCommandLineOption demo(QStringLiteral("demo"), QStringLiteral("Build a fresh demo store and open it."));
    const QCommandLineOption readOnly(QStringLiteral("read-only"), QStringLiteral("Open the store for reading only."));
    const QCommandLineOption operatorName(QStringLiteral("operator"), QStringLiteral("Who is at the desk."),
                                          QStringLiteral("NAME"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Render the window once loaded to a PNG and exit."),
                                        QStringLiteral("PNG"));
    const QCommandLineOption select(QStringLiteral("select"),
                                    QStringLiteral("With --screenshot: the operation to show (default: the first)."),
                                    QStringLiteral("OPERATION_ID"));
    parser.addOptions({db, demo, readOnly, operatorName, screenshot, select});

    QTextStream err(stderr);
    if (!parser.parse(arguments)) {
        err << "refund-desk: " << parser.errorText() << "\nTry 'refund-desk --help'.\n";
        return exitUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        QTextStream(stdout) << parser.helpText();
        return 0;
    }
    if (parser.isSet(QStringLiteral("version"))) {
        QTextStream(stdout) << "refund-desk " << QCoreApplication::applicationVersion() << '\n';
        return 0;
    }
    if (!parser.positionalArguments().isEmpty()) {
        err << "refund-desk: unknown command '" << parser.positionalArguments().constFirst()
            << "'\nTry 'refund-desk --help'.\n";
        return exitUsage;
    }
    if (parser.isSet(db) && parser.isSet(demo)) {
        err << "refund-desk: give either --db PATH or --demo, not both.\n";
        return exitUsage;
    }
    if (parser.isSet(select) && !parser.isSet(screenshot)) {
        err << "refund-desk: --select goes with --screenshot.\n";
        return exitUsage;
    }
    if (parser.isSet(operatorName) && parser.value(operatorName).trimmed().isEmpty()) {
        err << "refund-desk: --operator needs a name.\n";
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

// Renders the window once its operation is shown, writes the PNG and ends the program.
void takeScreenshot(RefundDesk::MainWindow &window, const ConsoleOptions &options)
{
    QTextStream err(stderr);
    if (!options.select.isEmpty()) {
        if (!window.showOperation(options.select)) {
            err << "refund-desk: " << window.lastError() << "\n";
            err << "refund-desk: cannot show operation " << options.select << ": "
                << window.panel()->noticeText() << "\n";
            QCoreApplication::exit(exitUsage);
            return;
        }
    } else {
        window.selectFirst();
    }
    // Let layouts and the first paint settle before grabbing.
    QTimer::singleShot(50, &window, [&window, options] {
        const QPixmap picture = window.grab();
        if (!picture.save(options.screenshot, "PNG")) {
            QTextStream(stderr) << "refund-desk: cannot write the screenshot to " << options.screenshot
                                << ". Check that the folder exists and can be written.\n";
            QCoreApplication::exit(1);
            return;
        }
        QCoreApplication::exit(0);
    });
}

int runConsole(int argc, char **argv)
{
    QApplication app(argc, argv);
    ConsoleOptions options;
    if (const auto code = parseConsoleOptions(QApplication::arguments(), options))
        return *code;
    const bool screenshot = !options.screenshot.isEmpty();

    RefundDesk::Theme::apply(RefundDesk::Theme::saved());

    // --operator, else the saved display name, else the login name: a fresh console can
    // claim and record at once. Asked only when the system gives no login name.
    RefundDesk::OperatorIdentity identity;
    identity.chooseAtStart(options.operatorName);
    if (!identity.isKnown() && !screenshot && !options.readOnly)
        identity.ask(nullptr);

    RefundDesk::MainWindow window(&identity);
    if (screenshot) {
        window.setShowErrorDialogs(false);
        window.resize(1366, 768);
        QObject::connect(&window, &RefundDesk::MainWindow::errorReported, &window,
                         [](const QString &title, const QString &message) {
                             QTextStream(stderr) << "refund-desk: " << title << ": " << message << "\n";
                         });
    }
    window.show();

    if (screenshot) {
        if (options.demo) {
            QObject::connect(&window, &RefundDesk::MainWindow::storeOpened, &window,
                             [&window, options] { takeScreenshot(window, options); });
            QObject::connect(&window, &RefundDesk::MainWindow::errorReported, &window,
                             [] { QCoreApplication::exit(exitStore); });
            window.openDemoStore();
        } else if (!options.db.isEmpty()) {
            if (!window.openStore(options.db, options.readOnly))
                return exitStore;
        }
        if (!options.demo)
            QTimer::singleShot(0, &window, [&window, options] { takeScreenshot(window, options); });
        return app.exec();
    }

    if (options.demo) {
        window.openDemoStore();
    } else if (!options.db.isEmpty()) {
        window.openStore(options.db, options.readOnly);
    } else {
        // Back to where the person left off, if that store is still there.
        const QStringList recent = RefundDesk::RecentStores().paths();
        if (!recent.isEmpty() && QFileInfo::exists(recent.constFirst()))
            window.openStore(recent.constFirst(), options.readOnly);
    }
    return app.exec();
}

} // namespace

int main(int argc, char **argv)
{
    setApplicationNames();
    const QStringList arguments = rawArguments(argc, argv);
    if (RefundDesk::Cli::isSubcommand(arguments)) {
        QCoreApplication app(argc, argv);
        return RefundDesk::Cli::run(QCoreApplication::arguments());
    }
    return runConsole(argc, argv);
}
