// tst_languages's class and what its files share: a translator that marks every text it
// translates, and a console on a demo store.

#pragma once

#include "isolatedsettings.h"
#include "consolewait.h"

#include "audit/auditentrymodel.h"
#include "demo/demostore.h"
#include "i18n/translations.h"
#include "items/queuemodel.h"
#include "ui/audit/auditfilterbar.h"
#include "ui/audit/auditwindow.h"
#include "ui/audit/exposurechart.h"
#include "ui/common/cellfittedcolumns.h"
#include "ui/console/auditlog/auditintegration.h"
#include "ui/console/batch/batchreviewdialog.h"
#include "ui/console/panel/evidenceview.h"
#include "ui/console/shell/mainwindow.h"
#include "ui/console/shell/shortcutsdialog.h"
#include "ui/console/deciding/operationactions.h"
#include "ui/console/panel/operationpanel.h"
#include "ui/console/deciding/operatoridentity.h"
#include "ui/console/queue/queuefilterbar.h"
#include "ui/console/queue/queuepane.h"
#include "ui/console/deciding/notedialog.h"
#include "ui/console/deciding/resolvedialog.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QStatusBar>
#include <QSignalSpy>
#include <QStyle>
#include <QStyleOptionFrame>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTableView>
#include <QChart>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>
#include <QToolButton>
#include <QTranslator>

#include <functional>
#include <memory>
#include <optional>

using namespace RefundDesk;

// The console at the size refund-desk --screenshot renders, on a fresh demo store, with
// the reference case op_5521 shown.
struct DemoConsole
{
    QTemporaryDir dir;
    OperatorIdentity identity;
    std::unique_ptr<MainWindow> window;

    bool open()
    {
        if (!showWindow())
            return false;
        QSignalSpy opened(window.get(), &MainWindow::storeOpened);
        window->openDemoStore(300, dir.filePath(QStringLiteral("demo.sqlite")));
        return opened.wait(60'000) && RefundDesk::Test::showAndWait(*window, QStringLiteral("op_5521"));
    }

    // The same on a demo store of a fixed seed, whose cases are the same in every run.
    bool openSeeded(quint64 seed)
    {
        SimulationOptions options;
        options.operations = 300;
        options.seed = seed;
        const QString path = dir.filePath(QStringLiteral("seeded.sqlite"));
        if (!DemoStore::generate(path, options) || !showWindow())
            return false;
        QSignalSpy opened(window.get(), &MainWindow::storeOpened);
        window->openStore(path, false);
        return opened.wait(60'000);
    }

    bool showWindow()
    {
        identity.useForThisRun(QStringLiteral("alice"));
        window = std::make_unique<MainWindow>(&identity);
        window->setShowErrorDialogs(false);
        window->resize(1366, 768);
        window->show();
        return dir.isValid() && QTest::qWaitForWindowExposed(window.get());
    }

    // The audit window, opened from its menu entry, once it shows; null if it does not.
    AuditWindow *openAuditWindow()
    {
        auto *integration = window->findChild<AuditIntegration *>();
        if (!integration)
            return nullptr;
        integration->auditLogAction()->trigger();
        const auto shown = [integration] { return integration->auditWindow() && integration->auditWindow()->isVisible(); };
        return QTest::qWaitFor(shown) ? integration->auditWindow() : nullptr;
    }

    // The batch review over the whole queue (nothing selected), once it shows; null if it
    // does not.
    BatchReviewDialog *openBatchReview()
    {
        window->queuePane()->view()->clearSelection();
        window->findChild<QAction *>(QStringLiteral("recordFromEvidenceAction"))->trigger();
        BatchReviewDialog *review = nullptr;
        const auto shown = [&] { return (review = window->findChild<BatchReviewDialog *>()) && review->isVisible(); };
        return QTest::qWaitFor(shown, 30'000) && QTest::qWaitForWindowExposed(review) ? review : nullptr;
    }

    // What `look` finds in the resolve dialog of op_5521; the dialog is closed after.
    std::optional<QStringList> inResolveDialog(const std::function<QStringList(QWidget *)> &look)
    {
        window->actions()->record()->trigger();
        if (!QTest::qWaitFor([this] { return window->resolveDialog() != nullptr; })
            || !QTest::qWaitForWindowExposed(window->resolveDialog()))
            return std::nullopt;
        const QStringList found = look(window->resolveDialog());
        window->resolveDialog()->reject();
        if (!QTest::qWaitFor([this] { return window->resolveDialog() == nullptr; }))
            return std::nullopt;
        return found;
    }
};

class LanguagesTest final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void everyVisibleTextIsTranslatable();
    void noTextIsCut_data();
    void noTextIsCut();
    void aConflictShowsItsRefundsAndAttempts_data();
    void aConflictShowsItsRefundsAndAttempts();
    void languageMenuSwitchesAtOnce();
    void russianQueueFitsTheWindow_data();
    void russianQueueFitsTheWindow();
    void everyAltKeyReachesOneControl_data();
    void everyAltKeyReachesOneControl();

private:
    QTemporaryDir m_settings;
};
