#pragma once

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
class MainWindow;
class OperatorIdentity;

// Puts "Ask Stripe" into the console: Operation › Ask Stripe (Ctrl+K) and a button beside
// the evidence, Operation › Copy a case for Stripe support (Ctrl+Shift+K) and the ids'
// Dashboard pages (StripeLinks). Asking Stripe, read-only, what became of the selected
// operation's refund runs on the AskStripeRunner's thread; a line beside the button says what is
// happening, then what Stripe said or, in one sentence, why nothing was kept. The answer
// is kept as a provider lookup, which the operation's History shows once it is read again.
class AskStripeFlow final : public QObject
{
    Q_OBJECT

public:
    AskStripeFlow(MainWindow *window, OperatorIdentity *identity);

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

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void updateEnabled();
    void askWith(const QString &operationId, const QString &location, const StripeSecret &secret, const QUrl &apiBase,
                 const QString &note);
    void say(const QString &operationId, const QString &text, int tone);
    void onShown(const QString &operationId);

    MainWindow *m_window = nullptr;
    OperatorIdentity *m_identity = nullptr;
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
