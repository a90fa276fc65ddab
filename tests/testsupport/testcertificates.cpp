#include "testcertificates.h"

#include <QDir>
#include <QFile>
#include <QProcess>

namespace RefundDesk::Test {

TestCertificates::TestCertificates(const QString &clientLogin)
    : m_dir(QDir::tempPath() + QStringLiteral("/rd-tls-XXXXXX"))
{
    if (!m_dir.isValid()) {
        m_lastError = QStringLiteral("no temporary folder: %1").arg(m_dir.errorString());
        return;
    }
    const QStringList days = {QStringLiteral("-days"), QStringLiteral("30")};
    auto ca = [&](const QString &name, const QString &subject) {
        return openssl(QStringList{"req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path(name + ".key"), "-out",
                                   path(name + ".crt"), "-subj", subject, "-addext", "basicConstraints=critical,CA:TRUE"}
                       + days);
    };
    auto request = [&](const QString &name, const QString &subject) {
        return openssl({"req", "-newkey", "rsa:2048", "-nodes", "-keyout", path(name + ".key"), "-out", path(name + ".csr"),
                        "-subj", subject});
    };
    auto sign = [&](const QString &csr, const QString &out, const QString &extensions) {
        return openssl(QStringList{"x509", "-req", "-in", path(csr), "-CA", caCertificate(), "-CAkey", path("ca.key"),
                                   "-CAcreateserial", "-out", path(out), "-extfile", path(extensions)}
                       + days);
    };
    // The expired certificate: `openssl ca` is the one that takes dates in the past.
    const QByteArray caConfig = "[ca]\ndefault_ca = test\n[test]\ndir = " + QFile::encodeName(m_dir.path())
                                + "\ndatabase = $dir/index.txt\nnew_certs_dir = $dir\nserial = $dir/serial\n"
                                  "certificate = $dir/ca.crt\nprivate_key = $dir/ca.key\ndefault_md = sha256\n"
                                  "policy = any\ncopy_extensions = copy\nunique_subject = no\n"
                                  "[any]\ncommonName = supplied\n";
    m_valid = ca(QStringLiteral("ca"), QStringLiteral("/CN=Refund Desk test CA"))
              && ca(QStringLiteral("otherca"), QStringLiteral("/CN=Another test CA"))
              && write(QStringLiteral("server.ext"), "subjectAltName = DNS:localhost\n")
              && write(QStringLiteral("client.ext"), "basicConstraints = CA:FALSE\n")
              && request(QStringLiteral("server"), QStringLiteral("/CN=localhost"))
              && sign(QStringLiteral("server.csr"), QStringLiteral("server.crt"), QStringLiteral("server.ext"))
              && request(QStringLiteral("client"), QStringLiteral("/CN=") + clientLogin)
              && sign(QStringLiteral("client.csr"), QStringLiteral("client.crt"), QStringLiteral("client.ext"))
              && write(QStringLiteral("ca.cnf"), caConfig) && write(QStringLiteral("index.txt"), "")
              && write(QStringLiteral("serial"), "1000\n")
              && openssl({"ca", "-batch", "-config", path("ca.cnf"), "-startdate", "20200101000000Z", "-enddate",
                          "20200201000000Z", "-extfile", path("server.ext"), "-in", path("server.csr"), "-out",
                          expiredServerCertificate()});
    // libpq refuses a client key that others may read.
    m_valid = m_valid && QFile::setPermissions(clientKey(), QFile::ReadOwner | QFile::WriteOwner);
}

bool TestCertificates::openssl(const QStringList &arguments)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(QStringLiteral("openssl"), arguments);
    if (!process.waitForFinished(60'000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        m_lastError = QStringLiteral("openssl %1 failed: %2").arg(arguments.first(), QString::fromUtf8(process.readAll()));
        return false;
    }
    return true;
}

bool TestCertificates::write(const QString &name, const QByteArray &text)
{
    QFile file(path(name));
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size()) {
        m_lastError = QStringLiteral("cannot write %1").arg(file.fileName());
        return false;
    }
    return true;
}

} // namespace RefundDesk::Test
