// The queue's columns at the console's default size: every column in view, each as wide as
// its usual value (an overdue age's icon and span, not cut), the follow-up taking the rest;
// and the order and widths a person gives them kept across a restart and a language switch.

#include "consolewait.h"
#include "isolatedsettings.h"
#include "teststore.h"

#include "i18n/translations.h"
#include "items/queuemodel.h"
#include "items/timetext.h"
#include "ui/console/shell/mainwindow.h"
#include "ui/console/deciding/operatoridentity.h"
#include "ui/console/queue/queuepane.h"
#include "ui/common/wrappingheaderview.h"

#include <QHeaderView>
#include <QMouseEvent>
#include <QSettings>
#include <QStandardItemModel>
#include <QStyle>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace RefundDesk;
using namespace RefundDesk::Test;

class tst_QueueColumns : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void everyColumnInViewAtTheDefaultSize();
    void overdueAgeFitsItsCell();
    void orderAndWidthsSurviveARestart();
    void aWidthSetByHandSurvivesALanguageSwitch();
    void aTitleWrapsInANarrowColumn();

private:
    std::unique_ptr<MainWindow> openWindow();

    QTemporaryDir m_settings;
    QTemporaryDir m_dir;
    OperatorIdentity m_identity;
};

void tst_QueueColumns::initTestCase()
{
    QVERIFY(m_settings.isValid());
    QVERIFY(m_dir.isValid());
    useIsolatedSettings(m_settings.path(), QStringLiteral("tst_queuecolumns"));
    m_identity.useForThisRun(QStringLiteral("alice"));
}

void tst_QueueColumns::cleanup()
{
    QVERIFY(QApplication::topLevelWidgets().isEmpty());
}

std::unique_ptr<MainWindow> tst_QueueColumns::openWindow()
{
    auto window = std::make_unique<MainWindow>(&m_identity);
    window->setShowErrorDialogs(false);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return {};
    return window;
}

// At 1366 px, the console's first size, with a store open (the panel's buttons shown): no
// column of the queue up to Claimed by starts or ends out of view, and the follow-up (the
// last, stretching) starts in view.
void tst_QueueColumns::everyColumnInViewAtTheDefaultSize()
{
    const QString path = m_dir.filePath(QStringLiteral("view.sqlite"));
    {
        TestStore store(path);
        QVERIFY2(store.isValid(), qPrintable(store.lastError()));
        QVERIFY(store.addOperation(TestStore::operation(QStringLiteral("op_1"))));
    }
    QSettings().remove(QStringLiteral("window"));
    auto window = openWindow();
    QVERIFY(window);
    QVERIFY(openInConsole(*window, path));
    QCOMPARE(window->width(), 1366);
    QTableView *view = window->queuePane()->view();
    const QHeaderView *header = view->horizontalHeader();
    const int visible = view->viewport()->width();
    for (int column = 0; column < QueueModel::ColumnCount; ++column) {
        const QString name = view->model()->headerData(column, Qt::Horizontal).toString();
        const int start = header->sectionViewportPosition(column);
        QVERIFY2(start >= 0 && start < visible, qPrintable(name));
        if (column == QueueModel::FollowUpColumn)
            continue;
        QVERIFY2(start + header->sectionSize(column) <= visible,
                 qPrintable(QStringLiteral("%1 ends at %2 of %3").arg(name).arg(start + header->sectionSize(column)).arg(visible)));
        // Never cut its own header.
        QVERIFY2(header->sectionSize(column) >= header->sectionSizeHint(column), qPrintable(name));
    }
    QCOMPARE(header->visualIndex(QueueModel::FollowUpColumn), QueueModel::ColumnCount - 1);
    QVERIFY(header->stretchLastSection());
    // The follow-up's title is whole too, and nothing is a scroll away sideways.
    QVERIFY2(header->sectionSize(QueueModel::FollowUpColumn) >= header->sectionSizeHint(QueueModel::FollowUpColumn),
             qPrintable(QString::number(header->sectionSize(QueueModel::FollowUpColumn))));
    QVERIFY2(header->length() <= visible, qPrintable(QStringLiteral("%1 of %2").arg(header->length()).arg(visible)));
    window->close();
}

