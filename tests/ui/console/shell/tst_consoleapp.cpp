// The refund-desk executable's console options, run as a separate process offscreen:
// --screenshot writes a PNG and exits 0 (sharp at 200 %, and without any display); a bad
// store exits 3; bad usage exits 2.

#include "clirun.h"
#include "teststore.h"

#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

using RefundDesk::Test::CliRun;
using RefundDesk::Test::environmentWithoutDisplay;
using RefundDesk::Test::runRefundDesk;
using RefundDesk::Test::TestStore;

class TestConsoleApp : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void screenshotOfAnOperation();
    void screenshotExitCodes_data();
    void screenshotExitCodes();
    void screenshotAtTwiceTheScaleIsSharp();
    void screenshotNeedsNoDisplay_data();
    void screenshotNeedsNoDisplay();

private:
    int run(const QStringList &arguments, QString *errorText = nullptr);
    QProcessEnvironment isolated(QProcessEnvironment environment) const;
    QStringList screenshotArguments(const QString &png) const;

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestConsoleApp::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    TestStore fixture(m_dir->filePath(QStringLiteral("desk.sqlite")));
    QVERIFY(fixture.isValid());
    QVERIFY(fixture.addOperation(TestStore::operation(QStringLiteral("op_1"))));
    QVERIFY(fixture.addOperation(TestStore::operation(QStringLiteral("op_2"), RefundDesk::OperationStatus::Checking)));
    QFile bogus(m_dir->filePath(QStringLiteral("bogus.sqlite")));
    QVERIFY(bogus.open(QIODevice::WriteOnly));
    bogus.write("not a store");
}

// Settings of a run stay in the temporary folder.
QProcessEnvironment TestConsoleApp::isolated(QProcessEnvironment environment) const
{
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir->filePath(QStringLiteral("config")));
    environment.insert(QStringLiteral("XDG_DATA_HOME"), m_dir->filePath(QStringLiteral("data")));
    return environment;
}

QStringList TestConsoleApp::screenshotArguments(const QString &png) const
{
    return {QStringLiteral("--db"), m_dir->filePath(QStringLiteral("desk.sqlite")), QStringLiteral("--operator"),
            QStringLiteral("alice"), QStringLiteral("--screenshot"), png, QStringLiteral("--select"),
            QStringLiteral("op_2")};
}

int TestConsoleApp::run(const QStringList &arguments, QString *errorText)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    const CliRun result = runRefundDesk(arguments, 30'000, isolated(environment));
    if (errorText)
        *errorText = result.err;
    return result.exitCode;
}

void TestConsoleApp::screenshotOfAnOperation()
{
    const QString png = m_dir->filePath(QStringLiteral("shot.png"));
    QString errors;
    QCOMPARE(run(screenshotArguments(png), &errors), 0);
    const QImage image(png);
    QVERIFY2(!image.isNull(), qPrintable(errors));
    QCOMPARE(image.size(), QSize(1366, 768));
}

void TestConsoleApp::screenshotExitCodes_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");

    QTest::newRow("not a store") << QStringList{QStringLiteral("--db"), QStringLiteral("bogus.sqlite")} << 3;
    QTest::newRow("missing store") << QStringList{QStringLiteral("--db"), QStringLiteral("missing.sqlite")} << 3;
    QTest::newRow("unknown operation")
        << QStringList{QStringLiteral("--db"), QStringLiteral("desk.sqlite"), QStringLiteral("--select"),
                       QStringLiteral("op_404")}
        << 2;
    QTest::newRow("db and demo") << QStringList{QStringLiteral("--db"), QStringLiteral("desk.sqlite"),
                                                QStringLiteral("--demo")}
                                 << 2;
    QTest::newRow("unknown option") << QStringList{QStringLiteral("--colour"), QStringLiteral("pink")} << 2;
}

