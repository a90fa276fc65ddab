// Ask Stripe in the console, against the fake Stripe: the answer is kept and shows in the
// operation's History; the window keeps answering while Stripe is slow; a refused key says
// its sentence and keeps nothing; the key appears in no text the window shows.
#include "isolatedsettings.h"
#include "teststore.h"
#include "consolewait.h"
#include "fakestripe.h"
#include "loopticker.h"

#include "domain/money.h"
#include "items/historymodel.h"
#include "ui/common/bannerlabel.h"
#include "ui/console/stripe/askstripeflow.h"
#include "ui/console/stripe/askstriperunner.h"
#include "ui/console/shell/consolemenus.h"
#include "ui/console/stripe/consolestripekey.h"
#include "ui/console/panel/evidenceview.h"
#include "ui/console/stripe/stripekeyring.h"
#include "ui/console/stripe/stripelinks.h"
#include "ui/console/panel/historyview.h"
#include "ui/console/shell/mainwindow.h"
#include "ui/console/panel/operationpanel.h"
#include "ui/console/deciding/operatoridentity.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QTableView>
#include <QDateTime>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QMenuBar>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

using namespace RefundDesk;
using RefundDesk::Test::TestStore;
using RefundDesk::Testing::FakeStripe;

namespace {

const QByteArray TestKey = "rk_test_51QxConsoleAskKeyNeverShown0123456789";

int askedRows(MainWindow &window)
{
    const HistoryModel *model = window.panel()->historyView()->model();
    int rows = 0;
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->index(row, 0).data(HistoryModel::KindRole).toString() == QLatin1String("asked"))
            ++rows;
    }
    return rows;
}

// Every text the window shows or would read out: titles, labels, buttons, actions, tips.
QString everyText(MainWindow &window)
{
    QStringList texts{window.windowTitle(), window.statusBar()->currentMessage()};
    for (QWidget *widget : window.findChildren<QWidget *>()) {
        texts << widget->windowTitle() << widget->toolTip() << widget->accessibleName() << widget->accessibleDescription();
        if (auto *label = qobject_cast<QLabel *>(widget))
            texts << label->text();
        if (auto *button = qobject_cast<QAbstractButton *>(widget))
            texts << button->text();
    }
    for (QAction *action : window.findChildren<QAction *>())
        texts << action->text() << action->toolTip() << action->statusTip();
    return texts.join(QLatin1Char('\n'));
}

// A keyring in memory; `present` false plays a desktop without one.
class FakeKeyring final : public StripeKeyring
{
public:
    QHash<QString, QByteArray> keys;
    bool present = true;
    int reads = 0;

    void read(const QString &location, ReadDone done) override
    {
        ++reads;
        if (!present)
            done(Found::NoKeyring, {}, QStringLiteral("The desktop's keyring cannot be used (no Secret Service)."));
        else if (keys.contains(location))
            done(Found::Key, keys.value(location), {});
        else
            done(Found::None, {}, {});
    }
    void write(const QString &location, const QByteArray &key, WriteDone done) override
    {
        if (!present) {
            done(QStringLiteral("The desktop's keyring cannot be used (no Secret Service)."));
            return;
        }
        keys.insert(location, key);
        done({});
    }
    void forget(const QString &location, WriteDone done) override
    {
        keys.remove(location);
        done({});
    }
};

} // namespace

class tst_AskStripeConsole : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void theAnswerIsKeptAndShownInHistory();
    void theWindowKeepsAnsweringWhileStripeIsSlow();
    void aRefusedKeySaysSoAndKeepsNothing();
    void aCaseForSupportGoesToTheClipboard();
    void anEventOpensItsDashboardPage();
    void theKeyComesFromTheKeyring();
    void aKeyTypedIsKeptInTheKeyring();
    void withoutAKeyringTheKeyIsAskedOnce();

private:
    std::unique_ptr<MainWindow> openWindow();
    AskStripeFlow *flowOf(MainWindow &window) { return window.findChild<AskStripeFlow *>(); }

    QTemporaryDir m_settingsDir;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<FakeStripe> m_fake;
    std::unique_ptr<OperatorIdentity> m_identity;
    QString m_db;
};

void tst_AskStripeConsole::initTestCase()
{
    QVERIFY(m_settingsDir.isValid());
    Test::useIsolatedSettings(m_settingsDir.path(), QStringLiteral("tst_askstripeconsole"));
}

