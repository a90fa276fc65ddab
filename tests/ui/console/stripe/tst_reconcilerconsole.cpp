// What the console says of the reconciler, with no Stripe key of its own: the status bar
// tells when Stripe was last checked, that the reconciler stopped, or that its last pass
// failed and what to do; the panel says who asked Stripe for the answer the evidence rests
// on and how long ago. Both come from what the reconciler stored, read with the queue's
// counts and the panel's reading, and say the time again as it passes (an injected clock).

#include "consolewait.h"
#include "isolatedsettings.h"
#include "teststore.h"

#include "domain/reconcilepassrecord.h"
#include "items/reconcilertext.h"
#include "ui/common/theme.h"
#include "ui/console/shell/consolestatusbar.h"
#include "ui/console/panel/evidenceview.h"
#include "ui/console/panel/lookupsourcelabel.h"
#include "ui/console/shell/mainwindow.h"
#include "ui/console/panel/operationpanel.h"
#include "ui/console/deciding/operatoridentity.h"
#include "ui/console/queue/queuepane.h"
#include "ui/console/queue/queueviewcounts.h"
#include "ui/console/stripe/reconcilerlabel.h"

#include <QDateTime>
#include <QTemporaryDir>
#include <QtTest>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

constexpr qint64 Minute = 60'000;

// A complete listing that found the operation's refund succeeded, kept `askedAt` by
// `operatorName`; marked as the reconciler's when `byReconciler`.
QString lookupInsert(const QString &operationId, const QString &operatorName, qint64 askedAt, bool byReconciler)
{
    const QString mark = byReconciler ? QStringLiteral(",\"asked_by\":\"reconciler\"") : QString();
    return QStringLiteral("INSERT INTO provider_lookups (operation_id, provider, asked_at, operator, window_from, "
                          "window_to, requests, result, response_sha256) VALUES ('%1', 'stripe', %2, '%3', %4, %5, '[]', "
                          "'{\"complete\":true,\"method\":\"list\",\"refunds\":[{\"id\":\"re_%1\",\"status\":\"succeeded\","
                          "\"amount\":3800,\"currency\":\"usd\",\"created\":%6,\"operation_id\":\"%1\"}],\"missing\":[],"
                          "\"summary\":\"\"%7}', '%8')")
        .arg(operationId)
        .arg(askedAt)
        .arg(operatorName)
        .arg(askedAt - 4 * 3600'000)
        .arg(askedAt - 3600'000)
        .arg(askedAt / 1000 - 2 * 3600)
        .arg(mark, QString(64, QLatin1Char('a')));
}

QString recordMeta(const ReconcilePassRecord &record)
{
    return QStringLiteral("INSERT INTO store_meta (key, value) VALUES ('%1', '%2') ON CONFLICT (key) DO UPDATE SET "
                          "value = excluded.value")
        .arg(ReconcilePassRecord::MetaKey, record.toMetaValue());
}

} // namespace

class tst_ReconcilerConsole : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        useIsolatedSettings(m_dir.filePath(QStringLiteral("settings")), QStringLiteral("tst_reconcilerconsole"));
        qunsetenv("STRIPE_API_KEY"); // the console has no key: all it shows is what is stored
    }
    void cleanup() { QVERIFY(QApplication::topLevelWidgets().isEmpty()); }

    void statusBarFollowsTheReconcilersLastPass();
    void panelSaysWhoAskedStripe_data();
    void panelSaysWhoAskedStripe();
    void noPassYetSaysHowToRunOne();

private:
    std::unique_ptr<MainWindow> openConsole(const QString &path)
    {
        m_identity.useForThisRun(QStringLiteral("alice"));
        auto window = std::make_unique<MainWindow>(&m_identity);
        window->setShowErrorDialogs(false);
        if (!openInConsole(*window, path))
            return nullptr;
        return window;
    }

    QTemporaryDir m_dir;
    OperatorIdentity m_identity;
};