void TestConsoleApp::screenshotExitCodes()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    // Paths relative to the temporary folder.
    for (int i = 0; i + 1 < arguments.size(); ++i) {
        if (arguments[i] == QStringLiteral("--db"))
            arguments[i + 1] = m_dir->filePath(arguments[i + 1]);
    }
    const QString png = m_dir->filePath(QStringLiteral("shot.png"));
    arguments << QStringLiteral("--operator") << QStringLiteral("alice") << QStringLiteral("--screenshot") << png;
    QString errors;
    QCOMPARE(run(arguments, &errors), exitCode);
    QVERIFY2(!errors.trimmed().isEmpty(), "a failing run says why");
    QVERIFY(!QFile::exists(png));
}

namespace {

// The share of 2x2 pixel blocks, on a grid aligned to even pixels, whose four pixels are
// not all the same. A picture drawn at 1x and blown up has none: every logical pixel is a
// uniform block. One drawn at 2x has edges inside blocks wherever there is text or a line.
double detailInsideBlocks(const QImage &image)
{
    const QImage picture = image.convertToFormat(QImage::Format_RGB32);
    qint64 blocks = 0;
    qint64 detailed = 0;
    for (int y = 0; y + 1 < picture.height(); y += 2) {
        const auto *top = reinterpret_cast<const QRgb *>(picture.constScanLine(y));
        const auto *bottom = reinterpret_cast<const QRgb *>(picture.constScanLine(y + 1));
        for (int x = 0; x + 1 < picture.width(); x += 2) {
            ++blocks;
            if (top[x] != top[x + 1] || top[x] != bottom[x] || top[x] != bottom[x + 1])
                ++detailed;
        }
    }
    return blocks ? double(detailed) / double(blocks) : 0.0;
}

} // namespace

void TestConsoleApp::screenshotAtTwiceTheScaleIsSharp()
{
    const QString normal = m_dir->filePath(QStringLiteral("shot-1x.png"));
    const QString doubled = m_dir->filePath(QStringLiteral("shot-2x.png"));
    QString errors;
    QCOMPARE(run(screenshotArguments(normal), &errors), 0);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    environment.insert(QStringLiteral("QT_SCALE_FACTOR"), QStringLiteral("2"));
    const CliRun twice = runRefundDesk(screenshotArguments(doubled), 60'000, isolated(environment));
    QVERIFY2(twice.exitCode == 0, qPrintable(twice.err));

    const QImage small(normal);
    const QImage large(doubled);
    QVERIFY2(!small.isNull() && !large.isNull(), qPrintable(errors + twice.err));
    // The same logical window, twice the pixels each way.
    QCOMPARE(small.size(), QSize(1366, 768));
    QCOMPARE(large.size(), QSize(2732, 1536));
    // Drawn at 2x, not drawn at 1x and enlarged: much of the picture has detail finer than
    // a logical pixel.
    const double detail = detailInsideBlocks(large);
    QVERIFY2(detail > 0.02, qPrintable(QStringLiteral("only %1 of the 2x2 blocks have detail").arg(detail)));
    const QImage enlarged = small.scaled(large.size());
    QCOMPARE(detailInsideBlocks(enlarged), 0.0);
}

void TestConsoleApp::screenshotNeedsNoDisplay_data()
{
    QTest::addColumn<QStringList>("extra");
    QTest::newRow("no display: rendered offscreen") << QStringList();
    QTest::newRow("-platform offscreen") << QStringList({QStringLiteral("-platform"), QStringLiteral("offscreen")});
}

void TestConsoleApp::screenshotNeedsNoDisplay()
{
    QFETCH(QStringList, extra);
    const QString png = m_dir->filePath(QStringLiteral("headless.png"));
    const CliRun result = runRefundDesk(extra + screenshotArguments(png), 60'000, isolated(environmentWithoutDisplay()));
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QCOMPARE(QImage(png).size(), QSize(1366, 768));
}

QTEST_GUILESS_MAIN(TestConsoleApp)
#include "tst_consoleapp.moc"
