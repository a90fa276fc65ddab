#include "ui/console/stripe/stripekeyring.h"

#include <qt6keychain/keychain.h>

namespace RefundDesk {

namespace {

const QString Service = QStringLiteral("Refund Desk Stripe key");

QString unavailable(const QString &detail)
{
    return StripeKeyring::tr("The desktop's keyring cannot be used (%1), so the key is kept for this session only: "
                             "start a keyring (GNOME Keyring, KWallet) to have it remembered.")
        .arg(detail);
}

class DesktopKeyring final : public StripeKeyring
{
public:
    using StripeKeyring::StripeKeyring;

    void read(const QString &location, ReadDone done) override
    {
        auto *job = new QKeychain::ReadPasswordJob(Service, this);
        job->setKey(location);
        connect(job, &QKeychain::Job::finished, this, [job, done](QKeychain::Job *) {
            switch (job->error()) {
            case QKeychain::NoError:
                done(Found::Key, job->binaryData(), {});
                break;
            case QKeychain::EntryNotFound:
                done(Found::None, {}, {});
                break;
            default:
                done(Found::NoKeyring, {}, unavailable(job->errorString()));
                break;
            }
        });
        job->start();
    }

    void write(const QString &location, const QByteArray &key, WriteDone done) override
    {
        auto *job = new QKeychain::WritePasswordJob(Service, this);
        job->setKey(location);
        job->setBinaryData(key);
        connect(job, &QKeychain::Job::finished, this, [job, done](QKeychain::Job *) {
            done(job->error() == QKeychain::NoError ? QString() : unavailable(job->errorString()));
        });
        job->start();
    }

    void forget(const QString &location, WriteDone done) override
    {
        auto *job = new QKeychain::DeletePasswordJob(Service, this);
        job->setKey(location);
        connect(job, &QKeychain::Job::finished, this, [job, done](QKeychain::Job *) {
            const bool gone = job->error() == QKeychain::NoError || job->error() == QKeychain::EntryNotFound;
            done(gone ? QString() : unavailable(job->errorString()));
        });
        job->start();
    }
};

} // namespace

StripeKeyring *StripeKeyring::desktop(QObject *parent)
{
    return new DesktopKeyring(parent);
}

} // namespace RefundDesk
