// A primary and its synchronous hot standby: every reading command and the console work
// on the standby (the console follows the primary by the replay position, and says how far
// behind it is), every writing command there stops saying to use the primary, and decisions
// made through a two-host location ride out the primary's loss: every one acknowledged is
// on the promoted standby, its chain checks out, and the console finds the new primary by
// itself. One pair of servers for the whole test; the failover, which ends the pair, last.

#include "clirun.h"
#include "isolatedsettings.h"
#include "pgtestserver.h"
#include "consolewait.h"

#include "demo/demostore.h"
#include "items/queuemodel.h"
#include "store/standbystatus.h"
#include "store/store.h"
#include "ui/console/shell/liverefresher.h"
#include "ui/console/shell/mainwindow.h"
#include "ui/console/deciding/operatoridentity.h"
#include "ui/console/queue/queuepane.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

const QString Database = QStringLiteral("desk");
const QString StandbySentence = QStringLiteral("is a standby server");

QStringList decision(const QString &operationId, const QString &location, const QString &note)
{
    return {"resolve", operationId, "--db", location, "--outcome", "failed", "--evidence", "dashboard",
            "--override-evidence", "--note", note};
}

} // namespace

class tst_PgStandby : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void lagIsSaidPlainly_data();
    void lagIsSaidPlainly();
    void readingCommandsWorkOnTheStandby_data();
    void readingCommandsWorkOnTheStandby();
    void copyFromTheStandbyKeepsTheChain();
    void writingCommandsOnTheStandbyPointToThePrimary_data();
    void writingCommandsOnTheStandbyPointToThePrimary();
    void onlyStandbysAnsweringIsSaidPlainly();
    void consoleOnTheStandbyFollowsThePrimary();
    void failoverKeepsEveryAcknowledgedDecision();

private:
    QString primaryLocation(const QString &user = QLatin1String(PgTestServer::SuperUser)) const
    {
        return m_primary->location(Database, user);
    }
    QString standbyLocation(const QString &user = QLatin1String(PgTestServer::SuperUser)) const
    {
        return m_standby->location(Database, user);
    }
    // Both servers, the one that takes writes chosen by libpq: what docs/OPERATIONS.md tells
    // ("Running with a standby").
    QString twoHostLocation() const
    {
        return QStringLiteral("host=%1,%2 port=%3,%4 dbname=%5 user=%6 target_session_attrs=read-write")
            .arg(m_primary->socketDir(), m_standby->socketDir())
            .arg(m_primary->port())
            .arg(m_standby->port())
            .arg(Database, QLatin1String(PgTestServer::SuperUser));
    }
    // Waits until the standby has replayed everything the primary has written so far.
    bool standbyCaughtUp();

    QTemporaryDir m_dir;
    std::unique_ptr<PgTestServer> m_primary;
    std::unique_ptr<PgTestServer> m_standby;
};

void tst_PgStandby::initTestCase()
{
    useIsolatedSettings(m_dir.filePath(QStringLiteral("settings")), QStringLiteral("tst_pgstandby"));
    m_primary = std::make_unique<PgTestServer>();
    QVERIFY2(m_primary->isRunning(), qPrintable(m_primary->lastError()));
    m_standby = std::make_unique<PgTestServer>(*m_primary, PgTestServer::Replication::Synchronous);
    QVERIFY2(m_standby->isRunning(), qPrintable(m_standby->lastError()));
    QCOMPARE(m_standby->query(QStringLiteral("postgres"), QStringLiteral("SELECT pg_is_in_recovery()")),
             QStringLiteral("t"));

    QVERIFY(m_primary->createDatabase(Database));
    SimulationOptions options;
    options.operations = 1000;
    options.seed = 11;
    options.nowMs = 1'767'225'600'000;
    auto demo = DemoStore::generate(primaryLocation(), options, {});
    QVERIFY2(demo, qPrintable(demo ? QString() : demo.error().message));
    // Finance audits with a login that may only read.
    QVERIFY2(m_primary->applyRoles(Database), qPrintable(m_primary->lastError()));
    QVERIFY(m_primary->exec(QStringLiteral("postgres"),
                            QStringLiteral("CREATE ROLE finance LOGIN IN ROLE refund_desk_audit")));
    QVERIFY(standbyCaughtUp());
}

