// tst_console's class and what its files share: the reference store, a console opened on it,
// waiting for a dialog.

#pragma once

// First: its QTest::toString specialisations must see only the domain names.
#include "isolatedsettings.h"
#include "teststore.h"
#include "consolewait.h"

#include "evidence/resolver.h"
#include "items/attemptsmodel.h"
#include "items/eventsmodel.h"
#include "items/queuemodel.h"
#include "store/store.h"
#include "ui/common/jsonviewer.h"
#include "ui/common/painthold.h"
#include "ui/common/settingswriter.h"
#include "ui/common/theme.h"
#include "ui/console/panel/attempttimelineview.h"
#include "ui/console/panel/evidenceview.h"
#include "ui/console/shell/liverefresher.h"
#include "ui/console/shell/mainwindow.h"
#include "ui/console/deciding/operationactions.h"
#include "ui/console/panel/operationheader.h"
#include "ui/console/panel/operationpanel.h"
#include "ui/console/deciding/operatoridentity.h"
#include "ui/console/queue/queuefilterbar.h"
#include "ui/console/queue/queuepane.h"
#include "ui/console/storeopening/recentstores.h"
#include "ui/console/deciding/resolvedialog.h"
#include "domain/money.h"
#include "items/refundcomparisonmodel.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QInputDialog>
#include <QTimer>
#include <QSignalSpy>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTime>
#include <QToolButton>

#include <array>

using namespace RefundDesk;
using RefundDesk::Test::TestStore;

constexpr qint64 baseTime = 1'700'000'000'000;
// How long a check waits for the console's worker to read the store again: long, for a
// machine busy with other work.
constexpr int WorkerSettleMs = 60'000;

inline QString statusOf(TestStore &fixture, const QString &operationId)
{
    return fixture.queryText(QStringLiteral("SELECT status FROM refund_ops WHERE operation_id='%1'").arg(operationId));
}

// With RD_SCREENSHOT_DIR set, keeps a picture of the widget for a person to look at.
inline void keepPicture(QWidget *widget, const QString &name)
{
    const QString folder = qEnvironmentVariable("RD_SCREENSHOT_DIR");
    if (!folder.isEmpty())
        widget->grab().save(folder + QLatin1Char('/') + name + QStringLiteral(".png"));
}

template<typename T>
T *waitForChild(QWidget *parent, const QString &name = {})
{
    // A watchdog, not a speed limit: a busy machine may take its time to open a dialog.
    QDeadlineTimer watchdog(std::chrono::minutes(2));
    T *found = nullptr;
    while (!(found = parent->findChild<T *>(name)) && !watchdog.hasExpired())
        QTest::qWait(20);
    return found;
}

class TestConsole : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void selectingShowsAttemptsAndEvents();
    void recordOutcomeThroughTheDialog();
    void contradictionNeedsOverrideAndNote();
    void aConflictLaysTheRefundsSideBySide();
    void aRefundByAnotherPathIsThePersonsToJudge();
    void keyboardClaimAndRelease();
    void claimedElsewhereShows();
    void resolvedElsewhereShows();
    void changedOperationIsAConflictWhateverTheEvidence_data();
    void changedOperationIsAConflictWhateverTheEvidence();
    void readOnlyOffersNoWrite();
    void snapshotSaysWhatItMeansAndF5Reopens();
    void invalidStoreShowsItsError();
    void openingWaitsForTheWholeFirstPicture();
    void paintHoldPaintsOnceReleased();
    void searchFindsAnOperation();
    void takeOverAsksFirst();
    void demoStoreIsBuiltOffTheUiThread();
    void layoutSurvivesARestart();
    void systemColoursAreThePlatforms();
    void operatorIsAskedOnceAndRemembered();
    void operatorDefaultsToTheLoginName();
    void liveRefreshKeepsThePlace();
    void recentStoresAreOffered();

private:
    std::unique_ptr<MainWindow> openWindow(const QString &operatorName, bool readOnly = false);

    QTemporaryDir m_settingsDir;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<TestStore> m_fixture;
    std::unique_ptr<OperatorIdentity> m_identity;
};