// An overdue row's age shows the icon and its span, and nothing else: both fit the column's
// default width ("9 d 23 h" the widest span of a usual queue).
void tst_QueueColumns::overdueAgeFitsItsCell()
{
    const QString path = m_dir.filePath(QStringLiteral("age.sqlite"));
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    {
        TestStore store(path);
        QVERIFY2(store.isValid(), qPrintable(store.lastError()));
        Operation old = TestStore::operation(QStringLiteral("op_old"), OperationStatus::Unknown, now - 60'000);
        old.createdAt = now - (9 * 24 + 23) * 3'600'000LL - 10 * 60'000;
        QVERIFY(store.addOperation(old));
    }
    QSettings().remove(QStringLiteral("window"));
    auto window = openWindow();
    QVERIFY(window);
    QVERIFY(openInConsole(*window, path));
    QueueModel *model = window->queuePane()->model();
    QTRY_COMPARE(model->rowCount(), 1);
    const QModelIndex age = model->index(0, QueueModel::AgeColumn);
    QVERIFY(age.data(QueueModel::OverdueRole).toBool());
    const QString shown = age.data().toString();
    QCOMPARE(shown, TimeText::span((9 * 24 + 23) * 3'600'000LL));
    QTableView *view = window->queuePane()->view();
    const int icon = view->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, view);
    const int needed = icon + view->fontMetrics().horizontalAdvance(shown);
    QVERIFY2(view->visualRect(age).width() > needed,
             qPrintable(QStringLiteral("%1 px for %2 px").arg(view->visualRect(age).width()).arg(needed)));
    window->close();
}

// Columns moved and widened by the person come back in the same order and width.
void tst_QueueColumns::orderAndWidthsSurviveARestart()
{
    QSettings().remove(QStringLiteral("window"));
    int verdictWidth = 0;
    {
        auto window = openWindow();
        QVERIFY(window);
        QHeaderView *header = window->queuePane()->view()->horizontalHeader();
        QVERIFY(header->sectionsMovable());
        header->moveSection(header->visualIndex(QueueModel::AgeColumn), 1);
        verdictWidth = header->sectionSize(QueueModel::VerdictColumn) + 23;
        header->resizeSection(QueueModel::VerdictColumn, verdictWidth);
        QCOMPARE(header->logicalIndex(1), int(QueueModel::AgeColumn));
        window->close();
    }
    auto window = openWindow();
    QVERIFY(window);
    const QHeaderView *header = window->queuePane()->view()->horizontalHeader();
    QCOMPARE(header->logicalIndex(1), int(QueueModel::AgeColumn));
    QCOMPARE(header->logicalIndex(0), int(QueueModel::OperationColumn));
    QCOMPARE(header->sectionSize(QueueModel::VerdictColumn), verdictWidth);
    window->close();
    window.reset();
    QSettings().remove(QStringLiteral("window"));
}

