#pragma once

#include "ui/console/stripe/stripehost.h"

#include <QObject>
#include <QString>
#include <QUrl>

class QAction;
class QToolButton;

namespace RefundDesk {

class AskStripeRunner;
class ConsoleStripeKey;
class StripeSecret;
class StripeLinks;
class BannerLabel;

// Puts "Ask Stripe" into the console: Operation › Ask Stripe (Ctrl+K) and a button beside
// the evidence, Operation › Copy a case for Stripe support (Ctrl+Shift+K) and the ids'
// Dashboard pages (StripeLinks). Asking Stripe, read-only, what became of the selected
// operation's refund runs on the AskStripeRunner's thread; a line beside the button says what is
// happening, then what Stripe said or, in one sentence, why nothing was kept. The answer
// is kept as a provider lookup, which the operation's History shows once it is read again.
// It reaches the window through StripeHost; the window tells it what it shows (the on…
// functions) and when to say its texts again (retranslate).
class AskStripeFlow final : public QObject
{
    Q_OBJECT

public:
    AskStripeFlow(StripeHost *host, const StripeParts &parts);

    QAction *askAction() const { return m_ask; }
    QAction *copyCaseAction() const { return m_copyCase; }
    StripeLinks *links() const { return m_links; }
    ConsoleStripeKey *key() const { return m_key; }
    QAction *keyAction() const { return m_keyAction; }
    QToolButton *button() const { return m_button; }
    BannerLabel *statusLine() const { return m_status; }
    AskStripeRunner *runner() const { return m_runner; }

    // Asks about the operation the panel shows; says why not when it cannot.
    void ask();
    // Puts the case for Stripe's support about the operation shown on the clipboard.
    void copyCase();
    // Stripe key…: give, change or forget the store's key.
    void changeKey();
    void retranslate();

    // The panel shows `operationId` (read anew, or why it could not be read).
    void onOperationShown(const QString &operationId);
    // The operation the actions act on may have changed.
    void onCurrentOperationChanged();
    // Another store is open (or the same one again).
    void onStoreOpened();

private:
    void updateEnabled();
    void askWith(const QString &operationId, const QString &location, const StripeSecret &secret, const QUrl &apiBase,
                 const QString &note);
    void say(const QString &operationId, const QString &text, int tone);

    StripeHost *m_host = nullptr;
    StripeParts m_parts;
    AskStripeRunner *m_runner = nullptr;
    QAction *m_ask = nullptr;
    QAction *m_copyCase = nullptr;
    StripeLinks *m_links = nullptr;
    QAction *m_keyAction = nullptr;
    ConsoleStripeKey *m_key = nullptr;
    QToolButton *m_button = nullptr;
    BannerLabel *m_status = nullptr;
    QString m_statusAbout; // the operation the status line speaks of
};

} // namespace RefundDesk
