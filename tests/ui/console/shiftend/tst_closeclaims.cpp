// Leaving at the end of a shift, driven through the console's real widgets offscreen:
// closing the window while the operator holds claims asks whether to release them (with a
// note on each if one is typed), keep them, or stay; nothing is asked when the operator
// holds none, or when the store is open read-only. On SQLite and on PostgreSQL.

#include "consolewait.h"
#include "isolatedsettings.h"
#include "pgtestserver.h"
#include "teststore.h"

#include "evidence/resolver.h"
#include "store/store.h"
#include "store/storebuilder.h"
#include "store/storecopier.h"
#include "ui/console/shell/liverefresher.h"
#include "ui/console/shell/mainwindow.h"
#include "ui/console/deciding/operatoridentity.h"
#include "ui/console/shiftend/releaseclaimsdialog.h"
#include "ui/console/shiftend/shiftend.h"

#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QDeadlineTimer>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QtTest>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

ReleaseClaimsDialog *waitForDialog(MainWindow &window)
{
    // A watchdog, not a speed limit: a busy machine may take its time to read the claims.
    QDeadlineTimer watchdog(std::chrono::minutes(2));
    ReleaseClaimsDialog *found = nullptr;
    while (!((found = window.findChild<ReleaseClaimsDialog *>()) && found->isVisible()) && !watchdog.hasExpired())
        QTest::qWait(20);
    return found && found->isVisible() ? found : nullptr;
}

// The focusable controls of `dialog` (shown) that a screen reader would find without a name.
QStringList unnamedControls(QWidget *dialog)
{
    QStringList unnamed;
    for (QWidget *widget : dialog->findChildren<QWidget *>()) {
        if (!widget->isVisibleTo(dialog) || !(widget->focusPolicy() & Qt::TabFocus) || widget->focusProxy())
            continue;
        QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(widget);
        if (!iface || iface->text(QAccessible::Name).trimmed().isEmpty())
            unnamed << (widget->objectName().isEmpty() ? QString::fromLatin1(widget->metaObject()->className())
                                                       : widget->objectName());
    }
    return unnamed;
}

} // namespace

class TestCloseClaims : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();

    void releaseAndClose_data();
    void releaseAndClose();
    void keepAndClose_data();
    void keepAndClose();
    void cancelStaysAndAsksAgain();
    void noClaimsNoQuestion();
    void readOnlyStoreNoQuestion();
    void failedReleaseKeepsWindowOpen();
    void dialogIsNamedForScreenReaders();

private:
    void backends();
    // A store on `backend`: op_1 to op_3 unknown, op_4 checking by bob; then `claims` of
    // op_1.. claimed by the operator the store records (the login on PostgreSQL).
    QString makeStore(const QString &backend, int claims);
    std::unique_ptr<MainWindow> openWindow(const QString &location, bool readOnly = false);
    std::unique_ptr<Store> openStore(const QString &location);
    // Claims the operation as `operatorName` (another console, another person).
    bool claimAs(const QString &location, const QString &operationId, const QString &operatorName, bool takeOver);

    QTemporaryDir m_dir;
    std::unique_ptr<PgTestServer> m_server;
    std::unique_ptr<OperatorIdentity> m_identity;
    QString m_operator; // who the store records for the console
    int m_stores = 0;
};

void TestCloseClaims::initTestCase()
{
    QVERIFY(m_dir.isValid());
    useIsolatedSettings(m_dir.filePath(QStringLiteral("settings")), QStringLiteral("tst_closeclaims"));
    // The windows closed here are not the application's end.
    QApplication::setQuitOnLastWindowClosed(false);
    m_server = std::make_unique<PgTestServer>();
    QVERIFY2(m_server->isRunning(), qPrintable(m_server->lastError()));
}

void TestCloseClaims::cleanup()
{
    QTRY_VERIFY2(QApplication::topLevelWidgets().isEmpty(), "a window or dialog was left open");
    m_identity.reset();
}

