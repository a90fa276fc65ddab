#include "stripe/stripekeysource.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

namespace RefundDesk {

namespace {

constexpr qint64 MaxKeyFileBytes = 4096;

QString octalMode(QFileDevice::Permissions p)
{
    int mode = 0;
    const std::pair<QFileDevice::Permission, int> bits[] = {
        {QFileDevice::ReadOwner, 0400}, {QFileDevice::WriteOwner, 0200}, {QFileDevice::ExeOwner, 0100},
        {QFileDevice::ReadGroup, 040},  {QFileDevice::WriteGroup, 020},  {QFileDevice::ExeGroup, 010},
        {QFileDevice::ReadOther, 04},   {QFileDevice::WriteOther, 02},   {QFileDevice::ExeOther, 01},
    };
    for (const auto &[permission, bit] : bits) {
        if (p.testFlag(permission))
            mode |= bit;
    }
    return QStringLiteral("%1").arg(mode, 4, 8, QLatin1Char('0'));
}

} // namespace

Result<StripeKeyReading> StripeKeySource::readFromEnvironment(const QString &keyFile)
{
    return read(keyFile, qgetenv(EnvironmentVariable));
}

Result<StripeKeyReading> StripeKeySource::read(const QString &keyFile, const QByteArray &environmentKey)
{
    if (keyFile.isEmpty()) {
        if (environmentKey.trimmed().isEmpty()) {
            return Error::usage(QCoreApplication::translate("Stripe", "No Stripe key: set STRIPE_API_KEY or pass --stripe-key-file "
                                                                      "FILE with a restricted key that has Refunds: Read and Events: Read."));
        }
        return reading(environmentKey, QString::fromLatin1(EnvironmentVariable));
    }
    const QFileInfo info(keyFile);
    if (!info.isFile()) {
        return Error::usage(QCoreApplication::translate("Stripe", "The key file %1 does not exist or is not a file: give the file "
                                                                  "that holds the restricted key.").arg(keyFile));
    }
    // Others or the group may read (or change) it: the key is as good as shared.
    const auto open = QFileDevice::ReadGroup | QFileDevice::WriteGroup | QFileDevice::ReadOther | QFileDevice::WriteOther;
    if (info.permissions() & open) {
        return Error::refused(QCoreApplication::translate("Stripe", "The key file %1 may be read by others (mode %2), so it is "
                                                                    "refused as ssh refuses such a key: run chmod 600 %1.")
                                  .arg(keyFile, octalMode(info.permissions())));
    }
    QFile file(keyFile);
    if (!file.open(QIODevice::ReadOnly)) {
        return Error::usage(QCoreApplication::translate("Stripe", "Cannot read the key file %1: %2.").arg(keyFile, file.errorString()));
    }
    // The key is the first line; a comment or a newline after it is the file's business.
    const QByteArray firstLine = file.read(MaxKeyFileBytes).split('\n').value(0);
    return reading(firstLine, keyFile);
}

Result<StripeKeyReading> StripeKeySource::reading(const QByteArray &text, const QString &where)
{
    auto secret = StripeSecret::fromText(text);
    if (!secret)
        return Error{secret.error().kind, QStringLiteral("%1 (%2)").arg(secret.error().message, where)};
    StripeKeyReading result{*secret, {}};
    if (secret->kind() == StripeSecret::Kind::Secret) {
        result.note = QCoreApplication::translate("Stripe", "Note: the key from %1 is a secret key (sk_…), which can also write; "
                                                            "a restricted key with Refunds: Read and Events: Read only is the "
                                                            "right one.").arg(where);
    }
    return result;
}

} // namespace RefundDesk
