// The headless commands run as a subprocess, the way scripts and other programs use
// them: exit codes and JSON shapes of DESIGN.md, "Command line".

#include "clirun.h"
#include "teststore.h"

#include <sqlite3.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "store/store.h"

using namespace RefundDesk;
using RefundDesk::Test::CliRun;
using RefundDesk::Test::environmentWithoutDisplay;
using RefundDesk::Test::runRefundDesk;
using RefundDesk::Test::TestStore;


namespace {

// A refund event of `operationId` (by metadata and key) as the webhook receiver stores it.
WebhookEvent refundEvent(const Operation &operation, const QString &eventId, const QString &refundId,
                         const QString &status)
{
    WebhookEvent event;
    event.eventId = eventId;
    event.type = QStringLiteral("refund.updated");
    event.created = 1'700'000'000;
    event.receivedAt = 1'700'000'000'500;
    event.operationId = operation.operationId;
    event.idempotencyKey = operation.idempotencyKey;
    event.refundId = refundId;
    event.payload = TestStore::refundEventPayload(eventId, event.type, refundId, status, operation.amountCents,
                                                  operation.currency, operation.operationId,
                                                  operation.idempotencyKey, *event.created);
    return event;
}

} // namespace

class tst_Cli : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void usageErrors_data();
    void usageErrors();
    void initNeverOverwrites();
    void badStoreExitsThree_data();
    void badStoreExitsThree();
    void queueJsonShape();
    void showJsonShape();
    void claimConflictNamesTheWinner();
    void releaseGivesTheOperationBack();
    void resolveRules_data();
    void resolveRules();
    void resolveOnceOnly();
    void helpNeedsNoDisplay();
    void versionNamesTheBuild();
    void everyCommandRunsWithoutADisplay();
    void consoleWithoutADisplaySaysSo_data();
    void consoleWithoutADisplaySaysSo();
    void decidedOperationIsAConflict_data();
    void decidedOperationIsAConflict();
    void resolveFromEvidencePlansThenRecords();
    void resolveFromEvidenceSkipsWhatChangedAfterThePlan();
    void resolveFromEvidenceRacingDecidesEachOnce();

private:
    // The subcommands `refund-desk --help` lists.
    QStringList listedCommands();
    QString db() const { return m_store->path(); }
    // A demo store of 2000 operations at a fixed time.
    QString demoStore(const QString &name);
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<TestStore> m_store;
};

void tst_Cli::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_store = std::make_unique<TestStore>(m_dir->filePath(QStringLiteral("store.sqlite")));
    QVERIFY2(m_store->isValid(), qPrintable(m_store->lastError()));
    Operation reference = TestStore::operation(QStringLiteral("op_5521"));
    reference.orderId = QStringLiteral("4417");
    reference.idempotencyKey = QStringLiteral("c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa");
    QVERIFY(m_store->addOperation(reference));
    QVERIFY(m_store->addOperation(TestStore::operation(QStringLiteral("op_2"), OperationStatus::Checking, 1'700'000'100'000)));
    QVERIFY(m_store->addOperation(TestStore::operation(QStringLiteral("op_3"), OperationStatus::Refunded)));
    Attempt attempt;
    attempt.operationId = QStringLiteral("op_5521");
    attempt.attemptNo = 1;
    attempt.toolCallId = QStringLiteral("toolu_01");
    attempt.startedAt = 1;
    attempt.outcome = AttemptOutcome::Timeout;
    QVERIFY(m_store->addAttempt(attempt));
}