void tst_PgStandby::lagIsSaidPlainly_data()
{
    QTest::addColumn<qint64>("lagMs"); // -1: nothing replayed
    QTest::addColumn<bool>("receiving");
    QTest::addColumn<bool>("promoted");
    QTest::addColumn<QString>("text");
    QTest::newRow("caught up") << qint64(0) << true << false
                               << QStringLiteral("up to date with the primary");
    QTest::newRow("under a second") << qint64(999) << true << false
                                    << QStringLiteral("up to date with the primary");
    QTest::newRow("seconds") << qint64(3'400) << true << false
                             << QStringLiteral("3 s behind the primary");
    QTest::newRow("minutes") << qint64(600'000) << true << false
                             << QStringLiteral("10 min behind the primary");
    QTest::newRow("hours") << qint64(3 * 3'600'000) << true << false
                           << QStringLiteral("3 h behind the primary");
    QTest::newRow("cut off") << qint64(75'000) << false << false
                             << QStringLiteral("not receiving from the primary; the last change replayed was made 75 s ago");
    QTest::newRow("nothing replayed") << qint64(-1) << true << false
                                      << QStringLiteral("nothing replayed from the primary yet");
    QTest::newRow("promoted") << qint64(0) << false << true
                              << QStringLiteral("promoted to primary since it was opened; open the store again to "
                                                "record in it");
}

void tst_PgStandby::lagIsSaidPlainly()
{
    QFETCH(qint64, lagMs);
    QFETCH(bool, receiving);
    QFETCH(bool, promoted);
    QFETCH(QString, text);
    StandbyStatus status;
    if (lagMs >= 0)
        status.lagMs = lagMs;
    status.receiving = receiving;
    status.promoted = promoted;
    QCOMPARE(status.lagText(), text);
}

bool tst_PgStandby::standbyCaughtUp()
{
    const QString written = m_primary->query(QStringLiteral("postgres"), QStringLiteral("SELECT pg_current_wal_lsn()"));
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < 60'000) {
        const QString behind = m_standby->query(
            QStringLiteral("postgres"), QStringLiteral("SELECT pg_last_wal_replay_lsn() >= '%1'::pg_lsn").arg(written));
        if (behind == QLatin1String("t"))
            return true;
        QThread::msleep(50);
    }
    qWarning("the standby did not replay up to %s within a minute", qPrintable(written));
    return false;
}

void tst_PgStandby::readingCommandsWorkOnTheStandby_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("login");
    const QString owner = QString::fromLatin1(PgTestServer::SuperUser);
    const QString finance = QStringLiteral("finance"); // refund_desk_audit: reads only
    QTest::newRow("queue") << QStringList{"queue", "--json"} << owner;
    QTest::newRow("show") << QStringList{"show", "op_5521", "--json"} << owner;
    QTest::newRow("export json") << QStringList{"export", "--format", "json"} << owner;
    QTest::newRow("export csv") << QStringList{"export", "--format", "csv"} << owner;
    QTest::newRow("verify") << QStringList{"verify"} << owner;
    QTest::newRow("queue, audit login") << QStringList{"queue", "--json"} << finance;
    QTest::newRow("export, audit login") << QStringList{"export", "--format", "json"} << finance;
    QTest::newRow("verify, audit login") << QStringList{"verify"} << finance;
}

void tst_PgStandby::readingCommandsWorkOnTheStandby()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, login);
    QVERIFY(standbyCaughtUp());
    const CliRun onStandby = runRefundDesk(arguments + QStringList{"--db", standbyLocation(login)});
    QVERIFY2(onStandby.exitCode == 0, qPrintable(onStandby.err));
    QVERIFY2(!onStandby.err.contains(QLatin1String("read-only, so nothing")), qPrintable(onStandby.err));
    // The replica says what the primary says, byte for byte.
    const CliRun onPrimary = runRefundDesk(arguments + QStringList{"--db", primaryLocation(login)});
    QVERIFY2(onPrimary.exitCode == 0, qPrintable(onPrimary.err));
    QVERIFY(!onPrimary.out.isEmpty());
    if (arguments.first() == QLatin1String("verify"))
        QCOMPARE(lineWith(onStandby.outText(), QStringLiteral("store invariants hold")),
                 lineWith(onPrimary.outText(), QStringLiteral("store invariants hold")));
    else
        QCOMPARE(onStandby.out, onPrimary.out);
}

