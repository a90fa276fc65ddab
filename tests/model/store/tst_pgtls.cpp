// The PostgreSQL backend over TLS, against a server of the test's own with certificates
// of a throwaway CA: verify-full connects and says the link is encrypted; every failure
// (no root certificate, another CA, a host name the certificate does not name, an expired
// certificate, a client certificate refused, a key file others may read, a server
// without TLS) ends in one line that says what to change; the commands note a plain
// link across the network.

#include "clirun.h"
#include "pgtestserver.h"
#include "testcertificates.h"

#include "store/store.h"
#include "store/storefacts.h"

#include <QFile>
#include <QTest>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

const QString Database = QStringLiteral("tls");
const QString CertLogin = QStringLiteral("certuser");

} // namespace

class tst_PgTls : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void verifyFullConnectsEncrypted();
    void failuresSayWhatToChange_data();
    void failuresSayWhatToChange();
    void clientCertificateLogsIn();
    void expiredCertificateIsNamed();
    void plainLinkOnlyThroughLoopbackSaysNothing();
    void serverWithoutTlsIsNamed();

private:
    QString location(const QString &host, const QString &extra, const QString &user = QStringLiteral("postgres")) const
    {
        return m_server->tcpLocation(Database, user, host, extra);
    }
    QString verified(const QString &host = QStringLiteral("localhost")) const
    {
        return location(host, QStringLiteral("sslmode=verify-full sslrootcert=%1").arg(m_certificates->caCertificate()));
    }

    std::unique_ptr<TestCertificates> m_certificates;
    std::unique_ptr<PgTestServer> m_server;
};

void tst_PgTls::initTestCase()
{
    m_certificates = std::make_unique<TestCertificates>(CertLogin);
    QVERIFY2(m_certificates->isValid(), qPrintable(m_certificates->lastError()));
    m_server = std::make_unique<PgTestServer>();
    QVERIFY2(m_server->isRunning(), qPrintable(m_server->lastError()));
    QVERIFY(m_server->createDatabase(Database));
    QVERIFY(m_server->exec(QStringLiteral("postgres"), QStringLiteral("CREATE ROLE %1 LOGIN").arg(CertLogin)));
    const CliRun init = runRefundDesk({"init", "--db", m_server->location(Database)});
    QVERIFY2(init.exitCode == 0, qPrintable(init.err));
    QVERIFY2(m_server->applyRoles(Database), qPrintable(m_server->lastError()));
    QVERIFY(m_server->exec(QStringLiteral("postgres"), QStringLiteral("GRANT refund_desk_support TO %1").arg(CertLogin)));
    QVERIFY2(m_server->enableTls(m_certificates->serverCertificate(), m_certificates->serverKey(),
                                 m_certificates->caCertificate(),
                                 {QStringLiteral("hostssl all %1 127.0.0.1/32 cert").arg(CertLogin),
                                  QStringLiteral("hostssl all all 127.0.0.1/32 trust"),
                                  QStringLiteral("hostnossl all all 127.0.0.1/32 trust")}),
             qPrintable(m_server->lastError()));
}

void tst_PgTls::verifyFullConnectsEncrypted()
{
    auto store = StoreFactory::open(verified(), Store::OpenMode::ReadWrite);
    QVERIFY2(store, qPrintable(store ? QString() : store.error().message));
    const StoreState state = StoreState::of(**store);
    QVERIFY(state.encryption.has_value());
    QVERIFY2(state.encryption->startsWith(QLatin1String("TLS 1.")), qPrintable(*state.encryption));
    const CliRun queue = runRefundDesk({"queue", "--db", verified()});
    QVERIFY2(queue.exitCode == 0, qPrintable(queue.err));
    QVERIFY2(!queue.err.contains(QLatin1String("unencrypted")), qPrintable(queue.err));
}