void tst_AskStripeConsole::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_db = m_dir->filePath(QStringLiteral("store.sqlite"));
    m_fake = std::make_unique<FakeStripe>();
    QVERIFY(m_fake->listenOnLoopback());
    m_fake->setAcceptedKey(TestKey);
    qputenv("STRIPE_API_KEY", TestKey);
    qputenv("STRIPE_API_BASE", m_fake->baseUrl().toUtf8());

    // op_known: an attempt that timed out and an event naming its refund re_known, which
    // Stripe says has succeeded since.
    const qint64 startedMs = (QDateTime::currentSecsSinceEpoch() - 7200) * 1000;
    TestStore store(m_db);
    QVERIFY(store.isValid());
    Operation operation = TestStore::operation(QStringLiteral("op_known"));
    operation.createdAt = startedMs - 1000;
    QVERIFY2(store.addOperation(operation), qPrintable(store.lastError()));
    Attempt attempt;
    attempt.operationId = operation.operationId;
    attempt.attemptNo = 1;
    attempt.toolCallId = QStringLiteral("toolu_op_known");
    attempt.startedAt = startedMs;
    attempt.finishedAt = startedMs + 30'000;
    attempt.outcome = AttemptOutcome::Timeout;
    QVERIFY2(store.addAttempt(attempt), qPrintable(store.lastError()));
    const qint64 created = startedMs / 1000 + 2;
    WebhookEvent event;
    event.eventId = QStringLiteral("evt_known");
    event.type = QStringLiteral("refund.created");
    event.created = created;
    event.receivedAt = created * 1000 + 500;
    event.payload = TestStore::refundEventPayload(event.eventId, event.type, QStringLiteral("re_known"),
                                                  QStringLiteral("pending"), 3800, QStringLiteral("usd"),
                                                  QStringLiteral("op_known"), QStringLiteral("key-op_known"), created);
    event.operationId = QStringLiteral("op_known");
    event.refundId = QStringLiteral("re_known");
    QVERIFY2(store.addEvent(event), qPrintable(store.lastError()));
    QCOMPARE(m_fake->truth().addRefund(
                 QStringLiteral(R"({"id":"re_known","object":"refund","amount":3800,"currency":"usd","status":"succeeded",)"
                                R"("created":%1,"metadata":{"operation_id":"op_known"},"payment_intent":"pi_test"})")
                     .arg(created)
                     .toUtf8()),
             QString());
}

void tst_AskStripeConsole::cleanup()
{
    QTRY_VERIFY2(QApplication::topLevelWidgets().isEmpty(), "a window or dialog was left open");
    QCOMPARE(m_fake->refusedRequests(), QStringList()); // nothing but GET
    m_identity.reset();
    m_fake.reset();
    m_dir.reset();
    qunsetenv("STRIPE_API_KEY");
    qunsetenv("STRIPE_API_BASE");
}

std::unique_ptr<MainWindow> tst_AskStripeConsole::openWindow()
{
    m_identity = std::make_unique<OperatorIdentity>();
    m_identity->useForThisRun(QStringLiteral("alice"));
    auto window = std::make_unique<MainWindow>(m_identity.get());
    window->setShowErrorDialogs(false);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return {};
    if (!Test::openInConsole(*window, m_db, false, QStringLiteral("op_known")))
        return {};
    if (window->panel()->operationId() != QLatin1String("op_known"))
        return {};
    return window;
}

void tst_AskStripeConsole::theAnswerIsKeptAndShownInHistory()
{
    auto window = openWindow();
    QVERIFY(window);
    AskStripeFlow *flow = flowOf(*window);
    QVERIFY(flow);
    QVERIFY(flow->askAction()->isEnabled());
    QCOMPARE(flow->askAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_K));
    QVERIFY(window->menus()->menu(ConsoleMenus::Menu::Operation)->actions().contains(flow->askAction()));
    QVERIFY(!flow->button()->accessibleName().isEmpty());
    QCOMPARE(askedRows(*window), 0);
    // The event says pending: the line under the evidence says what that allows.
    QCOMPARE(window->panel()->evidenceView()->nextStepText(),
             QStringLiteral("Refund re_known has not finished at Stripe: nothing to record yet; ask Stripe again later "
                            "(Ctrl+K)."));

    QTest::keyClick(window.get(), Qt::Key_K, Qt::ControlModifier);
    QTRY_VERIFY(!flow->runner()->isBusy());
    QTRY_COMPARE(askedRows(*window), 1);
    // One box says what Stripe answered: the evidence's, in its colours, with its amount as
    // the window writes money (never Stripe's minor units) and its time in local time; the
    // status bar says only that the answer was kept.
    EvidenceView *evidence = window->panel()->evidenceView();
    QTRY_VERIFY2(evidence->verdictText().contains(QLatin1String("(lookup 1, asked at ")), qPrintable(evidence->verdictText()));
    const QString answer = evidence->verdictText();
    QVERIFY2(answer.contains(QStringLiteral("refund re_known of %1 has status succeeded")
                                 .arg(Money::display(3800, QStringLiteral("usd")))),
             qPrintable(answer));
    QVERIFY2(!answer.contains(QLatin1String("3800")), qPrintable(answer));
    QVERIFY2(!answer.contains(QLatin1String("UTC")), qPrintable(answer));
    QVERIFY(!flow->statusLine()->isVisible());
    QVERIFY2(window->statusBar()->currentMessage().contains(QLatin1String("kept as lookup #1")),
             qPrintable(window->statusBar()->currentMessage()));
    // What it allows next, in one line; the notice never asks for a claim to ask Stripe.
    QCOMPARE(evidence->nextStepText(),
             QStringLiteral("Stripe shows refund re_known succeeded: record refunded (Ctrl+R), or leave it to the "
                            "batch (Ctrl+Shift+R)."));
    QVERIFY2(!window->panel()->noticeText().contains(QLatin1String("before you ask")),
             qPrintable(window->panel()->noticeText()));
    QCOMPARE(m_fake->requestCount(), 1);
    // Its event names its payment: the payment's refunds are listed, in one request.
    QCOMPARE(m_fake->requests().front().pathAndQuery, QStringLiteral("/v1/refunds?payment_intent=pi_test&limit=100"));
    QVERIFY2(!everyText(*window).contains(QString::fromLatin1(TestKey)), "the key is shown");
    window->close();
}