void TestCloseClaims::backends()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("sqlite") << QStringLiteral("sqlite");
    QTest::newRow("postgresql") << QStringLiteral("postgresql");
}

void TestCloseClaims::releaseAndClose_data()
{
    backends();
}

void TestCloseClaims::keepAndClose_data()
{
    backends();
}

std::unique_ptr<Store> TestCloseClaims::openStore(const QString &location)
{
    auto store = StoreFactory::open(location, Store::OpenMode::ReadWrite);
    if (!store) {
        qWarning() << store.error().message;
        return {};
    }
    return std::move(*store);
}

bool TestCloseClaims::claimAs(const QString &location, const QString &operationId, const QString &operatorName,
                              bool takeOver)
{
    auto store = openStore(location);
    if (!store)
        return false;
    auto operation = store->operation(operationId);
    if (!operation || !*operation)
        return false;
    auto claimed = Resolver(*store).claim(**operation, operatorName, takeOver);
    if (!claimed)
        qWarning() << claimed.error().message;
    return bool(claimed);
}

QString TestCloseClaims::makeStore(const QString &backend, int claims)
{
    const QString path = m_dir.filePath(QStringLiteral("close_%1.sqlite").arg(++m_stores));
    {
        TestStore fixture(path);
        Operation bobs = TestStore::operation(QStringLiteral("op_4"), OperationStatus::Checking);
        bobs.claimedBy = QStringLiteral("bob");
        bobs.claimedAt = bobs.updatedAt;
        if (!fixture.isValid() || !fixture.addOperation(TestStore::operation(QStringLiteral("op_1")))
            || !fixture.addOperation(TestStore::operation(QStringLiteral("op_2")))
            || !fixture.addOperation(TestStore::operation(QStringLiteral("op_3"))) || !fixture.addOperation(bobs)) {
            qWarning() << fixture.lastError();
            return {};
        }
    }
    QString location = path;
    if (backend == QLatin1String("postgresql")) {
        const QString name = QStringLiteral("close_%1").arg(m_stores);
        if (!m_server->createDatabase(name))
            return {};
        location = m_server->location(name);
        auto source = StoreFactory::open(path, Store::OpenMode::ReadOnly);
        auto builder = StoreBuilder::createNew(location);
        if (!source || !builder)
            return {};
        StoreCopier copier(**source, **builder);
        if (!copier.copy() || !(*builder)->finish())
            return {};
    }
    auto store = openStore(location);
    if (!store)
        return {};
    m_operator = store->sessionOperator().isEmpty() ? QStringLiteral("alice") : store->sessionOperator();
    store.reset();
    for (int i = 1; i <= claims; ++i) {
        if (!claimAs(location, QStringLiteral("op_%1").arg(i), m_operator, false))
            return {};
    }
    return location;
}

std::unique_ptr<MainWindow> TestCloseClaims::openWindow(const QString &location, bool readOnly)
{
    m_identity = std::make_unique<OperatorIdentity>();
    m_identity->useForThisRun(QStringLiteral("alice"));
    auto window = std::make_unique<MainWindow>(m_identity.get());
    window->setShowErrorDialogs(false);
    window->refresher()->setInterval(100);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()) || !openInConsole(*window, location, readOnly))
        return {};
    return window;
}

