#pragma once

#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace RefundDesk::Test {

// A throwaway certificate authority and what it signs, made with openssl in a temporary
// folder: a server certificate for "localhost" (and an expired one with the same key), a
// client certificate for a login, and a second CA that signed none of them.
class TestCertificates final
{
public:
    // `clientLogin` is the common name of the client certificate (the login it stands for).
    explicit TestCertificates(const QString &clientLogin);

    bool isValid() const { return m_valid; }
    const QString &lastError() const { return m_lastError; }

    QString path(const QString &name) const { return m_dir.filePath(name); }
    QString caCertificate() const { return path(QStringLiteral("ca.crt")); }
    QString otherCaCertificate() const { return path(QStringLiteral("otherca.crt")); }
    QString serverCertificate() const { return path(QStringLiteral("server.crt")); }
    QString expiredServerCertificate() const { return path(QStringLiteral("expired.crt")); }
    QString serverKey() const { return path(QStringLiteral("server.key")); }
    QString clientCertificate() const { return path(QStringLiteral("client.crt")); }
    QString clientKey() const { return path(QStringLiteral("client.key")); }

private:
    bool openssl(const QStringList &arguments);
    bool write(const QString &name, const QByteArray &text);

    QTemporaryDir m_dir;
    bool m_valid = false;
    QString m_lastError;
};

} // namespace RefundDesk::Test