void tst_AskStripeConsole::theWindowKeepsAnsweringWhileStripeIsSlow()
{
    auto window = openWindow();
    QVERIFY(window);
    AskStripeFlow *flow = flowOf(*window);
    QVERIFY(flow);
    m_fake->setDelayMs(1500);

    // The fake Stripe lives on this thread, the window's: a window that waited for Stripe
    // here would never get its answer. What is counted is that this thread's event loop
    // kept turning while the question was out, and never inside a loop of the ask's own.
    Test::LoopTicker ticker;
    ticker.start();
    flow->askAction()->trigger();
    QVERIFY(flow->runner()->isBusy());
    QVERIFY(!flow->askAction()->isEnabled()); // one question at a time
    QVERIFY2(flow->statusLine()->text().startsWith(QLatin1String("Asking Stripe about op_known")),
             qPrintable(flow->statusLine()->text()));
    // Meanwhile the panel still works: it reads the operation again and shows it.
    const qint64 ticksBefore = ticker.ticks();
    window->refreshNow();
    QVERIFY(Test::waitForConsole(*window));
    QVERIFY2(flow->runner()->isBusy(), "Stripe answered before the window was used: the count proves nothing");
    QTRY_VERIFY_WITH_TIMEOUT(!flow->runner()->isBusy(), 60000);
    ticker.stop();
    QVERIFY2(ticker.ticks() > ticksBefore + 10, qPrintable(QString::number(ticker.ticks() - ticksBefore)));
    QCOMPARE(ticker.nestedTicks(), qint64(0));
    QCOMPARE(m_fake->requestCount(), 1);
    QTRY_COMPARE(askedRows(*window), 1);
    window->close();
}

void tst_AskStripeConsole::aRefusedKeySaysSoAndKeepsNothing()
{
    m_fake->setAcceptedKey("rk_test_51QxSomeOtherKeyThatStripeAccepts000000");
    auto window = openWindow();
    QVERIFY(window);
    AskStripeFlow *flow = flowOf(*window);
    QVERIFY(flow);
    flow->askAction()->trigger();
    QTRY_VERIFY(!flow->runner()->isBusy());
    const QString said = flow->statusLine()->text();
    QVERIFY2(said.startsWith(QLatin1String("Stripe refused the key (401)")), qPrintable(said));
    QVERIFY2(said.endsWith(QLatin1String("Nothing was kept.")), qPrintable(said));
    QVERIFY(flow->askAction()->isEnabled()); // may be asked again once the key is put right
    window->refreshNow();
    QVERIFY(Test::waitForConsole(*window));
    QCOMPARE(askedRows(*window), 0);
    QVERIFY2(!everyText(*window).contains(QString::fromLatin1(TestKey)), "the key is shown");
    window->close();
}

