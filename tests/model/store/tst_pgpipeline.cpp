// A pipeline (PgPipeline, libpq's pipeline mode) whose statements and answers are each far
// larger than what a socket holds: it must arrive whole, in order, over a Unix socket and
// over a slow link, because the client reads the server's answers while it is still
// sending. A small pipeline still costs one round trip.
#include "latencyproxy.h"
#include "pgtestserver.h"

#include "store/postgresql/pgbatch.h"
#include "store/postgresql/pgconnection.h"
#include "store/postgresql/pgconninfo.h"

#include <QTest>

#include <memory>

using namespace RefundDesk;
using namespace RefundDesk::Internal;
using namespace RefundDesk::Test;

class tst_PgPipeline : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void largePipelineArrivesWhole_data();
    void largePipelineArrivesWhole();
    void smallPipelineIsOneRoundTrip();
    void cleanupTestCase();

private:
    std::unique_ptr<PgConnection> connect(const QString &location);

    std::unique_ptr<PgTestServer> m_server;
    std::unique_ptr<LatencyProxy> m_proxy;
    const QString m_db = QStringLiteral("pipelines");
};

// Each statement carries this much and answers with as much: 300 of them are about 19 MB
// each way, some hundred times a Unix socket's buffer.
static constexpr int kStatementBytes = 64 * 1024;
static constexpr int kStatements = 300;

static QString payloadOf(int i)
{
    const QString mark = QStringLiteral("statement %1;").arg(i);
    QString text = mark.repeated(kStatementBytes / int(mark.size()) + 1);
    text.truncate(kStatementBytes);
    return text;
}

void tst_PgPipeline::initTestCase()
{
    m_server = std::make_unique<PgTestServer>();
    QVERIFY2(m_server->isRunning(), qPrintable(m_server->lastError()));
    QVERIFY(m_server->createDatabase(m_db));
    m_proxy = std::make_unique<LatencyProxy>(m_server->socketPath(), 10);
    QVERIFY(m_proxy->start());
}

void tst_PgPipeline::cleanupTestCase()
{
    m_proxy.reset();
    m_server.reset();
}

std::unique_ptr<PgConnection> tst_PgPipeline::connect(const QString &location)
{
    auto info = PgConnInfo::parse(location);
    if (!info)
        return {};
    auto connection = PgConnection::connect(*info, false);
    if (!connection) {
        qWarning("%s", qPrintable(connection.error().message));
        return {};
    }
    return std::move(*connection);
}

void tst_PgPipeline::largePipelineArrivesWhole_data()
{
    QTest::addColumn<bool>("throughSlowLink");
    QTest::newRow("Unix socket") << false;
    QTest::newRow("a 20 ms round trip") << true;
}

void tst_PgPipeline::largePipelineArrivesWhole()
{
    QFETCH(bool, throughSlowLink);
    const QString location = throughSlowLink ? m_proxy->pgLocation(m_db, QStringLiteral("postgres"))
                                             : m_server->location(m_db);
    auto connection = connect(location);
    QVERIFY(connection);

    PgBatch batch;
    for (int i = 0; i < kStatements; ++i)
        batch.add("SELECT $1::text, length($1::text)", PgParams().add(payloadOf(i)));
    const std::vector<PgResult> answers = connection->execAll(batch);

    QCOMPARE(int(answers.size()), kStatements);
    for (int i = 0; i < kStatements; ++i) {
        QVERIFY2(answers[size_t(i)].isOk(), qPrintable(QStringLiteral("statement %1: %2")
                                                           .arg(i)
                                                           .arg(answers[size_t(i)].errorMessage())));
        QCOMPARE(answers[size_t(i)].integer(0, 1), qint64(kStatementBytes));
        QCOMPARE(answers[size_t(i)].text(0, 0), payloadOf(i));
    }
    // The connection is still fit for the next pipeline.
    QCOMPARE(connection->exec("SELECT 42").integer(0, 0), qint64(42));
}

void tst_PgPipeline::smallPipelineIsOneRoundTrip()
{
    auto connection = connect(m_proxy->pgLocation(m_db, QStringLiteral("postgres")));
    QVERIFY(connection);
    QCOMPARE(connection->exec("SELECT 1").integer(0, 0), qint64(1)); // the session's setup is done

    PgBatch batch;
    for (int i = 0; i < 200; ++i)
        batch.add("SELECT $1::bigint * 2", PgParams().add(qint64(i)));
    m_proxy->resetCounts();
    const std::vector<PgResult> answers = connection->execAll(batch);
    QCOMPARE(m_proxy->roundTrips(), qint64(1));
    QCOMPARE(int(answers.size()), 200);
    for (int i = 0; i < 200; ++i)
        QCOMPARE(answers[size_t(i)].integer(0, 0), qint64(2 * i));
}

QTEST_GUILESS_MAIN(tst_PgPipeline)

#include "tst_pgpipeline.moc"