void tst_ReconcilerConsole::statusBarFollowsTheReconcilersLastPass()
{
    const QString path = m_dir.filePath(QStringLiteral("status.sqlite"));
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    // Kept open: the reconciler writes beside the console.
    TestStore store(path);
    QVERIFY2(store.isValid(), qPrintable(store.lastError()));
    QVERIFY(store.addOperation(TestStore::operation(QStringLiteral("op_a"), OperationStatus::Unknown, now - 3600'000)));
    ReconcilePassRecord checked;
    checked.finishedAtMs = now - 3 * Minute;
    checked.answers = 2;
    QVERIFY2(store.exec(recordMeta(checked)), qPrintable(store.lastError()));

    auto window = openConsole(path);
    QVERIFY(window);
    ReconcilerLabel *label = window->consoleStatusBar()->reconcilerLabel();
    qint64 clock = now;
    label->setClock([&clock] { return clock; });
    QTRY_VERIFY(label->isVisibleTo(window.get()));
    QCOMPARE(label->text(), QStringLiteral("Stripe checked 3 min ago"));
    QVERIFY2(label->toolTip().contains(QLatin1String("kept 2 answer")), qPrintable(label->toolTip()));
    QCOMPARE(label->property("tone").toInt(), int(Theme::Tone::Neutral));
    // One statement brings it with the counts: no read of its own.
    const int reads = window->queuePane()->viewCounts()->reads();

    // Time passes: the label says it again by itself, with nothing read.
    label->setTickInterval(10);
    clock = now + 2 * Minute;
    QTRY_COMPARE(label->text(), QStringLiteral("Stripe checked 5 min ago"));
    clock = now + 62 * Minute;
    QTRY_COMPARE(label->text(), QStringLiteral("Stripe last checked 1 h ago: the reconciler has not run since"));
    QCOMPARE(label->property("tone").toInt(), int(Theme::Tone::Warning));
    QVERIFY2(label->toolTip().contains(QLatin1String("refund-desk-reconcile.timer")), qPrintable(label->toolTip()));
    QCOMPARE(window->queuePane()->viewCounts()->reads(), reads);

    // The next pass fails (a revoked key): every console says so, and what to do.
    clock = now;
    ReconcilePassRecord failed;
    failed.finishedAtMs = now - Minute;
    failed.ok = false;
    failed.failure = QStringLiteral("Stripe refused the key (401): it is wrong or was revoked; create a restricted key "
                                    "with Refunds: Read and Events: Read in the Dashboard (Developers, API keys) and use "
                                    "that one (request req_1).");
    QVERIFY2(store.exec(recordMeta(failed)), qPrintable(store.lastError()));
    window->refreshNow();
    QVERIFY(waitForConsole(*window));
    QTRY_VERIFY2(label->text().startsWith(QLatin1String("Stripe check failed 1 min ago: Stripe refused the key (401)")),
                 qPrintable(label->text()));
    QCOMPARE(label->property("tone").toInt(), int(Theme::Tone::Danger));
    QVERIFY2(label->toolTip().contains(failed.failure), qPrintable(label->toolTip()));
    QVERIFY2(label->toolTip().contains(QLatin1String("journalctl --user -u refund-desk-reconcile")), qPrintable(label->toolTip()));
    QVERIFY(label->accessibleDescription().contains(failed.failure));
    QVERIFY(window->queuePane()->viewCounts()->reads() > reads);

    // Fixed: the next pass that goes well takes its place.
    ReconcilePassRecord again;
    again.finishedAtMs = now;
    QVERIFY2(store.exec(recordMeta(again)), qPrintable(store.lastError()));
    window->refreshNow();
    QVERIFY(waitForConsole(*window));
    QTRY_COMPARE(label->text(), QStringLiteral("Stripe checked just now"));
    QCOMPARE(label->property("tone").toInt(), int(Theme::Tone::Neutral));
    window.reset();
}

void tst_ReconcilerConsole::panelSaysWhoAskedStripe_data()
{
    QTest::addColumn<QString>("operatorName");
    QTest::addColumn<bool>("byReconciler");
    QTest::addColumn<QString>("before");
    QTest::addColumn<QString>("after");
    QTest::newRow("the reconciler on SQLite") << QStringLiteral("reconciler") << true
                                              << QStringLiteral("Stripe's answer: asked by the reconciler 4 min ago")
                                              << QStringLiteral("Stripe's answer: asked by the reconciler 2 h ago");
    QTest::newRow("the reconciler's login") << QStringLiteral("stripe_sync") << true
                                            << QStringLiteral("Stripe's answer: asked by the reconciler (stripe_sync) 4 min ago")
                                            << QStringLiteral("Stripe's answer: asked by the reconciler (stripe_sync) 2 h ago");
    QTest::newRow("a person") << QStringLiteral("bob") << false
                              << QStringLiteral("Stripe's answer: asked by bob 4 min ago")
                              << QStringLiteral("Stripe's answer: asked by bob 2 h ago");
    // A person named like the reconciler is not the reconciler: the mark says who asked.
    QTest::newRow("a person named reconciler") << QStringLiteral("reconciler") << false
                                               << QStringLiteral("Stripe's answer: asked by reconciler 4 min ago")
                                               << QStringLiteral("Stripe's answer: asked by reconciler 2 h ago");
}

void tst_ReconcilerConsole::panelSaysWhoAskedStripe()
{
    QFETCH(QString, operatorName);
    QFETCH(bool, byReconciler);
    QFETCH(QString, before);
    QFETCH(QString, after);
    const QString path = m_dir.filePath(QStringLiteral("panel_%1.sqlite").arg(QString::fromLatin1(QTest::currentDataTag())).replace(u' ', u'_'));
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    {
        TestStore store(path);
        QVERIFY2(store.isValid(), qPrintable(store.lastError()));
        // op_answered: Stripe's answer settles it; op_event: a webhook event does.
        QVERIFY(store.addOperation(TestStore::operation(QStringLiteral("op_answered"), OperationStatus::Unknown, now - 3 * 3600'000)));
        QVERIFY(store.addOperation(TestStore::operation(QStringLiteral("op_event"), OperationStatus::Unknown, now - 3 * 3600'000)));
        QVERIFY2(store.exec(lookupInsert(QStringLiteral("op_answered"), operatorName, now - 4 * Minute, byReconciler)),
                 qPrintable(store.lastError()));
        WebhookEvent event;
        event.eventId = QStringLiteral("evt_1");
        event.type = QStringLiteral("refund.updated");
        event.created = now / 1000 - 3600;
        event.receivedAt = now - 3600'000;
        event.operationId = QStringLiteral("op_event");
        event.refundId = QStringLiteral("re_event");
        event.payload = TestStore::refundEventPayload(event.eventId, event.type, QStringLiteral("re_event"),
                                                      QStringLiteral("succeeded"), 3800, QStringLiteral("usd"),
                                                      QStringLiteral("op_event"), QStringLiteral("key-op_event"),
                                                      *event.created);
        QVERIFY(store.addEvent(event));
    }
    auto window = openConsole(path);
    QVERIFY(window);
    LookupSourceLabel *source = window->panel()->evidenceView()->lookupSource();
    qint64 clock = now;
    source->setClock([&clock] { return clock; });

    QVERIFY(showAndWait(*window, QStringLiteral("op_answered")));
    // Refunded on Stripe's answer alone: no key was needed to see it.
    QVERIFY(window->panel()->evidenceView()->verdictText().contains(QLatin1String("REFUNDED")));
    QVERIFY(source->isVisibleTo(window.get()));
    QCOMPARE(source->text(), before);
    QVERIFY2(source->toolTip().contains(operatorName), qPrintable(source->toolTip()));
    source->setTickInterval(10);
    clock = now + 2 * 3600'000;
    QTRY_COMPARE(source->text(), after);

    // Evidence from a webhook: nobody asked, and nothing is said of it.
    QVERIFY(showAndWait(*window, QStringLiteral("op_event")));
    QVERIFY(window->panel()->evidenceView()->verdictText().contains(QLatin1String("REFUNDED")));
    QVERIFY(!source->isVisibleTo(window.get()));
    QCOMPARE(source->text(), QString());
    window.reset();
}

void tst_ReconcilerConsole::noPassYetSaysHowToRunOne()
{
    const QString path = m_dir.filePath(QStringLiteral("never.sqlite"));
    // Kept open: the first pass is written beside the console.
    TestStore store(path);
    QVERIFY2(store.isValid(), qPrintable(store.lastError()));
    QVERIFY(store.addOperation(TestStore::operation(QStringLiteral("op_a"), OperationStatus::Unknown,
                                                    QDateTime::currentMSecsSinceEpoch() - 3600'000)));
    // A row that does not read as a record is no record.
    QVERIFY(store.exec(QStringLiteral("INSERT INTO store_meta (key, value) VALUES ('%1', 'garbled')")
                           .arg(ReconcilePassRecord::MetaKey)));
    auto window = openConsole(path);
    QVERIFY(window);
    QTRY_VERIFY(window->queuePane()->viewCounts()->counts().has_value());
    QVERIFY(!window->queuePane()->viewCounts()->counts()->lastReconcilePass.has_value());
    // The store has counts but no pass: the status bar says so, quietly, and how to run one.
    ReconcilerLabel *label = window->consoleStatusBar()->reconcilerLabel();
    QTRY_VERIFY(label->isVisibleTo(window.get()));
    QCOMPARE(label->text(), QStringLiteral("Reconciler: no pass yet"));
    QCOMPARE(label->property("tone").toInt(), int(Theme::Tone::Neutral));
    QVERIFY2(label->toolTip().contains(QLatin1String("refund-desk reconcile --db")), qPrintable(label->toolTip()));
    QVERIFY2(label->toolTip().contains(QLatin1String("systemctl --user enable --now refund-desk-reconcile.timer")),
             qPrintable(label->toolTip()));
    QVERIFY(label->accessibleDescription().contains(QLatin1String("refund-desk reconcile --db")));
    // A screen reader hears no claim that Stripe was checked before any pass.
    QCOMPARE(label->accessibleName(), QStringLiteral("Reconciler"));
    QVERIFY2(label->accessibleDescription().startsWith(QLatin1String("Reconciler: no pass yet")),
             qPrintable(label->accessibleDescription()));

    // The first pass ends: its word takes the place of the hint.
    ReconcilePassRecord first;
    first.finishedAtMs = QDateTime::currentMSecsSinceEpoch();
    QVERIFY2(store.exec(recordMeta(first)), qPrintable(store.lastError()));
    window->refreshNow();
    QVERIFY(waitForConsole(*window));
    QTRY_COMPARE(label->text(), QStringLiteral("Stripe checked just now"));

    window.reset();

    // Without a store (the status bar's no record at all) the label says nothing.
    ReconcilerLabel bare;
    bare.setNoPassYet();
    QVERIFY(!bare.isHidden());
    bare.setRecord(std::nullopt);
    QVERIFY(bare.isHidden());
    QCOMPARE(bare.text(), QString());
}

QTEST_MAIN(tst_ReconcilerConsole)
#include "tst_reconcilerconsole.moc"