void tst_PgStandby::copyFromTheStandbyKeepsTheChain()
{
    QVERIFY(standbyCaughtUp());
    const QString file = m_dir.filePath(QStringLiteral("from-standby.sqlite"));
    const CliRun copied = runRefundDesk({"copy", "--from", standbyLocation(), "--to", file}, 300'000);
    QVERIFY2(copied.exitCode == 0, qPrintable(copied.err));
    const QString head = lineWith(runRefundDesk({"verify", "--db", primaryLocation()}).outText(),
                                  QStringLiteral("store invariants hold"));
    QVERIFY(!head.isEmpty());
    QCOMPARE(lineWith(runRefundDesk({"verify", "--db", file}).outText(), QStringLiteral("store invariants hold")), head);
}

void tst_PgStandby::writingCommandsOnTheStandbyPointToThePrimary_data()
{
    const QString events = m_dir.filePath(QStringLiteral("events.json"));
    QFile file(events);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"([{"id":"evt_standby_1","type":"refund.updated","created":1767225000,"data":{"object":{"id":"re_sb","object":"refund","status":"succeeded","amount":100,"currency":"usd","metadata":{"operation_id":"op_5521"}}}}])");
    file.close();

    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("claim") << QStringList{"claim", "op_5521"};
    QTest::newRow("release") << QStringList{"release", "op_5521"};
    QTest::newRow("resolve") << QStringList{"resolve", "op_5521", "--outcome", "failed", "--evidence", "dashboard",
                                            "--override-evidence", "--note", "on the standby"};
    QTest::newRow("import-events") << QStringList{"import-events", events};
}

void tst_PgStandby::writingCommandsOnTheStandbyPointToThePrimary()
{
    QFETCH(QStringList, arguments);
    const QString state = QStringLiteral("SELECT status || ' ' || version FROM refund_ops WHERE operation_id = 'op_5521'");
    const QString before = m_primary->query(Database, state);
    QCOMPARE(before.section(u' ', 0, 0), QStringLiteral("unknown"));
    const CliRun run = runRefundDesk(arguments + QStringList{"--db", standbyLocation()});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(StandbySentence), qPrintable(run.err));
    QVERIFY2(run.err.contains(QLatin1String("Use the primary")), qPrintable(run.err));
    QVERIFY2(run.err.contains(QLatin1String("target_session_attrs=read-write")), qPrintable(run.err));
    QCOMPARE(m_primary->query(Database, state), before);
    QCOMPARE(m_primary->query(Database, QStringLiteral("SELECT count(*) FROM webhook_events WHERE event_id = "
                                                       "'evt_standby_1'")),
             QStringLiteral("0"));
}

void tst_PgStandby::onlyStandbysAnsweringIsSaidPlainly()
{
    // What a decision meets in a failover before the standby is promoted.
    const QString location = standbyLocation() + QStringLiteral(" target_session_attrs=read-write");
    const CliRun run = runRefundDesk(decision(QStringLiteral("op_5521"), location, QStringLiteral("no primary")));
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(QLatin1String("takes writes now: those that answered are standbys")), qPrintable(run.err));
    QVERIFY2(run.err.contains(QLatin1String("Nothing was written")), qPrintable(run.err));
}