void tst_Cli::usageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("unknown option") << QStringList({"queue", "--db", "x", "--frobnicate"});
    QTest::newRow("queue without db") << QStringList({"queue"});
    QTest::newRow("show without id") << QStringList({"show", "--db", "x"});
    QTest::newRow("batch without note") << QStringList({"resolve-from-evidence", "--db", "x", "--operator", "a"});
    QTest::newRow("batch without operator") << QStringList({"resolve-from-evidence", "--db", "x", "--note", "n"});
    QTest::newRow("batch of pending") << QStringList({"resolve-from-evidence", "--db", "x", "--operator", "a", "--note", "n",
                                                      "--verdict", "pending"});
    QTest::newRow("batch limit zero") << QStringList({"resolve-from-evidence", "--db", "x", "--operator", "a", "--note", "n",
                                                      "--limit", "0"});
    QTest::newRow("bad outcome") << QStringList({"resolve", "op_1", "--db", "x", "--operator", "a", "--outcome", "maybe",
                                                "--evidence", "dashboard"});
}

void tst_Cli::usageErrors()
{
    QFETCH(QStringList, arguments);
    const CliRun run = runRefundDesk(arguments);
    QCOMPARE(run.exitCode, 2);
    QVERIFY(!run.err.isEmpty());
}

void tst_Cli::initNeverOverwrites()
{
    const QString path = m_dir->filePath(QStringLiteral("new.sqlite"));
    CliRun run = runRefundDesk({"init", "--db", path});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(QFileInfo::exists(path));
    run = runRefundDesk({"queue", "--db", path, "--json"});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(run.out).array().size(), 0);
    run = runRefundDesk({"init", "--db", db()});
    QCOMPARE(run.exitCode, 3);
    QVERIFY(run.err.contains(QStringLiteral("already exists")));
    QCOMPARE(m_store->queryInt(QStringLiteral("SELECT count(*) FROM refund_ops")), 3);
}

void tst_Cli::badStoreExitsThree_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("queue") << QStringList({"queue"});
    QTest::newRow("show") << QStringList({"show", "op_1"});
    QTest::newRow("claim") << QStringList({"claim", "op_1", "--operator", "ann"});
    QTest::newRow("resolve") << QStringList({"resolve", "op_1", "--operator", "ann", "--outcome", "failed",
                                             "--evidence", "dashboard"});
}

void tst_Cli::badStoreExitsThree()
{
    QFETCH(QStringList, arguments);
    const QString missing = m_dir->filePath(QStringLiteral("missing.sqlite"));
    CliRun run = runRefundDesk(arguments + QStringList({"--db", missing}));
    QCOMPARE(run.exitCode, 3);
    QVERIFY(run.err.contains(QStringLiteral("does not exist")));
    QVERIFY(!QFileInfo::exists(missing));

    const QString text = m_dir->filePath(QStringLiteral("notes.txt"));
    QFile file(text);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray(2048, 'a'));
    file.close();
    run = runRefundDesk(arguments + QStringList({"--db", text}));
    QCOMPARE(run.exitCode, 3);
    QVERIFY(run.err.contains(QStringLiteral("not an SQLite database")));
}

void tst_Cli::queueJsonShape()
{
    const CliRun run = runRefundDesk({"queue", "--db", db(), "--json"});
    QCOMPARE(run.exitCode, 0);
    QJsonParseError error;
    const QJsonArray rows = QJsonDocument::fromJson(run.out, &error).array();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(rows.size(), 2);
    const QJsonObject first = rows.at(0).toObject();
    for (const char *key : {"operation_id", "order_id", "amount_cents", "currency", "status", "attempts", "created_at",
                            "updated_at", "claimed_by", "key_expires_at"})
        QVERIFY2(first.contains(QLatin1String(key)), key);
    QCOMPARE(first.value("operation_id").toString(), QStringLiteral("op_5521"));
    QCOMPARE(first.value("amount_cents").toInteger(), 3800);
    QVERIFY(first.value("claimed_by").isNull());
    QCOMPARE(first.value("key_expires_at").toInteger(), first.value("created_at").toInteger() + 24 * 3600 * 1000);
    QCOMPARE(rows.at(1).toObject().value("status").toString(), QStringLiteral("checking"));
}

