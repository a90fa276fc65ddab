// The command line without a display: help, the version, every command, and the console
// saying it cannot open.

#include "tst_cli.h"
#include "testpaths.h"

namespace {

// What a failed Qt platform plugin prints before it aborts the process.
bool mentionsPlatformPlugin(const QString &errors)
{
    return errors.contains(QStringLiteral("platform plugin")) || errors.contains(QStringLiteral("qt.qpa"));
}

} // namespace

QStringList tst_Cli::listedCommands()
{
    const CliRun run = runRefundDesk({"--help"}, 60'000, environmentWithoutDisplay());
    const QRegularExpression line(QStringLiteral("Subcommands \\(headless\\): ([a-z, -]+)\\."));
    const QString commands = line.match(run.outText()).captured(1);
    return commands.split(QStringLiteral(", "), Qt::SkipEmptyParts);
}

void tst_Cli::helpNeedsNoDisplay()
{
    const CliRun run = runRefundDesk({"--help"}, 60'000, environmentWithoutDisplay());
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.outText().contains(QStringLiteral("--db <PATH>")), run.out.constData());
    QVERIFY2(!mentionsPlatformPlugin(run.err), qPrintable(run.err));
    // Each of them is run without a display in everyCommandRunsWithoutADisplay().
    QCOMPARE(listedCommands(), QStringList({"ask-stripe", "claim", "copy", "demo", "export", "import-events", "init", "note", "queue",
                                            "reconcile", "release", "resolve", "resolve-from-evidence", "show", "sync-events",
                                            "upgrade", "verify"}));
}

void tst_Cli::versionNamesTheBuild()
{
    const CliRun run = runRefundDesk({"--version"}, 60'000, environmentWithoutDisplay());
    QCOMPARE(run.exitCode, 0);
    const QStringList lines = run.outText().split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 4);
    QCOMPARE(lines.at(0), QStringLiteral("refund-desk " RD_PROJECT_VERSION));

    // The commit of the checkout it was built from ("-dirty" with uncommitted changes).
    QProcess git;
    git.start(QStringLiteral("git"), {QStringLiteral("-C"), Test::sourceDir(), "rev-parse", "--short=12", "HEAD"});
    const bool inCheckout = git.waitForFinished(10'000) && git.exitStatus() == QProcess::NormalExit
        && git.exitCode() == 0;
    const QString head = QString::fromLatin1(git.readAllStandardOutput()).trimmed();
    QVERIFY2(lines.at(1).startsWith(QStringLiteral("commit ")), qPrintable(lines.at(1)));
    const QString commit = lines.at(1).mid(7);
    if (inCheckout) {
        QVERIFY2(QRegularExpression(QStringLiteral("^[0-9a-f]{12}(-dirty)?$")).match(commit).hasMatch(),
                 qPrintable(commit));
        QVERIFY2(commit.startsWith(head), qPrintable(commit + QStringLiteral(" vs HEAD ") + head));
    } else {
        QVERIFY2(commit.startsWith(QStringLiteral("unknown")), qPrintable(commit));
    }

    QCOMPARE(lines.at(2), QStringLiteral("Qt %1 (built with %2)").arg(QString::fromLatin1(qVersion()),
                                                                      QStringLiteral(QT_VERSION_STR)));
    QCOMPARE(lines.at(3), QStringLiteral("SQLite %1").arg(QString::fromLatin1(sqlite3_libversion())));
}

void tst_Cli::everyCommandRunsWithoutADisplay()
{
    QFile events(m_dir->filePath(QStringLiteral("events.json")));
    QVERIFY(events.open(QIODevice::WriteOnly));
    events.write("[]");
    events.close();
    const QString store = db();
    const QString created = m_dir->filePath(QStringLiteral("created.sqlite"));
    const QString demo = m_dir->filePath(QStringLiteral("demo.sqlite"));
    // In this order: each one changes the store the next one sees.
    const std::pair<QStringList, int> runs[] = {
        {{"init", "--db", created}, 0},
        {{"demo", "--db", demo, "--operations", "40", "--seed", "2"}, 0},
        {{"copy", "--from", demo, "--to", m_dir->filePath(QStringLiteral("copy.sqlite"))}, 0},
        {{"queue", "--db", store}, 0},
        {{"queue", "--db", store, "--json"}, 0},
        {{"show", "op_5521", "--db", store}, 0},
        {{"upgrade", "--db", store}, 0},
        {{"note", "op_5521", "--db", store, "--operator", "ann", "--text", "asked support"}, 0},
        {{"claim", "op_5521", "--db", store, "--operator", "ann"}, 0},
        {{"release", "op_5521", "--db", store, "--operator", "ann"}, 0},
        {{"resolve", "op_5521", "--db", store, "--operator", "ann", "--outcome", "failed", "--evidence", "dashboard"}, 0},
        {{"import-events", events.fileName(), "--db", store}, 0},
        // Refused before it asks anything: plain http to another machine would send the key.
        {{"sync-events", "--db", store, "--stripe-api-base", "http://stripe.example.com"}, 5},
        {{"ask-stripe", "op_5521", "--db", store, "--operator", "ann", "--stripe-api-base", "http://stripe.example.com"}, 5},
        {{"reconcile", "--db", store, "--operator", "ann", "--stripe-api-base", "http://stripe.example.com"}, 5},
        {{"export", "--db", store, "--format", "json"}, 0},
        {{"verify", "--db", demo}, 0},
        {{"resolve-from-evidence", "--db", store, "--operator", "ann", "--note", "nothing settled"}, 5},
    };
    QStringList ran;
    for (const auto &[arguments, exitCode] : runs) {
        const CliRun run = runRefundDesk(arguments, 60'000, environmentWithoutDisplay());
        QVERIFY2(run.exitCode == exitCode, qPrintable(arguments.join(u' ') + QStringLiteral(": ") + run.err));
        QVERIFY2(!mentionsPlatformPlugin(run.err), qPrintable(run.err));
        ran << arguments.constFirst();
    }
    QVERIFY(QFileInfo::exists(created));
    QVERIFY(QFileInfo::exists(demo));
    QCOMPARE(m_store->queryInt(QStringLiteral("SELECT count(*) FROM resolutions")), 1);

    // Every command listed, each with its --help.
    const QStringList commands = listedCommands();
    QVERIFY(!commands.isEmpty());
    for (const QString &command : commands) {
        QVERIFY2(ran.contains(command), qPrintable(command + QStringLiteral(" was not run without a display")));
        const CliRun help = runRefundDesk({command, "--help"}, 60'000, environmentWithoutDisplay());
        QVERIFY2(help.exitCode == 0, qPrintable(command + QStringLiteral(" --help: ") + help.err));
        QVERIFY2(help.outText().contains(QStringLiteral("--help")), qPrintable(command));
    }
}

void tst_Cli::consoleWithoutADisplaySaysSo_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("platform");
    QTest::newRow("no display at all") << QStringList() << QString();
    QTest::newRow("QT_QPA_PLATFORM=xcb") << QStringList() << QStringLiteral("xcb");
    QTest::newRow("-platform xcb") << QStringList({"-platform", "xcb"}) << QString();
    QTest::newRow("-platform wayland") << QStringList({"-platform", "wayland"}) << QString();
}

void tst_Cli::consoleWithoutADisplaySaysSo()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, platform);
    QProcessEnvironment environment = environmentWithoutDisplay();
    if (!platform.isEmpty())
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), platform);
    const CliRun run = runRefundDesk(arguments + QStringList({"--db", db(), "--operator", "ann"}), 60'000, environment);
    QCOMPARE(run.exitCode, 2);
    QCOMPARE(run.err.count(u'\n'), 1);
    QVERIFY2(run.err.startsWith(QStringLiteral("refund-desk: cannot open the console: ")), qPrintable(run.err));
    QVERIFY2(run.err.contains(QStringLiteral("DISPLAY")), qPrintable(run.err));
    QVERIFY(run.out.isEmpty());
}