void TestCloseClaims::releaseAndClose()
{
    QFETCH(QString, backend);
    const QString location = makeStore(backend, 2);
    QVERIFY(!location.isEmpty());
    auto window = openWindow(location);
    QVERIFY(window);

    QVERIFY(!window->close()); // asked first
    QVERIFY(window->isVisible());
    ReleaseClaimsDialog *dialog = waitForDialog(*window);
    QVERIFY(dialog);
    QStringList held = dialog->heldIds();
    held.sort();
    QCOMPARE(held, (QStringList{QStringLiteral("op_1"), QStringLiteral("op_2")}));
    QVERIFY(dialog->noteField(QStringLiteral("op_1")));
    QTest::keyClicks(dialog->noteField(QStringLiteral("op_1")), QStringLiteral("Stripe support case 12345 open"));
    QTest::mouseClick(dialog->releaseButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!window->isVisible(), 120000);

    auto store = openStore(location);
    QVERIFY(store);
    for (const QString &id : {QStringLiteral("op_1"), QStringLiteral("op_2")}) {
        auto operation = store->operation(id);
        QVERIFY(operation && *operation);
        QCOMPARE((*operation)->status, OperationStatus::Unknown);
        QVERIFY((*operation)->claimedBy.isEmpty());
    }
    auto bobs = store->operation(QStringLiteral("op_4"));
    QVERIFY(bobs && *bobs);
    QCOMPARE((*bobs)->claimedBy, QStringLiteral("bob")); // someone else's claim is left alone
    auto notes = store->notesOf({QStringLiteral("op_1"), QStringLiteral("op_2")});
    QVERIFY(notes);
    QCOMPARE(int(notes->size()), 1);
    QCOMPARE(notes->front().operationId, QStringLiteral("op_1"));
    QCOMPARE(notes->front().text, QStringLiteral("Stripe support case 12345 open"));
}

void TestCloseClaims::keepAndClose()
{
    QFETCH(QString, backend);
    const QString location = makeStore(backend, 2);
    QVERIFY(!location.isEmpty());
    auto window = openWindow(location);
    QVERIFY(window);

    // File › Quit (Ctrl+Q where the desktop binds it) goes through the same question.
    auto *quit = window->findChild<QAction *>(QStringLiteral("quitAction"));
    QVERIFY(quit);
    quit->trigger();
    ReleaseClaimsDialog *dialog = waitForDialog(*window);
    QVERIFY(dialog);
    QCOMPARE(dialog->heldIds().size(), 2);
    QTest::keyClicks(dialog->noteForAllField(), QStringLiteral("not written when kept"));
    QTest::mouseClick(dialog->keepButton(), Qt::LeftButton);
    QTRY_VERIFY(!window->isVisible());

    auto store = openStore(location);
    QVERIFY(store);
    for (const QString &id : {QStringLiteral("op_1"), QStringLiteral("op_2")}) {
        auto operation = store->operation(id);
        QVERIFY(operation && *operation);
        QCOMPARE((*operation)->status, OperationStatus::Checking);
        QCOMPARE((*operation)->claimedBy, m_operator);
    }
    auto notes = store->notesOf({QStringLiteral("op_1"), QStringLiteral("op_2")});
    QVERIFY(notes);
    QVERIFY(notes->empty());
}

void TestCloseClaims::cancelStaysAndAsksAgain()
{
    const QString location = makeStore(QStringLiteral("sqlite"), 1);
    QVERIFY(!location.isEmpty());
    auto window = openWindow(location);
    QVERIFY(window);

    QVERIFY(!window->close());
    ReleaseClaimsDialog *dialog = waitForDialog(*window);
    QVERIFY(dialog);
    QTest::keyClick(dialog, Qt::Key_Escape); // Cancel
    QTRY_VERIFY(!window->findChild<ReleaseClaimsDialog *>());
    QVERIFY(window->isVisible());

    // Always asked while claims are held: no "don't ask again".
    QVERIFY(!window->close());
    dialog = waitForDialog(*window);
    QVERIFY(dialog);
    QCOMPARE(dialog->heldIds(), QStringList{QStringLiteral("op_1")});
    QTest::mouseClick(dialog->cancelButton(), Qt::LeftButton);
    QTRY_VERIFY(!window->findChild<ReleaseClaimsDialog *>());
    QVERIFY(window->isVisible());

    auto store = openStore(location);
    QVERIFY(store);
    auto operation = store->operation(QStringLiteral("op_1"));
    QVERIFY(operation && *operation);
    QCOMPARE((*operation)->claimedBy, m_operator);
    window.reset();
}