void tst_Cli::showJsonShape()
{
    CliRun run = runRefundDesk({"show", "op_5521", "--db", db(), "--json"});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject object = QJsonDocument::fromJson(run.out).object();
    for (const char *key : {"operation", "attempts", "events", "resolutions"})
        QVERIFY2(object.contains(QLatin1String(key)), key);
    QCOMPARE(object.value("operation").toObject().value("idempotency_key").toString(),
             QStringLiteral("c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa"));
    QCOMPARE(object.value("attempts").toArray().size(), 1);
    QCOMPARE(object.value("attempts").toArray().at(0).toObject().value("outcome").toString(), QStringLiteral("timeout"));

    run = runRefundDesk({"show", "op_404", "--db", db()});
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.err.contains(QStringLiteral("no operation op_404")));
}

void tst_Cli::claimConflictNamesTheWinner()
{
    CliRun run = runRefundDesk({"claim", "op_5521", "--db", db(), "--operator", "ann"});
    QCOMPARE(run.exitCode, 0);
    run = runRefundDesk({"claim", "op_5521", "--db", db(), "--operator", "bob"});
    QCOMPARE(run.exitCode, 4);
    QVERIFY2(run.err.contains(QStringLiteral("ann")), qPrintable(run.err));
    run = runRefundDesk({"claim", "op_5521", "--db", db(), "--operator", "bob", "--take-over"});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(m_store->queryText(QStringLiteral("SELECT claimed_by FROM refund_ops WHERE operation_id = 'op_5521'")),
             QStringLiteral("bob"));
    run = runRefundDesk({"claim", "op_3", "--db", db(), "--operator", "bob"});
    QCOMPARE(run.exitCode, 4);
    run = runRefundDesk({"claim", "op_5521", "--db", db(), "--operator", "  "});
    QCOMPARE(run.exitCode, 5);
}

void tst_Cli::releaseGivesTheOperationBack()
{
    QCOMPARE(runRefundDesk({"claim", "op_5521", "--db", db(), "--operator", "ann"}).exitCode, 0);
    CliRun run = runRefundDesk({"release", "op_5521", "--db", db(), "--operator", "bob"});
    QCOMPARE(run.exitCode, 4);
    run = runRefundDesk({"release", "op_5521", "--db", db(), "--operator", "ann"});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(m_store->queryText(QStringLiteral("SELECT status FROM refund_ops WHERE operation_id = 'op_5521'")),
             QStringLiteral("unknown"));
}

void tst_Cli::resolveRules_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    const QStringList base = {"resolve", "op_5521", "--evidence", "dashboard"};
    QTest::newRow("refunded without refund id") << base + QStringList({"--operator", "ann", "--outcome", "refunded"}) << 5;
    QTest::newRow("empty operator") << base + QStringList({"--operator", "", "--outcome", "failed"}) << 5;
    QTest::newRow("empty evidence") << QStringList({"resolve", "op_5521", "--evidence", " ", "--operator", "ann",
                                                    "--outcome", "failed"}) << 5;
    QTest::newRow("override without note") << base + QStringList({"--operator", "ann", "--outcome", "failed",
                                                                  "--override-evidence"}) << 5;
    QTest::newRow("claimed by someone else") << QStringList({"resolve", "op_2", "--evidence", "dashboard", "--operator",
                                                             "ann", "--outcome", "failed"}) << 4;
    QTest::newRow("already closed") << QStringList({"resolve", "op_3", "--evidence", "dashboard", "--operator", "ann",
                                                    "--outcome", "failed"}) << 4;
    QTest::newRow("failed") << base + QStringList({"--operator", "ann", "--outcome", "failed"}) << 0;
    QTest::newRow("refunded") << base + QStringList({"--operator", "ann", "--outcome", "refunded", "--refund-id",
                                                     "re_1", "--note", "seen in the dashboard"}) << 0;
}