void tst_PgTls::failuresSayWhatToChange_data()
{
    QTest::addColumn<QString>("extra");
    QTest::addColumn<QString>("host");
    QTest::addColumn<QString>("advice");
    QTest::newRow("no root certificate")
        << QStringLiteral("sslmode=verify-full sslrootcert=/nonexistent/root.crt") << QStringLiteral("localhost")
        << QStringLiteral("root certificate file is missing");
    QTest::newRow("another CA") << QStringLiteral("sslmode=verify-full sslrootcert=%1").arg(m_certificates->otherCaCertificate())
                                << QStringLiteral("localhost") << QStringLiteral("cannot be verified");
    QTest::newRow("host name") << QStringLiteral("sslmode=verify-full sslrootcert=%1").arg(m_certificates->caCertificate())
                               << QStringLiteral("127.0.0.1") << QStringLiteral("another host name");
}

void tst_PgTls::failuresSayWhatToChange()
{
    QFETCH(QString, extra);
    QFETCH(QString, host);
    QFETCH(QString, advice);
    const CliRun run = runRefundDesk({"queue", "--db", location(host, extra)});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(advice), qPrintable(run.err));
    QVERIFY2(!run.err.contains(QLatin1String("not running")), qPrintable(run.err));
    QCOMPARE(run.err.trimmed().count(u'\n'), 0);
}

void tst_PgTls::clientCertificateLogsIn()
{
    const QString base = QStringLiteral("sslmode=verify-full sslrootcert=%1").arg(m_certificates->caCertificate());
    // Without a certificate the server refuses this login.
    CliRun run = runRefundDesk({"queue", "--db", location(QStringLiteral("localhost"), base, CertLogin)});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(QLatin1String("refused this client's certificate")), qPrintable(run.err));

    const QString withCertificate = base + QStringLiteral(" sslcert=%1 sslkey=%2")
                                               .arg(m_certificates->clientCertificate(), m_certificates->clientKey());
    run = runRefundDesk({"queue", "--db", location(QStringLiteral("localhost"), withCertificate, CertLogin)});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));

    // A key that others may read is refused before anything is sent.
    const QString shared = m_certificates->path(QStringLiteral("shared.key"));
    QVERIFY(QFile::copy(m_certificates->clientKey(), shared));
    QVERIFY(QFile::setPermissions(shared, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther));
    const QString sharedKey = base + QStringLiteral(" sslcert=%1 sslkey=%2").arg(m_certificates->clientCertificate(), shared);
    run = runRefundDesk({"queue", "--db", location(QStringLiteral("localhost"), sharedKey, CertLogin)});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(QLatin1String("chmod 600")), qPrintable(run.err));
}

void tst_PgTls::expiredCertificateIsNamed()
{
    QVERIFY2(m_server->replaceCertificate(m_certificates->expiredServerCertificate()), qPrintable(m_server->lastError()));
    const CliRun run = runRefundDesk({"queue", "--db", verified()});
    QVERIFY2(m_server->replaceCertificate(m_certificates->serverCertificate()), qPrintable(m_server->lastError()));
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(QLatin1String("expired")), qPrintable(run.err));
    QCOMPARE(runRefundDesk({"queue", "--db", verified()}).exitCode, 0);
}

void tst_PgTls::plainLinkOnlyThroughLoopbackSaysNothing()
{
    // Plain text over loopback never leaves the machine: no note, and no word in the
    // console (Store::encryption is none).
    const QString plain = location(QStringLiteral("127.0.0.1"), QStringLiteral("sslmode=disable"));
    auto store = StoreFactory::open(plain, Store::OpenMode::ReadOnly);
    QVERIFY2(store, qPrintable(store ? QString() : store.error().message));
    QVERIFY(!(*store)->encryption().has_value());
    const CliRun run = runRefundDesk({"queue", "--db", plain});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(!run.err.contains(QLatin1String("unencrypted")), qPrintable(run.err));
}

void tst_PgTls::serverWithoutTlsIsNamed()
{
    const auto setSsl = [this](const char *value) {
        return m_server->exec(QStringLiteral("postgres"), QStringLiteral("ALTER SYSTEM SET ssl = %1").arg(QLatin1String(value)))
               && m_server->exec(QStringLiteral("postgres"), QStringLiteral("SELECT pg_reload_conf()"));
    };
    QVERIFY(setSsl("off"));
    const CliRun run = runRefundDesk({"queue", "--db", verified()});
    QVERIFY(setSsl("on"));
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(QLatin1String("does not offer TLS")), qPrintable(run.err));
}

QTEST_GUILESS_MAIN(tst_PgTls)
#include "tst_pgtls.moc"
