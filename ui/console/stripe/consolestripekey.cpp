#include "ui/console/stripe/consolestripekey.h"

#include "stripe/stripekeysource.h"
#include "ui/console/stripe/stripekeydialog.h"
#include "ui/console/stripe/stripekeyring.h"

namespace RefundDesk {

ConsoleStripeKey::ConsoleStripeKey(StripeKeyring *keyring, QWidget *dialogParent)
    : QObject(dialogParent)
    , m_keyring(keyring)
    , m_dialogParent(dialogParent)
{
    m_keyring->setParent(this);
}

void ConsoleStripeKey::setKeyring(StripeKeyring *keyring)
{
    delete m_keyring;
    m_keyring = keyring;
    m_keyring->setParent(this);
}

void ConsoleStripeKey::obtain(const QString &location, const QString &storeName, Done done)
{
    // The environment's key first: the demo and scripts set it, and then no dialog.
    const QByteArray environment = qgetenv(StripeKeySource::EnvironmentVariable);
    if (!environment.trimmed().isEmpty()) {
        auto reading = StripeKeySource::read({}, environment);
        if (!reading) {
            done(std::nullopt, reading.error().message);
            return;
        }
        use(location, reading->secret, {}, std::move(done));
        return;
    }
    if (auto kept = m_session.value(location)) {
        done(*kept, {});
        return;
    }
    QPointer<ConsoleStripeKey> self(this);
    m_keyring->read(location, [self, location, storeName, done](StripeKeyring::Found found, const QByteArray &key,
                                                                 const QString &why) {
        if (!self)
            return;
        if (found == StripeKeyring::Found::Key) {
            if (auto secret = StripeSecret::fromText(key)) {
                self->use(location, *secret, {}, done);
                return;
            }
        }
        if (found == StripeKeyring::Found::NoKeyring)
            self->m_noKeyring = why;
        self->ask(location, storeName, self->m_noKeyring, false, done);
    });
}

void ConsoleStripeKey::change(const QString &location, const QString &storeName, Done done)
{
    ask(location, storeName, m_noKeyring, true, std::move(done));
}

void ConsoleStripeKey::ask(const QString &location, const QString &storeName, const QString &note, bool offerForget,
                           Done done)
{
    if (m_dialog)
        return;
    m_dialog = new StripeKeyDialog(storeName, note, offerForget, m_dialogParent);
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    StripeKeyDialog *dialog = m_dialog;
    connect(dialog, &QDialog::finished, this, [this, dialog, location, done](int result) {
        if (result == StripeKeyDialog::Forgotten) {
            m_session.remove(location);
            m_keyring->forget(location, [](const QString &) {});
            done(std::nullopt, tr("The Stripe key for this store is forgotten."));
            return;
        }
        auto secret = result == StripeKeyDialog::Saved ? StripeSecret::fromText(dialog->key())
                                                       : Result<StripeSecret>(Error::usage(QString()));
        if (!secret) {
            done(std::nullopt, {});
            return;
        }
        m_session.insert(location, *secret);
        QPointer<ConsoleStripeKey> self(this);
        m_keyring->write(location, dialog->key(), [self](const QString &why) {
            if (self && !why.isEmpty())
                self->m_noKeyring = why;
        });
        use(location, *secret, m_noKeyring, done);
    });
    dialog->open();
}

void ConsoleStripeKey::use(const QString &location, const StripeSecret &secret, QString note, Done done)
{
    Q_UNUSED(location);
    if (secret.kind() == StripeSecret::Kind::Secret && !m_secretKeyToldOnce) {
        m_secretKeyToldOnce = true;
        const QString once = tr("This is a secret key (sk_), which can also write; Refund Desk only reads, and a "
                                "restricted read-only key (rk_) is the right one to give it.");
        note = note.isEmpty() ? once : note + QLatin1Char(' ') + once;
    }
    done(secret, note);
}

} // namespace RefundDesk