void tst_Cli::resolveRules()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    const CliRun run = runRefundDesk(arguments + QStringList({"--db", db()}));
    QCOMPARE(run.exitCode, exitCode);
    const qint64 resolutions = m_store->queryInt(QStringLiteral("SELECT count(*) FROM resolutions"));
    QCOMPARE(resolutions, exitCode == 0 ? 1 : 0);
    if (exitCode != 0)
        QVERIFY(!run.err.isEmpty());
}

void tst_Cli::resolveOnceOnly()
{
    const QStringList resolve = {"resolve", "op_5521", "--db", db(), "--evidence", "dashboard", "--outcome", "failed"};
    QCOMPARE(runRefundDesk(resolve + QStringList({"--operator", "ann"})).exitCode, 0);
    const CliRun second = runRefundDesk(resolve + QStringList({"--operator", "bob"}));
    QCOMPARE(second.exitCode, 4);
    QVERIFY2(second.err.contains(QStringLiteral("already resolved as failed by ann")), qPrintable(second.err));
    QCOMPARE(m_store->queryInt(QStringLiteral("SELECT count(*) FROM resolutions")), 1);
}

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
                                            "release", "resolve", "resolve-from-evidence", "show", "sync-events",
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
    git.start(QStringLiteral("git"), {"-C", RD_SOURCE_DIR, "rev-parse", "--short=12", "HEAD"});
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

void tst_Cli::decidedOperationIsAConflict_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("conflict"); // a fragment of the message

    // op_5521 was resolved as refunded re_1 by ann, on an event saying re_1 succeeded; the
    // tool closed op_3 as refunded while an event says its refund re_9 failed; "someone"
    // holds op_2, whose refund re_2 succeeded.
    const QString decided = QStringLiteral("already resolved as refunded by ann at ");
    const QStringList bob = {"--operator", "bob", "--evidence", "dashboard"};
    QTest::newRow("decided, contradicting evidence")
        << QStringList({"resolve", "op_5521", "--outcome", "failed"}) + bob << decided;
    QTest::newRow("decided, agreeing evidence")
        << QStringList({"resolve", "op_5521", "--outcome", "refunded", "--refund-id", "re_1"}) + bob << decided;
    QTest::newRow("decided, another refund id")
        << QStringList({"resolve", "op_5521", "--outcome", "refunded", "--refund-id", "re_7"}) + bob << decided;
    QTest::newRow("decided, overridden")
        << QStringList({"resolve", "op_5521", "--outcome", "failed", "--override-evidence", "--note", "reversed"}) + bob
        << decided;
    QTest::newRow("closed by the tool, contradicting evidence")
        << QStringList({"resolve", "op_3", "--outcome", "refunded", "--refund-id", "re_9"}) + bob
        << "already closed as refunded by the refund tool";
    QTest::newRow("closed by the tool, overridden")
        << QStringList({"resolve", "op_3", "--outcome", "refunded", "--refund-id", "re_9", "--override-evidence",
                        "--note", "bank says so"}) + bob
        << "already closed as refunded by the refund tool";
    QTest::newRow("claimed by someone else, contradicting evidence")
        << QStringList({"resolve", "op_2", "--outcome", "failed"}) + bob << "being checked by someone since";
    QTest::newRow("claim, decided") << QStringList({"claim", "op_5521", "--operator", "bob"}) << decided;
    QTest::newRow("claim, decided, taking over")
        << QStringList({"claim", "op_5521", "--operator", "bob", "--take-over"}) << decided;
    QTest::newRow("release, decided") << QStringList({"release", "op_5521", "--operator", "ann"}) << decided;
}