// The person drags the verdict's right edge, then switches to Russian: that column keeps the
// width the person gave it; the others are fitted to the Russian texts.
void tst_QueueColumns::aWidthSetByHandSurvivesALanguageSwitch()
{
    QSettings().remove(QStringLiteral("window"));
    Translations::install(QStringLiteral("en"));
    auto window = openWindow();
    QVERIFY(window);
    QHeaderView *header = window->queuePane()->view()->horizontalHeader();
    const auto widthsOf = [](const QHeaderView *of) {
        QList<int> widths;
        // The follow-up stretches over what is left: the window sizes it, not the fit.
        for (int column = 0; column < QueueModel::FollowUpColumn; ++column)
            widths << of->sectionSize(column);
        return widths;
    };
    const QList<int> english = widthsOf(header);

    // A drag of the handle, as the mouse makes it: press on the edge, move with the button
    // down, release.
    const int edge = header->sectionViewportPosition(QueueModel::VerdictColumn)
        + header->sectionSize(QueueModel::VerdictColumn) - 1;
    const int y = header->height() / 2;
    const int dragged = header->sectionSize(QueueModel::VerdictColumn) + 150;
    const auto send = [header, y](QEvent::Type type, int x, Qt::MouseButtons buttons) {
        const QPoint at(x, y);
        QMouseEvent event(type, at, header->viewport()->mapToGlobal(at),
                          type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton, buttons, Qt::NoModifier);
        QApplication::sendEvent(header->viewport(), &event);
    };
    send(QEvent::MouseButtonPress, edge, Qt::LeftButton);
    send(QEvent::MouseMove, edge + 75, Qt::LeftButton);
    send(QEvent::MouseMove, edge + 150, Qt::LeftButton);
    send(QEvent::MouseButtonRelease, edge + 150, Qt::NoButton);
    QCOMPARE(header->sectionSize(QueueModel::VerdictColumn), dragged);

    Translations::install(QStringLiteral("ru"));
    const QString statusTitle = QCoreApplication::translate("RefundDesk::QueueModel", "Status");
    QVERIFY(statusTitle != QStringLiteral("Status"));
    QTRY_COMPARE(header->model()->headerData(QueueModel::StatusColumn, Qt::Horizontal).toString(), statusTitle);
    QCOMPARE(header->sectionSize(QueueModel::VerdictColumn), dragged);
    // The other columns are as a console started in Russian fits them.
    // A console of its own, without a layout kept by another.
    const auto widthsOfANewConsole = [this, &widthsOf] {
        QSettings().remove(QStringLiteral("window"));
        auto fresh = openWindow();
        const QList<int> widths = fresh ? widthsOf(fresh->queuePane()->view()->horizontalHeader()) : QList<int>();
        if (fresh)
            fresh->close();
        return widths;
    };
    const QList<int> russian = widthsOfANewConsole();
    QVERIFY2(russian != english, "the Russian texts need the same widths as the English ones");
    QList<int> expected = russian;
    expected[QueueModel::VerdictColumn] = dragged;
    QTRY_COMPARE(widthsOf(header), expected);

    Translations::install(QStringLiteral("en"));
    QTRY_COMPARE(header->model()->headerData(QueueModel::StatusColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Status"));
    expected = english;
    expected[QueueModel::VerdictColumn] = dragged;
    QTRY_COMPARE(widthsOf(header), expected);
    window->close();
    window.reset();
    QSettings().remove(QStringLiteral("window"));
}

// A column narrower than its title on one line shows the title on two, and the header
// grows a line for it; wide again, one line.
void tst_QueueColumns::aTitleWrapsInANarrowColumn()
{
    QStandardItemModel model(1, 2);
    model.setHorizontalHeaderLabels({QStringLiteral("Key window"), QStringLiteral("Follow-up")});
    QTableView view;
    auto *header = new WrappingHeaderView(&view);
    view.setHorizontalHeader(header);
    view.setModel(&model);
    view.resize(600, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    const int oneLine = header->sizeHint().height();
    const int titleWidth = header->fontMetrics().horizontalAdvance(QStringLiteral("Key window"));
    header->resizeSection(0, titleWidth + 60);
    QCOMPARE(header->linesOf(0), 1);
    // A section asks only for its widest word, so it may be narrower than its title.
    QVERIFY(header->sectionSizeHint(0) < titleWidth);
    header->resizeSection(0, header->sectionSizeHint(0));
    QCOMPARE(header->linesOf(0), 2);
    QCOMPARE(header->sizeHint().height(), oneLine + header->fontMetrics().lineSpacing());
    QTRY_COMPARE(header->height(), header->sizeHint().height());
    // The hyphen is a place to break as well.
    QVERIFY(header->sectionSizeHint(1) < header->fontMetrics().horizontalAdvance(QStringLiteral("Follow-up")));

    header->resizeSection(0, titleWidth + 60);
    QCOMPARE(header->linesOf(0), 1);
    QCOMPARE(header->sizeHint().height(), oneLine);
}

QTEST_MAIN(tst_QueueColumns)
#include "tst_queuecolumns.moc"
