// The audit window, offscreen: its filters (done in SQL) and totals, the chain's state
// checked off the UI thread, the exposure chart's numbers, an export with the filters,
// and its place in the console (View › Audit log, shown by itself on a read-only store).

#include "auditteststore.h"
#include "isolatedsettings.h"
#include "consolewait.h"
#include "workerwait.h"

#include "audit/auditentrymodel.h"
#include "audit/audittotalsmodel.h"
#include "i18n/translations.h"
#include "store/store.h"
#include "store/storeworker.h"
#include "ui/audit/auditfilterbar.h"
#include "ui/audit/auditwindow.h"
#include "ui/audit/exposurechart.h"
#include "ui/console/auditlog/auditintegration.h"
#include "ui/console/shell/mainwindow.h"
#include "ui/console/deciding/operatoridentity.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <numeric>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

constexpr qint64 Day = 86'400'000;
constexpr qint64 T0 = 1'717'243'200'000; // 2024-06-01T12:00:00Z

QList<qint64> idsIn(const AuditEntryModel &model)
{
    QList<qint64> ids;
    for (int row = 0; row < model.rowCount(); ++row)
        ids << model.index(row, 0).data(AuditEntryModel::ResolutionIdRole).toLongLong();
    return ids;
}

QStringList totalsIn(const AuditTotalsModel &model)
{
    QStringList lines;
    for (const AuditTotal &t : model.totals())
        lines << QStringLiteral("%1 %2 %3 %4").arg(toString(t.outcome), t.currency).arg(t.count).arg(t.amountCents);
    return lines;
}

} // namespace