void tst_Cli::decidedOperationIsAConflict()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, conflict);
    Operation reference = TestStore::operation(QStringLiteral("op_5521"));
    reference.idempotencyKey = QStringLiteral("c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa");
    QVERIFY(m_store->addEvent(refundEvent(reference, QStringLiteral("evt_1"), QStringLiteral("re_1"),
                                          QStringLiteral("succeeded"))));
    QVERIFY(m_store->addEvent(refundEvent(TestStore::operation(QStringLiteral("op_3")), QStringLiteral("evt_9"),
                                          QStringLiteral("re_9"), QStringLiteral("failed"))));
    QVERIFY(m_store->addEvent(refundEvent(TestStore::operation(QStringLiteral("op_2")), QStringLiteral("evt_2"),
                                          QStringLiteral("re_2"), QStringLiteral("succeeded"))));
    const CliRun first = runRefundDesk({"resolve", "op_5521", "--db", db(), "--operator", "ann", "--outcome",
                                        "refunded", "--refund-id", "re_1", "--evidence", "webhook:evt_1"});
    QVERIFY2(first.exitCode == 0, qPrintable(first.err));
    const QString before = m_store->queryText(QStringLiteral("SELECT group_concat(operation_id || '/' || status || '/' "
                                                             "|| version, ' ') FROM refund_ops"));

    const CliRun run = runRefundDesk(arguments + QStringList({"--db", db()}));
    QCOMPARE(run.exitCode, 4);
    QVERIFY2(run.err.contains(conflict), qPrintable(run.err));
    // Nothing sends the operator toward an override for what can no longer be decided.
    QVERIFY2(!run.err.contains(QStringLiteral("override")), qPrintable(run.err));
    QCOMPARE(m_store->queryInt(QStringLiteral("SELECT count(*) FROM resolutions")), 1);
    QCOMPARE(m_store->queryText(QStringLiteral("SELECT group_concat(operation_id || '/' || status || '/' || version, "
                                               "' ') FROM refund_ops")),
             before);
}