void tst_PgStandby::consoleOnTheStandbyFollowsThePrimary()
{
    OperatorIdentity identity;
    MainWindow window(&identity);
    window.setShowErrorDialogs(false);
    window.refresher()->setInterval(100);
    // Asked for writing, as File › Open does: a standby opens read-only all the same.
    QVERIFY2(RefundDesk::Test::openInConsole(window, standbyLocation(), false), qPrintable(window.lastError()));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.isReadOnly());

    auto *banner = window.findChild<QLabel *>(QStringLiteral("readOnlyBanner"));
    auto *standby = window.findChild<QLabel *>(QStringLiteral("standbyLabel"));
    auto *live = window.findChild<QLabel *>(QStringLiteral("liveLabel"));
    QVERIFY(banner && standby && live);
    QVERIFY(banner->isVisible());
    QVERIFY2(banner->text().contains(QLatin1String("standby server")), qPrintable(banner->text()));
    QVERIFY2(banner->text().contains(QLatin1String("when opened")), qPrintable(banner->text()));
    QVERIFY(standby->isVisible());
    QVERIFY2(standby->text().startsWith(QStringLiteral("Standby · ")), qPrintable(standby->text()));
    QVERIFY2(standby->text().contains(QLatin1String("primary")), qPrintable(standby->text()));

    // A decision on the primary: the standby's console shows it by itself.
    QueueModel *queue = window.queuePane()->model();
    const QStringList unknown = queueIds(runRefundDesk({"queue", "--db", primaryLocation(), "--json"}),
                                         QStringLiteral("unknown"));
    QVERIFY(unknown.size() >= 2);
    const QString id = unknown.first();
    QVERIFY(queue->rowOf(id) >= 0);
    const CliRun decided = runRefundDesk(decision(id, primaryLocation(), QStringLiteral("seen on the standby")));
    QVERIFY2(decided.exitCode == 0, qPrintable(decided.err));
    QTRY_VERIFY_WITH_TIMEOUT(queue->rowOf(id) < 0, 15'000);
    QVERIFY2(live->text().startsWith(QStringLiteral("Live · changed")), qPrintable(live->text()));
    // Streaming, and everything received replayed: no delay to speak of.
    QTRY_COMPARE_WITH_TIMEOUT(standby->text(), QStringLiteral("Standby · up to date with the primary"), 10'000);
    window.close();
}

void tst_PgStandby::failoverKeepsEveryAcknowledgedDecision()
{
    const QString twoHosts = twoHostLocation();
    QStringList ids = queueIds(runRefundDesk({"queue", "--db", twoHosts, "--json"}), QStringLiteral("unknown"));
    QVERIFY2(ids.size() >= 19, qPrintable(QString::number(ids.size())));
    const QString watched = ids.at(18); // decided once the new primary is in place
    ids = ids.mid(0, 18);
    const qint64 before = m_primary->queryInt(Database, QStringLiteral("SELECT count(*) FROM resolutions"));

    // The console on the two-host location, writing to the primary.
    OperatorIdentity identity;
    MainWindow window(&identity);
    window.setShowErrorDialogs(false);
    window.refresher()->setInterval(100);
    QVERIFY2(RefundDesk::Test::openInConsole(window, twoHosts, false), qPrintable(window.lastError()));
    QVERIFY(!window.isReadOnly());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *live = window.findChild<QLabel *>(QStringLiteral("liveLabel"));
    QVERIFY(live);

    // One decision after another, as an operator's script makes them: one that cannot be
    // made (no server takes writes) is tried again a moment later, until it is made.
    struct Outcome
    {
        int exitCode = -1;
        bool afterPromotion = false;
        int tries = 0;
        QString err;
    };
    std::vector<Outcome> outcomes(size_t(ids.size()));
    std::atomic<int> acknowledged = 0;
    std::atomic<bool> promoted = false;
    std::unique_ptr<QThread> decider(QThread::create([&] {
        QElapsedTimer watchdog;
        watchdog.start();
        for (int i = 0; i < ids.size(); ++i) {
            Outcome &outcome = outcomes[size_t(i)];
            while (watchdog.elapsed() < 240'000) {
                const bool wasPromoted = promoted;
                const CliRun run = runRefundDesk(decision(ids[i], twoHosts, QStringLiteral("failover %1").arg(i)));
                ++outcome.tries;
                outcome.exitCode = run.exitCode;
                outcome.err = run.err;
                outcome.afterPromotion = wasPromoted;
                if (run.exitCode != 3)
                    break;
                QThread::msleep(100);
            }
            if (outcome.exitCode == 0)
                ++acknowledged;
        }
    }));
    decider->start();
    // Whatever fails below, the decisions end before what they use goes.
    const auto joined = qScopeGuard([&] { decider->wait(); });

    // A third of the way in, the primary goes and the standby takes its place.
    QTRY_VERIFY_WITH_TIMEOUT(acknowledged >= 6, 120'000);
    QVERIFY2(m_primary->stop(), qPrintable(m_primary->lastError()));
    QVERIFY2(m_standby->promote(), qPrintable(m_standby->lastError()));
    promoted = true;
    QVERIFY(decider->wait(300'000));

    // Every decision acknowledged is on the new primary; none is there twice.
    int afterPromotion = 0;
    for (int i = 0; i < ids.size(); ++i) {
        const Outcome &outcome = outcomes[size_t(i)];
        // 4: its COMMIT was made but its answer lost with the primary; tried again, the
        // decision is found already made.
        QVERIFY2(outcome.exitCode == 0 || (outcome.exitCode == 4 && outcome.tries > 1),
                 qPrintable(QStringLiteral("%1: exit %2 after %3 tries: %4")
                                .arg(ids[i]).arg(outcome.exitCode).arg(outcome.tries).arg(outcome.err)));
        if (outcome.exitCode == 0 && outcome.afterPromotion)
            ++afterPromotion;
        const QString count = m_standby->query(
            Database, QStringLiteral("SELECT count(*) FROM resolutions WHERE operation_id = '%1'").arg(ids[i]));
        QVERIFY2(count == QLatin1String("1"), qPrintable(QStringLiteral("%1: %2 resolutions").arg(ids[i], count)));
    }
    qInfo("%d decisions acknowledged, %d of them by the promoted standby", int(acknowledged), afterPromotion);
    QVERIFY(acknowledged >= 6);
    QVERIFY(afterPromotion >= 1);
    QCOMPARE(m_standby->queryInt(Database, QStringLiteral("SELECT count(*) FROM resolutions")),
             before + ids.size());
    QCOMPARE(m_standby->query(QStringLiteral("postgres"), QStringLiteral("SELECT pg_is_in_recovery()")),
             QStringLiteral("f"));

    // The chain checks out on the new primary, through the same location.
    const CliRun verify = runRefundDesk({"verify", "--db", twoHosts});
    QVERIFY2(verify.exitCode == 0, qPrintable(verify.err + verify.outText()));
    QVERIFY(verify.outText().contains(QLatin1String("store invariants hold")));

    // The console found the new primary by itself: live again, and a decision made there
    // shows without anyone reopening anything.
    QTRY_VERIFY2_WITH_TIMEOUT(live->text().startsWith(QStringLiteral("Live ·")),
                              qPrintable(live->text()), 30'000);
    QVERIFY(!window.isReadOnly());
    QueueModel *queue = window.queuePane()->model();
    QTRY_VERIFY_WITH_TIMEOUT(queue->rowOf(ids.first()) < 0, 15'000);
    QVERIFY(queue->rowOf(watched) >= 0);
    const CliRun last = runRefundDesk(decision(watched, twoHosts, QStringLiteral("after the failover")));
    QVERIFY2(last.exitCode == 0, qPrintable(last.err));
    QTRY_VERIFY_WITH_TIMEOUT(queue->rowOf(watched) < 0, 15'000);
    window.close();
}

QTEST_MAIN(tst_PgStandby)
#include "tst_pgstandby.moc"