void TestCloseClaims::noClaimsNoQuestion()
{
    // Only bob holds a claim.
    const QString location = makeStore(QStringLiteral("sqlite"), 0);
    QVERIFY(!location.isEmpty());
    auto window = openWindow(location);
    QVERIFY(window);
    QVERIFY(waitForConsole(*window));

    QVERIFY(window->close()); // at once: the queue's counts say nothing is held
    QVERIFY(!window->findChild<ReleaseClaimsDialog *>());
    QCOMPARE(window->findChild<ShiftEnd *>()->claimReads(), 0);
}

void TestCloseClaims::readOnlyStoreNoQuestion()
{
    const QString location = makeStore(QStringLiteral("sqlite"), 2);
    QVERIFY(!location.isEmpty());
    auto window = openWindow(location, true);
    QVERIFY(window);

    QVERIFY(window->close());
    QVERIFY(!window->findChild<ReleaseClaimsDialog *>());
    QCOMPARE(window->findChild<ShiftEnd *>()->claimReads(), 0);
}

void TestCloseClaims::failedReleaseKeepsWindowOpen()
{
    const QString location = makeStore(QStringLiteral("sqlite"), 2);
    QVERIFY(!location.isEmpty());
    auto window = openWindow(location);
    QVERIFY(window);

    QVERIFY(!window->close());
    ReleaseClaimsDialog *dialog = waitForDialog(*window);
    QVERIFY(dialog);
    // Meanwhile bob takes op_2 over: it is no longer the operator's to release.
    QVERIFY(claimAs(location, QStringLiteral("op_2"), QStringLiteral("bob"), true));
    QTest::keyClicks(dialog->noteField(QStringLiteral("op_2")), QStringLiteral("left for bob"));
    QTest::mouseClick(dialog->releaseButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog->isReleasing(), 120000);

    QVERIFY(window->isVisible());
    QVERIFY(dialog->isVisible());
    QVERIFY(dialog->problemLabel()->isVisible());
    QVERIFY2(dialog->problemLabel()->text().contains(QStringLiteral("op_2")), qPrintable(dialog->problemLabel()->text()));
    QCOMPARE(dialog->heldIds(), QStringList{QStringLiteral("op_2")}); // op_1 was released
    // The note went in before the release was refused: it is not written a second time.
    QVERIFY(!dialog->noteField(QStringLiteral("op_2"))->isEnabled());

    QTest::mouseClick(dialog->keepButton(), Qt::LeftButton);
    QTRY_VERIFY(!window->isVisible());
    auto store = openStore(location);
    QVERIFY(store);
    auto first = store->operation(QStringLiteral("op_1"));
    auto second = store->operation(QStringLiteral("op_2"));
    QVERIFY(first && *first && second && *second);
    QCOMPARE((*first)->status, OperationStatus::Unknown);
    QCOMPARE((*second)->claimedBy, QStringLiteral("bob"));
}

void TestCloseClaims::dialogIsNamedForScreenReaders()
{
    const QString location = makeStore(QStringLiteral("sqlite"), 2);
    QVERIFY(!location.isEmpty());
    auto window = openWindow(location);
    QVERIFY(window);
    QVERIFY(!window->close());
    ReleaseClaimsDialog *dialog = waitForDialog(*window);
    QVERIFY(dialog);

    const QStringList unnamed = unnamedControls(dialog);
    QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(QStringLiteral(", "))));
    QCOMPARE(dialog->noteField(QStringLiteral("op_1"))->accessibleName(), QStringLiteral("Note on op_1"));
    // From the keyboard alone: the first note is where typing starts; Tab leads on to the
    // next note, and Escape stays.
    QVERIFY(QTest::qWaitForWindowActive(dialog));
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget *>(dialog->noteField(QStringLiteral("op_1"))));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget *>(dialog->noteField(QStringLiteral("op_2"))));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget *>(dialog->noteForAllField()));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget *>(dialog->releaseButton()));
    QTest::keyClick(dialog, Qt::Key_Escape);
    QTRY_VERIFY(!window->findChild<ReleaseClaimsDialog *>());
    QVERIFY(window->isVisible());
    window.reset();
}

QTEST_MAIN(TestCloseClaims)
#include "tst_closeclaims.moc"