QString tst_Cli::demoStore(const QString &name)
{
    const QString path = m_dir->filePath(name);
    const CliRun run = runRefundDesk({"demo", "--db", path, "--operations", "2000", "--seed", "7", "--now", "1767225600000"},
                                     300'000);
    if (run.exitCode != 0) {
        qWarning() << run.err;
        return {};
    }
    return path;
}

namespace {

// Every resolution of every operation named, counted by operation.
QMap<QString, qint64> decisionsOf(const QString &path, const QStringList &operationIds)
{
    QMap<QString, qint64> counts;
    auto store = StoreFactory::open(path, Store::OpenMode::ReadOnly);
    if (!store)
        return counts;
    for (const QString &id : operationIds) {
        auto found = (*store)->resolutions(id);
        counts[id] = found ? qint64(found->size()) : -1;
    }
    return counts;
}

QStringList eligibleIds(const CliRun &plan)
{
    QStringList ids;
    for (const QJsonValue &entry : QJsonDocument::fromJson(plan.out).object().value(QLatin1String("eligible")).toArray())
        ids << entry.toObject().value(QLatin1String("operation_id")).toString();
    return ids;
}

// The JSON Lines of a run with --yes: one object per operation, then the summary.
QList<QJsonObject> jsonLines(const CliRun &run)
{
    QList<QJsonObject> lines;
    for (const QByteArray &line : run.out.split('\n')) {
        if (!line.trimmed().isEmpty())
            lines << QJsonDocument::fromJson(line).object();
    }
    return lines;
}

} // namespace

void tst_Cli::resolveFromEvidencePlansThenRecords()
{
    const QString demo = demoStore(QStringLiteral("batch.sqlite"));
    QVERIFY(!demo.isEmpty());
    const QStringList base{"resolve-from-evidence", "--db", demo, "--operator", "ann", "--note", "Settled by webhooks"};

    // The plan records nothing.
    const CliRun plan = runRefundDesk(base + QStringList{"--json"});
    QCOMPARE(plan.exitCode, 0);
    const QJsonObject planned = QJsonDocument::fromJson(plan.out).object();
    const QStringList ids = eligibleIds(plan);
    QVERIFY(ids.size() > 4);
    QVERIFY(!planned.value(QLatin1String("left_out")).toArray().isEmpty());
    qint64 totalCount = 0;
    for (const QJsonValue &total : planned.value(QLatin1String("totals")).toArray())
        totalCount += total.toObject().value(QLatin1String("count")).toInteger();
    QCOMPARE(totalCount, qint64(ids.size()));
    const QJsonObject first = planned.value(QLatin1String("eligible")).toArray().first().toObject();
    QVERIFY(first.value(QLatin1String("evidence")).toString().startsWith(QLatin1String("webhook:evt_")));
    for (qint64 count : decisionsOf(demo, ids))
        QCOMPARE(count, qint64(0));
    const CliRun text = runRefundDesk(base);
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.outText().contains(QRegularExpression(QStringLiteral("^%1 operation.* settled by the evidence:")
                                                           .arg(ids.size()), QRegularExpression::MultilineOption)),
             qPrintable(text.outText()));
    QVERIFY(text.outText().contains(QLatin1String("Run again with --yes")));

    // --limit and --verdict narrow it.
    const CliRun failedOnly = runRefundDesk(base + QStringList{"--json", "--verdict", "failed", "--limit", "2"});
    QCOMPARE(failedOnly.exitCode, 0);
    const QJsonArray two = QJsonDocument::fromJson(failedOnly.out).object().value(QLatin1String("eligible")).toArray();
    QCOMPARE(two.size(), 2);
    for (const QJsonValue &entry : two)
        QCOMPARE(entry.toObject().value(QLatin1String("outcome")).toString(), QStringLiteral("failed"));

    // --yes records each, one line per operation and a summary.
    const CliRun recorded = runRefundDesk(base + QStringList{"--json", "--yes"});
    QVERIFY2(recorded.exitCode == 0, qPrintable(recorded.err));
    const QList<QJsonObject> lines = jsonLines(recorded);
    QCOMPARE(lines.size(), ids.size() + 1);
    for (int i = 0; i < ids.size(); ++i) {
        QCOMPARE(lines[i].value(QLatin1String("operation_id")).toString(), ids[i]);
        QCOMPARE(lines[i].value(QLatin1String("state")).toString(), QStringLiteral("decided"));
        QVERIFY(lines[i].value(QLatin1String("resolution_id")).toInteger() > 0);
    }
    const QJsonObject summary = lines.back().value(QLatin1String("summary")).toObject();
    QCOMPARE(summary.value(QLatin1String("decided")).toInteger(), qint64(ids.size()));
    QCOMPARE(summary.value(QLatin1String("skipped")).toInteger(), qint64(0));
    QVERIFY(summary.value(QLatin1String("note")).toString().contains(QStringLiteral("%1 operations, by ann").arg(ids.size())));
    for (qint64 count : decisionsOf(demo, ids))
        QCOMPARE(count, qint64(1));
    const CliRun verify = runRefundDesk({"verify", "--db", demo});
    QVERIFY2(verify.exitCode == 0, qPrintable(verify.outText() + verify.err));

    // Nothing is left: exit 5, and still nothing recorded twice.
    const CliRun again = runRefundDesk(base + QStringList{"--yes"});
    QCOMPARE(again.exitCode, 5);
    QVERIFY(again.outText().contains(QLatin1String("nothing was recorded")));
    for (qint64 count : decisionsOf(demo, ids))
        QCOMPARE(count, qint64(1));
}