class tst_AuditWindow : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_settingsDir;
    QTemporaryDir m_dir;
    QString m_path;
    std::unique_ptr<StoreWorker> m_worker;
    StoreFacts m_facts;

    std::unique_ptr<AuditWindow> openWindow()
    {
        auto window = std::make_unique<AuditWindow>();
        window->setStore(m_worker.get(), m_facts);
        window->show();
        if (!QTest::qWaitForWindowExposed(window.get()) || !Test::waitForWorker(*m_worker))
            return {};
        return window;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_settingsDir.isValid());
        Test::useIsolatedSettings(m_settingsDir.path(), QStringLiteral("tst_auditwindow"));
        // As refund-desk does: English has its plural forms ("1 decision matches").
        Translations::install(QStringLiteral("en"));

        m_path = m_dir.filePath(QStringLiteral("audit.sqlite"));
        AuditTestStore s(m_path);
        QVERIFY2(s.isValid(), qPrintable(s.lastError()));
        QVERIFY(s.addResolved(QStringLiteral("op_1"), Outcome::Refunded, QStringLiteral("alice"), T0, false,
                              QString(), 3800, QStringLiteral("usd")));
        QVERIFY(s.addResolved(QStringLiteral("op_2"), Outcome::Failed, QStringLiteral("bob"), T0 + Day, false,
                              QStringLiteral("no refund, \"checked\""), 1000, QStringLiteral("usd")));
        QVERIFY(s.addResolved(QStringLiteral("op_3"), Outcome::Refunded, QStringLiteral("alice"), T0 + 2 * Day, true,
                              QStringLiteral("support confirmed"), 2500, QStringLiteral("eur")));
        QVERIFY(s.addResolved(QStringLiteral("op_4"), Outcome::Failed, QStringLiteral("Zoë"), T0 + 2 * Day + 60'000,
                              false, QString(), 700, QStringLiteral("eur")));
        QVERIFY(s.addResolved(QStringLiteral("op_5"), Outcome::Refunded, QStringLiteral("bob"), T0 + 3 * Day, true,
                              QStringLiteral("dashboard shows it"), 1200, QStringLiteral("usd")));
        // Still unknown: since its last attempt ended, a day after it was created.
        QVERIFY(s.store().addOperation(TestStore::operation(QStringLiteral("op_9"), OperationStatus::Unknown, T0)));
        Attempt attempt;
        attempt.operationId = QStringLiteral("op_9");
        attempt.attemptNo = 1;
        attempt.startedAt = T0 + Day - 5'000;
        attempt.finishedAt = T0 + Day;
        attempt.outcome = AttemptOutcome::Timeout;
        QVERIFY(s.store().addAttempt(attempt));

        m_worker = std::make_unique<StoreWorker>();
        QString error;
        QVERIFY2(Test::openWorker(*m_worker, m_path, Store::OpenMode::ReadOnly, &error, &m_facts), qPrintable(error));
    }

    void cleanupTestCase() { m_worker.reset(); }

    void cleanup()
    {
        QTRY_VERIFY2(QApplication::topLevelWidgets().isEmpty(), "a window or dialog was left open");
    }

    void layoutSurvivesARestart()
    {
        int width = 0;
        {
            auto window = openWindow();
            QVERIFY(window);
            window->resize(1000, 600);
            QHeaderView *header = window->table()->horizontalHeader();
            width = header->sectionSize(AuditEntryModel::OperationColumn) + 45;
            header->resizeSection(AuditEntryModel::OperationColumn, width);
            window->close();
        }
        auto window = openWindow();
        QVERIFY(window);
        QCOMPARE(window->size(), QSize(1000, 600));
        QCOMPARE(window->table()->horizontalHeader()->sectionSize(AuditEntryModel::OperationColumn), width);
        window.reset();
        // Leave the default layout for the other tests.
        QSettings().remove(QStringLiteral("auditWindow"));
    }

    void showsEveryDecisionAndTheChainState()
    {
        auto window = openWindow();
        QVERIFY(window);
        QAbstractItemModelTester tester(window->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QTRY_COMPARE(idsIn(*window->model()), (QList<qint64>{5, 4, 3, 2, 1})); // newest first

        const AuditEntryModel &m = *window->model();
        const auto cell = [&](int row, int column) { return m.index(row, column).data().toString(); };
        // Row 2 is #3: alice's override in euros.
        QCOMPARE(cell(2, AuditEntryModel::OperationColumn), QStringLiteral("op_3"));
        QCOMPARE(cell(2, AuditEntryModel::OrderColumn), QStringLiteral("order-op_3"));
        QCOMPARE(cell(2, AuditEntryModel::AmountColumn), QStringLiteral("25.00 EUR"));
        QCOMPARE(cell(2, AuditEntryModel::OutcomeColumn), QStringLiteral("refunded"));
        QCOMPARE(cell(2, AuditEntryModel::RefundIdColumn), QStringLiteral("re_op_3"));
        QCOMPARE(cell(2, AuditEntryModel::EvidenceColumn), QStringLiteral("webhook:evt_op_3"));
        QCOMPARE(cell(2, AuditEntryModel::NoteColumn), QStringLiteral("support confirmed"));
        QCOMPARE(cell(2, AuditEntryModel::OperatorColumn), QStringLiteral("alice"));
        QCOMPARE(cell(2, AuditEntryModel::PreviousStatusColumn), QStringLiteral("checking"));
        QCOMPARE(cell(2, AuditEntryModel::OverrideColumn), QStringLiteral("override"));
        QCOMPARE(cell(2, AuditEntryModel::RecordedUtcColumn), QStringLiteral("2024-06-03 12:00:00 UTC"));
        QCOMPARE(cell(2, AuditEntryModel::RecordedLocalColumn),
                 QDateTime::fromMSecsSinceEpoch(T0 + 2 * Day).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
        QCOMPARE(cell(1, AuditEntryModel::OverrideColumn), QString());

        QTRY_VERIFY2(window->chainReport().has_value(), qPrintable(window->chainLabel()->text()));
        QCOMPARE(window->chainLabel()->text(),
                 QStringLiteral("Verified through #5: 5 decisions, the chain is intact and the store's invariants hold."));

        QTRY_COMPARE(window->totalsModel()->rowCount(), 4);
        QCOMPARE(totalsIn(*window->totalsModel()),
                 (QStringList{QStringLiteral("refunded eur 1 2500"), QStringLiteral("refunded usd 2 5000"),
                              QStringLiteral("failed eur 1 700"), QStringLiteral("failed usd 1 1000")}));
        QCOMPARE(window->countLabel()->text(), QStringLiteral("5 decisions match"));
        QCOMPARE(window->totalsModel()->index(1, AuditTotalsModel::AmountColumn).data().toString(),
                 QStringLiteral("50.00 USD"));
    }

    void filtersAndTotals()
    {
        auto window = openWindow();
        QVERIFY(window);
        AuditFilterBar *filters = window->filterBar();
        QTRY_COMPARE(filters->operatorBox()->count(), 4); // everyone, alice, bob, Zoë
        QTRY_COMPARE(window->totalsModel()->rowCount(), 4);

        filters->operatorBox()->setCurrentIndex(filters->operatorBox()->findData(QStringLiteral("alice")));
        QTRY_COMPARE(idsIn(*window->model()), (QList<qint64>{3, 1}));
        QTRY_COMPARE(totalsIn(*window->totalsModel()),
                     (QStringList{QStringLiteral("refunded eur 1 2500"), QStringLiteral("refunded usd 1 3800")}));
        QCOMPARE(window->countLabel()->text(), QStringLiteral("2 decisions match"));

        filters->operatorBox()->setCurrentIndex(0);
        filters->outcomeBox()->setCurrentIndex(filters->outcomeBox()->findData(QStringLiteral("failed")));
        QTRY_COMPARE(idsIn(*window->model()), (QList<qint64>{4, 2}));
        QTRY_COMPARE(totalsIn(*window->totalsModel()),
                     (QStringList{QStringLiteral("failed eur 1 700"), QStringLiteral("failed usd 1 1000")}));

        filters->outcomeBox()->setCurrentIndex(0);
        QTest::mouseClick(filters->overridesCheck(), Qt::LeftButton);
        QVERIFY(filters->overridesCheck()->isChecked());
        QTRY_COMPARE(idsIn(*window->model()), (QList<qint64>{5, 3}));
        QTRY_COMPARE(totalsIn(*window->totalsModel()),
                     (QStringList{QStringLiteral("refunded eur 1 2500"), QStringLiteral("refunded usd 1 1200")}));
        QTest::mouseClick(filters->overridesCheck(), Qt::LeftButton);

        // One local day: both ends included.
        const QDate day = QDateTime::fromMSecsSinceEpoch(T0 + 2 * Day).date();
        filters->fromEdit()->setDate(day);
        filters->toEdit()->setDate(day);
        QTest::mouseClick(filters->fromCheck(), Qt::LeftButton);
        QVERIFY(filters->fromEdit()->isEnabled());
        QTRY_COMPARE(idsIn(*window->model()), (QList<qint64>{5, 4, 3}));
        QTest::mouseClick(filters->toCheck(), Qt::LeftButton);
        QTRY_COMPARE(idsIn(*window->model()), (QList<qint64>{4, 3}));
        QTRY_COMPARE(window->countLabel()->text(), QStringLiteral("2 decisions match"));

        QTest::mouseClick(filters->newestFirstCheck(), Qt::LeftButton);
        QTRY_COMPARE(idsIn(*window->model()), (QList<qint64>{3, 4}));
    }

    void pagesFollowByKey()
    {
        AuditEntryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPageSize(2);
        model.setStore(m_worker.get());
        QVERIFY(Test::waitForWorker(*m_worker));
        QVERIFY(model.rowCount() >= 2);
        while (model.canFetchMore({})) {
            model.fetchMore({});
            QVERIFY(Test::waitForWorker(*m_worker));
        }
        QCOMPARE(idsIn(model), (QList<qint64>{1, 2, 3, 4, 5}));
        AuditQuery newest;
        newest.newestFirst = true;
        newest.outcome = Outcome::Refunded;
        model.setQuery(newest);
        QVERIFY(Test::waitForWorker(*m_worker));
        while (model.canFetchMore({})) {
            model.fetchMore({});
            QVERIFY(Test::waitForWorker(*m_worker));
        }
        QCOMPARE(idsIn(model), (QList<qint64>{5, 3, 1}));
        QVERIFY(!model.reachedRowLimit());
    }

    void exposureChart()
    {
        auto window = openWindow();
        QVERIFY(window);
        QTRY_VERIFY(!window->chart()->timeline().isEmpty());
        const ExposureTimeline &timeline = window->chart()->timeline();
        QCOMPARE(timeline.firstDay(), ExposureTimeline::dayOf(T0));
        // op_9 counts from the day its last attempt ended; the others came and went within a day.
        QCOMPARE(timeline.unknownCount().at(0), 0);
        QCOMPARE(timeline.unknownCount().at(1), 1);
        QCOMPARE(timeline.unknownCount().back(), 1);
        QCOMPARE(timeline.unknownAmount(QStringLiteral("usd")).back(), 3800);
        QCOMPARE(timeline.unknownAmount(QStringLiteral("eur")).back(), 0);
        QCOMPARE(std::vector<qint64>(timeline.refundedDecisions().begin(), timeline.refundedDecisions().begin() + 4),
                 (std::vector<qint64>{1, 0, 1, 1}));
        QCOMPARE(std::vector<qint64>(timeline.failedDecisions().begin(), timeline.failedDecisions().begin() + 4),
                 (std::vector<qint64>{0, 1, 1, 0}));
        QCOMPARE(window->chart()->currency(), QStringLiteral("usd"));
        QCOMPARE(window->chart()->exposureChart()->series().size(), 2);
        QCOMPARE(window->chart()->decisionsChart()->series().size(), 1);
    }

    void timelineStaysBounded()
    {
        // An operation dated 1970 by a broken clock, another unknown since day 19'990.
        const std::vector<ExposureChange> changes = {{0, QStringLiteral("usd"), 1, 500},
                                                     {19'990, QStringLiteral("usd"), 1, 700}};
        const std::vector<DailyDecisions> decisions = {{3, Outcome::Failed, 4}, {19'995, Outcome::Refunded, 2}};
        const ExposureTimeline timeline = ExposureTimeline::build(changes, decisions, 20'000);
        QCOMPARE(timeline.dayCount(), ExposureTimeline::MaxDays);
        QCOMPARE(timeline.firstDay(), 20'000 - ExposureTimeline::MaxDays + 1);
        QCOMPARE(timeline.unknownCount().front(), 1); // folded into the first day shown
        QCOMPARE(timeline.unknownCount().back(), 2);
        QCOMPARE(timeline.unknownAmount(QStringLiteral("usd")).back(), 1200);
        QCOMPARE(timeline.refundedDecisions().at(size_t(19'995 - timeline.firstDay())), 2);
        QCOMPARE(std::accumulate(timeline.failedDecisions().begin(), timeline.failedDecisions().end(), qint64(0)), 0);
        QVERIFY(ExposureTimeline::build({}, {}, 20'000).isEmpty());
    }

    void exportUsesTheFilters()
    {
        auto window = openWindow();
        QVERIFY(window);
        AuditFilterBar *filters = window->filterBar();
        QTRY_COMPARE(filters->operatorBox()->count(), 4);
        filters->operatorBox()->setCurrentIndex(filters->operatorBox()->findData(QStringLiteral("bob")));

        QSignalSpy finished(window.get(), &AuditWindow::exportFinished);
        const QString path = m_dir.filePath(QStringLiteral("bob.csv"));
        QVERIFY(window->startExport(path, AuditExporter::Format::Csv));
        QVERIFY(!window->startExport(path, AuditExporter::Format::Csv)); // one at a time
        QTRY_COMPARE(finished.size(), 1);
        QVERIFY2(finished.first().at(0).toBool(), qPrintable(finished.first().at(1).toString()));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().split('\n');
        // Header, #2 and #5 (in the chain's order, whatever the table's), then the final empty piece.
        QCOMPARE(lines.size(), 4);
        QVERIFY(lines.at(1).startsWith("2,"));
        QVERIFY(lines.at(2).startsWith("5,"));

        // A folder that does not exist: the export fails with a message and writes nothing.
        finished.clear();
        QVERIFY(window->startExport(m_dir.filePath(QStringLiteral("missing/out.csv")), AuditExporter::Format::Csv));
        QTRY_COMPARE(finished.size(), 1);
        QVERIFY(!finished.first().at(0).toBool());
        QVERIFY(!finished.first().at(1).toString().isEmpty());
    }

    void brokenChainShows()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("tampered.sqlite"));
        {
            AuditTestStore s(path);
            QVERIFY(s.addResolved(QStringLiteral("op_1"), Outcome::Refunded, QStringLiteral("alice"), T0));
            QVERIFY(s.addResolved(QStringLiteral("op_2"), Outcome::Failed, QStringLiteral("bob"), T0 + Day));
            QVERIFY(s.store().exec(QStringLiteral("DROP TRIGGER resolutions_no_update")));
            QVERIFY(s.store().exec(QStringLiteral("UPDATE resolutions SET operator = 'mallory' WHERE resolution_id = 2")));
        }
        StoreWorker worker;
        StoreFacts facts;
        QVERIFY(Test::openWorker(worker, path, Store::OpenMode::ReadOnly, nullptr, &facts));
        AuditWindow window;
        QSignalSpy checked(&window, &AuditWindow::chainChecked);
        window.setStore(&worker, facts);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_COMPARE(checked.size(), 1);
        QCOMPARE(checked.first().at(0).toBool(), false);
        QVERIFY2(window.chainLabel()->text().startsWith(QStringLiteral("Broken at #2: hash does not match")),
                 qPrintable(window.chainLabel()->text()));
        // What it means for the auditor and what to do, not only what broke.
        QVERIFY2(window.chainLabel()->text().contains(QStringLiteral("decisions from #2 on may not be as they were "
                                                                     "recorded. Keep this copy as it is and report it")),
                 qPrintable(window.chainLabel()->text()));
        QVERIFY(window.chainLabel()->toolTip().contains(QStringLiteral("resolutions_no_update is missing")));
        // The log still shows every row, the edited one included.
        QTRY_COMPARE(window.model()->rowCount(), 2);
        window.close();
        window.setStore(nullptr, std::nullopt);
    }

    // A change of language (Help › Language in the console) reaches the open window at
    // once: its title, tabs, filters, headers, amounts in the new locale, the count and
    // the chain's state; the filters chosen and the rows read stay. Back in English every
    // text is what it was.
    void followsAChangeOfLanguage()
    {
        auto window = openWindow();
        QVERIFY(window);
        AuditFilterBar *filters = window->filterBar();
        QTRY_COMPARE(filters->operatorBox()->count(), 4);
        QTRY_VERIFY(window->chainReport().has_value());
        filters->operatorBox()->setCurrentIndex(filters->operatorBox()->findData(QStringLiteral("alice")));
        QTRY_COMPARE(window->countLabel()->text(), QStringLiteral("2 decisions match"));
        QTRY_COMPARE(idsIn(*window->model()), (QList<qint64>{3, 1}));

        const auto shown = [&window, filters] {
            return QStringList{
                window->windowTitle(),
                window->tabs()->tabText(0),
                filters->operatorBox()->itemText(0),
                filters->overridesCheck()->text(),
                window->model()->headerData(AuditEntryModel::AmountColumn, Qt::Horizontal).toString(),
                window->model()->index(0, AuditEntryModel::AmountColumn).data().toString(),
                window->totalsModel()->headerData(AuditTotalsModel::CountColumn, Qt::Horizontal).toString(),
                window->countLabel()->text(),
                window->chainLabel()->text(),
                window->chart()->exposureChart()->title(),
            };
        };
        const QStringList english = shown();
        QCOMPARE(english.at(5), QStringLiteral("25.00 EUR"));
        QSignalSpy headers(window->model(), &QAbstractItemModel::headerDataChanged);
        QSignalSpy cells(window->model(), &QAbstractItemModel::dataChanged);
        QSignalSpy totalsHeaders(window->totalsModel(), &QAbstractItemModel::headerDataChanged);
        QSignalSpy resets(window->model(), &QAbstractItemModel::modelReset);

        Translations::install(QStringLiteral("ru"));
        const QString title = QCoreApplication::translate("RefundDesk::AuditWindow", "Audit log — Refund Desk");
        QVERIFY(title != english.at(0));
        QTRY_COMPARE(window->windowTitle(), title);
        QCOMPARE(window->tabs()->tabText(0), QCoreApplication::translate("RefundDesk::AuditWindow", "&Log"));
        QCOMPARE(filters->operatorBox()->itemText(0), QCoreApplication::translate("RefundDesk::AuditFilterBar", "Everyone"));
        QCOMPARE(filters->overridesCheck()->text(),
                 QCoreApplication::translate("RefundDesk::AuditFilterBar", "&Overrides only"));
        QVERIFY(headers.count() > 0 && cells.count() > 0 && totalsHeaders.count() > 0);
        QCOMPARE(window->model()->headerData(AuditEntryModel::AmountColumn, Qt::Horizontal).toString(),
                 QCoreApplication::translate("RefundDesk::AuditEntryModel", "Amount"));
        // Russian writes a decimal comma and a no-break space before the currency.
        QCOMPARE(window->model()->index(0, AuditEntryModel::AmountColumn).data().toString(),
                 QStringLiteral("25,00\u00A0EUR"));
        QCOMPARE(window->countLabel()->text(),
                 QCoreApplication::translate("RefundDesk::AuditWindow", "%Ln decision(s) match", nullptr, 2));
        QVERIFY2(window->chainLabel()->text().startsWith(
                     QCoreApplication::translate("RefundDesk::AuditChainCheck",
                                                 "Verified through #%1: %2 decisions, the chain is intact and the "
                                                 "store's invariants hold.")
                         .section(QStringLiteral("%1"), 0, 0)),
                 qPrintable(window->chainLabel()->text()));
        QCOMPARE(window->chart()->exposureChart()->title(),
                 QCoreApplication::translate("RefundDesk::ExposureChart", "Still unknown at the end of each day (UTC)"));
        // The filters and the rows stay; nothing was read again.
        QCOMPARE(filters->operatorBox()->currentData().toString(), QStringLiteral("alice"));
        QTRY_COMPARE(idsIn(*window->model()), (QList<qint64>{3, 1}));
        QCOMPARE(resets.count(), 0);

        Translations::install(QStringLiteral("en"));
        QTRY_COMPARE(window->windowTitle(), english.at(0));
        QCOMPARE(shown(), english);
    }

    void consoleOffersAndOpensTheAuditLog()
    {
        OperatorIdentity identity;
        identity.useForThisRun(QStringLiteral("auditor"));
        auto console = std::make_unique<MainWindow>(&identity);
        console->setShowErrorDialogs(false);
        console->show();
        QVERIFY(QTest::qWaitForWindowExposed(console.get()));
        auto *integration = console->findChild<AuditIntegration *>();
        QVERIFY(integration);
        QVERIFY(console->viewMenu()->actions().contains(integration->auditLogAction()));
        QVERIFY(console->fileMenu()->actions().contains(integration->exportAction()));
        QVERIFY(!integration->auditWindow());

        // Read-only: the audit log is what the store was opened for.
        QVERIFY(RefundDesk::Test::openInConsole(*console, m_path, true));
        QVERIFY(integration->auditWindow());
        QTRY_VERIFY(integration->auditWindow()->isVisible());
        QVERIFY(integration->auditWindow()->hasStore());
        QTRY_COMPARE(integration->auditWindow()->model()->rowCount(), 5);
        QTRY_VERIFY(integration->auditWindow()->chainReport().has_value());
        QVERIFY(integration->auditWindow()->chainReport()->intact());

        // Closed, then back through View › Audit log.
        integration->auditWindow()->close();
        QVERIFY(!integration->auditWindow()->isVisible());
        integration->auditLogAction()->trigger();
        QTRY_VERIFY(integration->auditWindow()->isVisible());
        console.reset();
    }
};

QTEST_MAIN(tst_AuditWindow)
#include "tst_auditwindow.moc"
