#include "ui/console/stripe/stripekeydialog.h"

#include "stripe/stripesecret.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace RefundDesk {

StripeKeyDialog::StripeKeyDialog(const QString &storeName, const QString &note, bool offerForget, QWidget *parent)
    : QDialog(parent)
    , m_note(new QLabel(this))
    , m_key(new QLineEdit(this))
{
    setObjectName(QStringLiteral("stripeKeyDialog"));
    setWindowTitle(tr("Stripe key"));
    auto *intro = new QLabel(tr("The Stripe key for %1: a restricted key (rk_…) with Refunds: Read and Events: Read. "
                                "Refund Desk only reads from Stripe.")
                                 .arg(storeName),
                             this);
    intro->setWordWrap(true);
    intro->setTextFormat(Qt::PlainText);
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
    m_key->setObjectName(QStringLiteral("stripeKeyField"));
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setPlaceholderText(QStringLiteral("rk_live_… / rk_test_…"));
    m_key->setAccessibleName(tr("Stripe key"));
    intro->setBuddy(m_key);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_save = buttons->addButton(tr("Save"), QDialogButtonBox::AcceptRole);
    m_save->setObjectName(QStringLiteral("saveKeyButton"));
    m_save->setEnabled(false);
    connect(m_key, &QLineEdit::textChanged, this, [this](const QString &text) { m_save->setEnabled(!text.trimmed().isEmpty()); });
    connect(m_save, &QPushButton::clicked, this, [this] {
        if (auto secret = StripeSecret::fromText(key()); !secret) {
            refuse(secret.error().message);
            return;
        }
        done(Saved);
    });
    if (offerForget) {
        QPushButton *forget = buttons->addButton(tr("Forget the key"), QDialogButtonBox::DestructiveRole);
        forget->setObjectName(QStringLiteral("forgetKeyButton"));
        connect(forget, &QPushButton::clicked, this, [this] { done(Forgotten); });
    }
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_key);
    layout->addWidget(m_note);
    layout->addWidget(buttons);
}

QByteArray StripeKeyDialog::key() const
{
    return m_key->text().trimmed().toUtf8();
}

void StripeKeyDialog::refuse(const QString &why)
{
    m_note->setText(why);
    m_note->show();
    m_key->selectAll();
    m_key->setFocus();
}

} // namespace RefundDesk
