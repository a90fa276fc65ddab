// WrappingRowLayout: widgets side by side while they fit, on further lines when not; the
// row asks for its widest widget's width at least and for all of them on one line at most.

#include "ui/common/wrappingrowlayout.h"

#include <QTest>
#include <QWidget>

using namespace RefundDesk;

class WrappingRowLayoutTest : public QObject
{
    Q_OBJECT

private slots:
    void linesFollowTheWidth_data();
    void linesFollowTheWidth();
    void sizesAskForTheWidestAndForOneLine();
    void hiddenWidgetsTakeNoRoom();
    void aLineCentresItsWidgets();
};

namespace {

// A row of widgets of the given sizes, 10 px apart, without margins.
struct Row
{
    explicit Row(const QList<QSize> &sizes)
    {
        layout->setSpacing(10);
        layout->setContentsMargins(0, 0, 0, 0);
        for (const QSize &size : sizes) {
            auto *child = new QWidget(&owner);
            child->setFixedSize(size);
            layout->addWidget(child);
            children << child;
        }
    }

    // Lays the row out `width` wide, as tall as it asks to be.
    void layOut(int width)
    {
        owner.resize(width, layout->heightForWidth(width));
        layout->setGeometry(QRect(0, 0, width, layout->heightForWidth(width)));
    }

    QWidget owner;
    WrappingRowLayout *layout = new WrappingRowLayout(&owner);
    QList<QWidget *> children;
};

} // namespace

void WrappingRowLayoutTest::linesFollowTheWidth_data()
{
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("height");
    QTest::addColumn<QList<QPoint>>("positions");

    // Three widgets 100 × 20: 320 px holds all three (100 + 10 + 100 + 10 + 100).
    QTest::newRow("one line") << 320 << 20 << QList<QPoint>{{0, 0}, {110, 0}, {220, 0}};
    QTest::newRow("one px short: two lines") << 319 << 50 << QList<QPoint>{{0, 0}, {110, 0}, {0, 30}};
    QTest::newRow("one a line") << 209 << 80 << QList<QPoint>{{0, 0}, {0, 30}, {0, 60}};
    // Narrower than one widget: still one a line, never an empty line.
    QTest::newRow("narrower than a widget") << 50 << 80 << QList<QPoint>{{0, 0}, {0, 30}, {0, 60}};
}

void WrappingRowLayoutTest::linesFollowTheWidth()
{
    QFETCH(int, width);
    QFETCH(int, height);
    QFETCH(QList<QPoint>, positions);

    Row row({{100, 20}, {100, 20}, {100, 20}});
    QVERIFY(row.layout->hasHeightForWidth());
    QCOMPARE(row.layout->heightForWidth(width), height);
    row.layOut(width);
    for (int i = 0; i < positions.size(); ++i)
        QCOMPARE(row.children.at(i)->pos(), positions.at(i));
}

void WrappingRowLayoutTest::sizesAskForTheWidestAndForOneLine()
{
    Row row({{100, 20}, {150, 24}, {80, 20}});
    QCOMPARE(row.layout->minimumSize(), QSize(150, 24));
    QCOMPARE(row.layout->sizeHint(), QSize(100 + 10 + 150 + 10 + 80, 24));

    row.layout->setContentsMargins(3, 4, 5, 6);
    QCOMPARE(row.layout->minimumSize(), QSize(150 + 3 + 5, 24 + 4 + 6));
    QCOMPARE(row.layout->heightForWidth(500), 24 + 4 + 6);
    // Two lines: 100 and 150 fit 270 px less the margins; 80 goes below.
    QCOMPARE(row.layout->heightForWidth(270), 24 + 10 + 20 + 4 + 6);
}

void WrappingRowLayoutTest::hiddenWidgetsTakeNoRoom()
{
    Row row({{100, 20}, {100, 20}, {100, 20}});
    row.owner.show();
    row.children.at(1)->hide();
    QCOMPARE(row.layout->sizeHint(), QSize(210, 20));
    QCOMPARE(row.layout->heightForWidth(210), 20);
    row.layOut(210);
    QCOMPARE(row.children.at(2)->pos(), QPoint(110, 0));
}

void WrappingRowLayoutTest::aLineCentresItsWidgets()
{
    Row row({{100, 30}, {60, 10}});
    row.layOut(200);
    QCOMPARE(row.children.at(0)->pos(), QPoint(0, 0));
    QCOMPARE(row.children.at(1)->pos(), QPoint(110, 10));
}

QTEST_MAIN(WrappingRowLayoutTest)
#include "tst_wrappingrowlayout.moc"