void tst_Cli::resolveFromEvidenceSkipsWhatChangedAfterThePlan()
{
    const QString demo = demoStore(QStringLiteral("changed.sqlite"));
    QVERIFY(!demo.isEmpty());
    const QStringList base{"resolve-from-evidence", "--db", demo, "--operator", "ann", "--note", "Settled"};
    const QStringList ids = eligibleIds(runRefundDesk(base + QStringList{"--json"}));
    QVERIFY(ids.size() > 2);

    // The batch holds after its plan while a colleague claims one operation of it.
    const QString hold = m_dir->filePath(QStringLiteral("hold"));
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("RD_TEST_BATCH_HOLD"), hold);
    QProcess batch;
    batch.setProcessEnvironment(environment);
    batch.start(QStringLiteral(RD_APP_PATH), base + QStringList{"--yes"});
    QVERIFY(batch.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(hold + QStringLiteral(".planned")), 60'000);
    const CliRun claim = runRefundDesk({"claim", ids[1], "--db", demo, "--operator", "bob"});
    QVERIFY2(claim.exitCode == 0, qPrintable(claim.err));
    QFile go(hold + QStringLiteral(".go"));
    QVERIFY(go.open(QIODevice::WriteOnly));
    go.close();
    QVERIFY(batch.waitForFinished(120'000));
    const QString out = QString::fromUtf8(batch.readAllStandardOutput());
    QCOMPARE(batch.exitCode(), 4);
    QVERIFY2(out.contains(ids[1] + QStringLiteral(" skipped: ")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("Decided %1 of %2; 1 skipped").arg(ids.size() - 1).arg(ids.size())), qPrintable(out));
    const QMap<QString, qint64> counts = decisionsOf(demo, ids);
    for (const QString &id : ids)
        QCOMPARE(counts.value(id), id == ids[1] ? qint64(0) : qint64(1));
    QCOMPARE(runRefundDesk({"verify", "--db", demo}).exitCode, 0);
}

void tst_Cli::resolveFromEvidenceRacingDecidesEachOnce()
{
    const QString demo = demoStore(QStringLiteral("race.sqlite"));
    QVERIFY(!demo.isEmpty());
    const QStringList ids = eligibleIds(runRefundDesk(
        {"resolve-from-evidence", "--db", demo, "--operator", "ann", "--note", "n", "--json"}));
    QVERIFY(!ids.isEmpty());
    // Two batches by two operators and single decisions, started together.
    std::vector<std::unique_ptr<QProcess>> racers;
    auto start = [&](const QStringList &arguments) {
        racers.push_back(std::make_unique<QProcess>());
        racers.back()->start(QStringLiteral(RD_APP_PATH), arguments);
    };
    start({"resolve-from-evidence", "--db", demo, "--operator", "ann", "--note", "batch A", "--json", "--yes"});
    start({"resolve-from-evidence", "--db", demo, "--operator", "bob", "--note", "batch B", "--json", "--yes"});
    for (int i = ids.size() - 1; i >= ids.size() - 3 && i >= 0; --i) {
        start({"resolve", ids[i], "--db", demo, "--operator", "carol", "--outcome",
               "failed", "--evidence", "dashboard", "--override-evidence", "--note", "single"});
    }
    qint64 decided = 0;
    for (size_t i = 0; i < racers.size(); ++i) {
        QVERIFY(racers[i]->waitForFinished(120'000));
        const int code = racers[i]->exitCode();
        if (i < 2) {
            QVERIFY2(code == 0 || code == 4 || code == 5, qPrintable(QString::number(code)));
            for (const QJsonObject &line : jsonLines({code, racers[i]->readAllStandardOutput(), {}, 0})) {
                if (line.contains(QLatin1String("summary")))
                    decided += line.value(QLatin1String("summary")).toObject().value(QLatin1String("decided")).toInteger();
            }
        } else {
            QVERIFY2(code == 0 || code == 4 || code == 5, qPrintable(QString::number(code)));
            decided += code == 0 ? 1 : 0;
        }
    }
    QCOMPARE(decided, qint64(ids.size()));
    for (qint64 count : decisionsOf(demo, ids))
        QCOMPARE(count, qint64(1));
    QCOMPARE(runRefundDesk({"verify", "--db", demo}).exitCode, 0);
}

QTEST_GUILESS_MAIN(tst_Cli)
#include "tst_cli.moc"
