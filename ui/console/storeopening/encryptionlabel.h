#pragma once

#include <QWidget>

#include <optional>

class QLabel;

namespace RefundDesk {

// The status bar's word on the link to a PostgreSQL server: a padlock and "Encrypted
// (TLS 1.3)", or an open padlock and "Not encrypted" when the link crosses the network in
// plain text. Hidden when nothing leaves the machine (SQLite, a Unix socket). The icon is
// never the only carrier: the word says the same.
class EncryptionLabel final : public QWidget
{
    Q_OBJECT

public:
    explicit EncryptionLabel(QWidget *parent = nullptr);

    // As Store::encryption says: none hides the label.
    void setEncryption(const std::optional<QString> &protocol);

protected:
    void changeEvent(QEvent *event) override;

private:
    void showEncryption();

    QLabel *m_icon;
    QLabel *m_text;
    std::optional<QString> m_protocol;
};

} // namespace RefundDesk
