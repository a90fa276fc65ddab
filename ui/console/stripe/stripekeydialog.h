#pragma once

#include <QDialog>

class QLabel;
class QLineEdit;
class QPushButton;

namespace RefundDesk {

// Asks for the Stripe key of one store: a restricted read-only key (rk_) with Refunds:
// Read and Events: Read. Save keeps the one typed; Forget (when a key is kept) removes it.
// The text typed is never shown.
class StripeKeyDialog final : public QDialog
{
    Q_OBJECT

public:
    enum Result { Saved = 1, Forgotten = 2 };

    StripeKeyDialog(const QString &storeName, const QString &note, bool offerForget, QWidget *parent = nullptr);

    QByteArray key() const;
    QLineEdit *keyField() const { return m_key; }
    // Shows why the key typed was refused, and keeps the dialog open.
    void refuse(const QString &why);

private:
    QLabel *m_note = nullptr;
    QLineEdit *m_key = nullptr;
    QPushButton *m_save = nullptr;
};

} // namespace RefundDesk
