// Queue › Ask Stripe about operations without evidence… in the console, against the fake
// Stripe: the run goes off the UI thread with a progress dialog, the report says what was
// asked, every operation gets one lookup; Cancel stops it keeping what was answered, and
// asking again adds nothing twice.

#include "consolewait.h"
#include "fakestripe.h"
#include "isolatedsettings.h"
#include "stripefixtures.h"
#include "teststore.h"

#include "store/store.h"
#include "ui/console/shell/mainwindow.h"
#include "ui/console/deciding/operatoridentity.h"

#include <QAction>
#include <QApplication>
#include <QDateTime>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

using namespace RefundDesk;
using RefundDesk::Test::TestStore;
using RefundDesk::Testing::FakeStripe;

namespace {

const QString TestKey = QStringLiteral("rk_test_51QxAskQueueConsoleKey0123456789abc");

template<typename Widget>
Widget *visibleChild(QWidget *window, const QString &name)
{
    for (Widget *widget : window->findChildren<Widget *>(name)) {
        if (widget->isVisible())
            return widget;
    }
    return nullptr;
}

} // namespace

class TestAskQueueConsole : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QTemporaryDir m_settingsDir;
    std::unique_ptr<FakeStripe> m_fake;
    QString m_db;
    QStringList m_ids;

    size_t lookupCount(const QString &operationId)
    {
        return Test::storedLookups(m_db, operationId).value_or(std::vector<ProviderLookup>()).size();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        Test::useIsolatedSettings(m_settingsDir.path(), QStringLiteral("tst_askqueueconsole"));
    }

    void init()
    {
        static int run = 0;
        m_db = m_dir.filePath(QStringLiteral("store%1.sqlite").arg(++run));
        m_fake = std::make_unique<FakeStripe>();
        QVERIFY(m_fake->listenOnLoopback());
        m_fake->setAcceptedKey(TestKey.toUtf8());
        qputenv("STRIPE_API_KEY", TestKey.toUtf8());
        qputenv("STRIPE_API_BASE", m_fake->baseUrl().toUtf8());
        // Six operations without evidence in busy windows hours apart: a listing each.
        TestStore store(m_db);
        QVERIFY(store.isValid());
        m_ids.clear();
        const qint64 base = (QDateTime::currentSecsSinceEpoch() - 86400) * 1000;
        for (int i = 0; i < 6; ++i) {
            const QString id = QStringLiteral("op_ask%1").arg(i);
            const qint64 started = base - qint64(i) * 3 * 3600 * 1000;
            QVERIFY2(Test::addTimedOutOperation(store, id, started), qPrintable(store.lastError()));
            // Refunds of others in each window: too many between the windows to list
            // them together.
            for (int k = 0; k < 50; ++k) {
                QCOMPARE(m_fake->truth().addRefund(Test::refundJson(QStringLiteral("re_busy%1_%2").arg(i).arg(k),
                                                                    QStringLiteral("op_busy%1_%2").arg(i).arg(k),
                                                                    started / 1000 + 5 + k, QStringLiteral("succeeded"), 100)),
                         QString());
            }
            if (i % 2 == 0) {
                QCOMPARE(m_fake->truth().addRefund(
                             Test::refundJson(QStringLiteral("re_ask%1").arg(i), id, started / 1000 + 3)),
                         QString());
            }
            m_ids.append(id);
        }
    }

    void cleanup()
    {
        QTRY_VERIFY2(QApplication::topLevelWidgets().isEmpty(), "a window or dialog was left open");
        QCOMPARE(m_fake->refusedRequests(), QStringList());
        m_fake.reset();
    }

    void everyOperationWithoutEvidenceIsAskedOnce()
    {
        OperatorIdentity identity;
        identity.useForThisRun(QStringLiteral("alice"));
        MainWindow window(&identity);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(Test::openInConsole(window, m_db));

        QAction *action = window.findChild<QAction *>(QStringLiteral("askStripeQueueAction"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
        action->trigger();
        QMessageBox *report = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((report = visibleChild<QMessageBox>(&window, QStringLiteral("askQueueReport"))), 30'000);
        QVERIFY2(report->text().startsWith(QLatin1String("6 operation(s) asked, 3 of them with a refund at Stripe; 7 request(s)")),
                 qPrintable(report->text()));
        // One page of undelivered events (none), then six listings.
        QCOMPARE(m_fake->requestCount(), 7);
        for (const QString &id : m_ids)
            QCOMPARE(lookupCount(id), size_t(1));
        report->accept();

        // Asked again: nothing left to ask, nothing sent, nothing added.
        action->trigger();
        QTRY_VERIFY_WITH_TIMEOUT((report = visibleChild<QMessageBox>(&window, QStringLiteral("askQueueReport"))), 30'000);
        QVERIFY2(report->text().startsWith(QLatin1String("0 operation(s) asked")), qPrintable(report->text()));
        QCOMPARE(m_fake->requestCount(), 7);
        report->accept();
        window.close();
    }

    void cancelKeepsWhatWasAnsweredAndAskingAgainFinishes()
    {
        OperatorIdentity identity;
        identity.useForThisRun(QStringLiteral("alice"));
        MainWindow window(&identity);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(Test::openInConsole(window, m_db));

        m_fake->setDelayMs(400); // a slow Stripe, so that Cancel comes while it works
        QAction *action = window.findChild<QAction *>(QStringLiteral("askStripeQueueAction"));
        action->trigger();
        QProgressDialog *progress = nullptr;
        QTRY_VERIFY((progress = visibleChild<QProgressDialog>(&window, QStringLiteral("askQueueProgress"))));
        // The UI thread is free while Stripe is asked: the window still processes events.
        QTRY_VERIFY_WITH_TIMEOUT(m_fake->requestCount() >= 2, 30'000);
        QVERIFY(!action->isEnabled());
        QPushButton *cancel = progress->findChild<QPushButton *>();
        QVERIFY(cancel);
        QTest::mouseClick(cancel, Qt::LeftButton);
        QMessageBox *report = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((report = visibleChild<QMessageBox>(&window, QStringLiteral("askQueueReport"))), 30'000);
        QVERIFY2(report->text().contains(QLatin1String("Cancelled")), qPrintable(report->text()));
        size_t kept = 0;
        for (const QString &id : m_ids) {
            QVERIFY(lookupCount(id) <= 1);
            kept += lookupCount(id);
        }
        QVERIFY2(kept < size_t(m_ids.size()), "the run was not cancelled before its end");
        report->accept();

        m_fake->setDelayMs(0);
        QTRY_VERIFY(action->isEnabled());
        action->trigger();
        QTRY_VERIFY_WITH_TIMEOUT((report = visibleChild<QMessageBox>(&window, QStringLiteral("askQueueReport"))), 30'000);
        report->accept();
        for (const QString &id : m_ids)
            QCOMPARE(lookupCount(id), size_t(1));
        window.close();
    }
};

QTEST_MAIN(TestAskQueueConsole)
#include "tst_askqueueconsole.moc"