void tst_AskStripeConsole::aCaseForSupportGoesToTheClipboard()
{
    auto window = openWindow();
    QVERIFY(window);
    AskStripeFlow *flow = flowOf(*window);
    QVERIFY(flow);
    QCOMPARE(flow->copyCaseAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
    QApplication::clipboard()->clear();
    QTest::keyClick(window.get(), Qt::Key_K, Qt::ControlModifier | Qt::ShiftModifier);
    const QString text = QApplication::clipboard()->text();
    QVERIFY2(text.contains(QLatin1String("Refund for operation op_known")), qPrintable(text));
    QVERIFY(text.contains(QLatin1String("Idempotency-Key: ")));
    QVERIFY(text.contains(QLatin1String("Refund ids seen: re_known")));
    QVERIFY(!text.contains(QString::fromLatin1(TestKey)));
    window->close();
}

void tst_AskStripeConsole::anEventOpensItsDashboardPage()
{
    auto window = openWindow();
    QVERIFY(window);
    AskStripeFlow *flow = flowOf(*window);
    QVERIFY(flow);
    QList<QUrl> opened;
    flow->links()->setOpener([&opened](const QUrl &url) {
        opened << url;
        return true;
    });
    QTableView *events = window->panel()->evidenceView()->table();
    QVERIFY(events->model()->rowCount() > 0);
    QVERIFY(flow->links()->openFrom(events->model()->index(0, 0)));
    QCOMPARE(opened.size(), 1);
    QVERIFY2(opened.front().toString().startsWith(QLatin1String("https://dashboard.stripe.com/test/")),
             qPrintable(opened.front().toString()));
    QVERIFY2(opened.front().path().endsWith(QLatin1String("/events/evt_known"))
                 || opened.front().path().endsWith(QLatin1String("/refunds/re_known")),
             qPrintable(opened.front().toString()));
    window->close();
}

void tst_AskStripeConsole::theKeyComesFromTheKeyring()
{
    qunsetenv("STRIPE_API_KEY");
    auto window = openWindow();
    QVERIFY(window);
    AskStripeFlow *flow = flowOf(*window);
    auto *keyring = new FakeKeyring;
    keyring->keys.insert(m_db, TestKey);
    flow->key()->setKeyring(keyring);
    flow->askAction()->trigger();
    QTRY_VERIFY(!flow->runner()->isBusy());
    QTRY_COMPARE(askedRows(*window), 1);
    QVERIFY(!flow->key()->dialog()); // no dialog when the keyring has it
    QCOMPARE(keyring->reads, 1);
    QVERIFY2(!everyText(*window).contains(QString::fromLatin1(TestKey)), "the key is shown");
    window->close();
}

void tst_AskStripeConsole::aKeyTypedIsKeptInTheKeyring()
{
    qunsetenv("STRIPE_API_KEY");
    auto window = openWindow();
    QVERIFY(window);
    AskStripeFlow *flow = flowOf(*window);
    auto *keyring = new FakeKeyring;
    flow->key()->setKeyring(keyring);
    flow->askAction()->trigger();
    QTRY_VERIFY(flow->key()->dialog());
    StripeKeyDialog *dialog = flow->key()->dialog();
    QCOMPARE(dialog->keyField()->echoMode(), QLineEdit::Password);
    QTest::keyClicks(dialog->keyField(), QString::fromLatin1("not a key"));
    auto *save = dialog->findChild<QPushButton *>(QStringLiteral("saveKeyButton"));
    QVERIFY(save);
    save->click();
    QVERIFY(dialog->isVisible()); // refused, and said why
    dialog->keyField()->clear();
    QTest::keyClicks(dialog->keyField(), QString::fromLatin1(TestKey));
    save->click();
    QTRY_VERIFY(!flow->key()->dialog());
    QTRY_COMPARE(askedRows(*window), 1);
    QCOMPARE(keyring->keys.value(m_db), TestKey);
    QVERIFY2(!everyText(*window).contains(QString::fromLatin1(TestKey)), "the key is shown");
    window->close();
}

void tst_AskStripeConsole::withoutAKeyringTheKeyIsAskedOnce()
{
    qunsetenv("STRIPE_API_KEY");
    auto window = openWindow();
    QVERIFY(window);
    AskStripeFlow *flow = flowOf(*window);
    auto *keyring = new FakeKeyring;
    keyring->present = false;
    flow->key()->setKeyring(keyring);
    flow->askAction()->trigger();
    QTRY_VERIFY(flow->key()->dialog());
    StripeKeyDialog *dialog = flow->key()->dialog();
    bool saysWhy = false;
    for (QLabel *label : dialog->findChildren<QLabel *>())
        saysWhy = saysWhy || label->text().contains(QLatin1String("keyring cannot be used"));
    QVERIFY(saysWhy);
    QTest::keyClicks(dialog->keyField(), QString::fromLatin1(TestKey));
    dialog->findChild<QPushButton *>(QStringLiteral("saveKeyButton"))->click();
    QTRY_COMPARE(askedRows(*window), 1);
    QTRY_VERIFY(!flow->runner()->isBusy());
    // Asked again in the same session: the key is remembered, no dialog.
    flow->askAction()->trigger();
    QVERIFY(!flow->key()->dialog());
    QTRY_VERIFY(!flow->runner()->isBusy());
    QTRY_COMPARE(askedRows(*window), 2);
    QVERIFY(keyring->keys.isEmpty());
    window->close();
}

QTEST_MAIN(tst_AskStripeConsole)
#include "tst_askstripeconsole.moc"
