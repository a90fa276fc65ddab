// The refund-desk executable's console options, run as a separate process offscreen:
// --screenshot writes a PNG and exits 0; a bad store exits 3; bad usage exits 2.

#include "clirun.h"
#include "teststore.h"

#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

using RefundDesk::Test::CliRun;
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

private:
    int run(const QStringList &arguments, QString *errorText = nullptr);

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

int TestConsoleApp::run(const QStringList &arguments, QString *errorText)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    // Settings of this run stay in the temporary folder.
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir->filePath(QStringLiteral("config")));
    environment.insert(QStringLiteral("XDG_DATA_HOME"), m_dir->filePath(QStringLiteral("data")));
    const CliRun result = runRefundDesk(arguments, 30'000, environment);
    if (errorText)
        *errorText = result.err;
    return result.exitCode;
}

void TestConsoleApp::screenshotOfAnOperation()
{
    const QString png = m_dir->filePath(QStringLiteral("shot.png"));
    QString errors;
    QCOMPARE(run({QStringLiteral("--db"), m_dir->filePath(QStringLiteral("desk.sqlite")), QStringLiteral("--operator"),
                  QStringLiteral("alice"), QStringLiteral("--screenshot"), png, QStringLiteral("--select"),
                  QStringLiteral("op_2")},
                 &errors),
             0);
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

QTEST_GUILESS_MAIN(TestConsoleApp)
#include "tst_consoleapp.moc"
