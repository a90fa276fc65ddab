#pragma once

#include "stripe/stripesecret.h"
#include "ui/console/stripe/stripekeydialog.h"

#include <QHash>
#include <QObject>
#include <QPointer>

#include <functional>
#include <optional>

class QWidget;

namespace RefundDesk {

class StripeKeyring;

// The console's Stripe key for a store: STRIPE_API_KEY when set (the demo, a script),
// else the one kept in the desktop's keyring for the store's location, else the one
// typed in the Stripe key dialog, kept in the keyring (or, with no keyring, for this
// session, saying why). Never in the store, the settings or a text the window shows.
class ConsoleStripeKey final : public QObject
{
    Q_OBJECT

public:
    // `note`: one sentence for the person beside the key (a secret key works but a
    // restricted read-only one is right; the keyring is missing), else empty.
    using Done = std::function<void(std::optional<StripeSecret> secret, const QString &note)>;

    ConsoleStripeKey(StripeKeyring *keyring, QWidget *dialogParent);

    // Replaces the keyring (tests); takes it.
    void setKeyring(StripeKeyring *keyring);
    // The key for the store at `location`, asking for it when none is kept; nothing when
    // the person cancels.
    void obtain(const QString &location, const QString &storeName, Done done);
    // Stripe key…: type another key for the store, or forget the one kept.
    void change(const QString &location, const QString &storeName, Done done);
    StripeKeyDialog *dialog() const { return m_dialog; }

private:
    void ask(const QString &location, const QString &storeName, const QString &note, bool offerForget, Done done);
    void use(const QString &location, const StripeSecret &secret, QString note, Done done);

    StripeKeyring *m_keyring = nullptr;
    QWidget *m_dialogParent = nullptr;
    QPointer<StripeKeyDialog> m_dialog;
    QHash<QString, std::optional<StripeSecret>> m_session; // keys of this session, by location
    QString m_noKeyring;        // why the keyring cannot be used, once it said so
    bool m_secretKeyToldOnce = false;
};

} // namespace RefundDesk
