#pragma once

#include <QWidget>

class QPushButton;

namespace RefundDesk {

class BannerLabel;

// The offer of the schema upgrade, above the queue, while the open store is of schema
// version 1 and this connection may upgrade it: what version 2 adds and an Upgrade
// button. It writes nothing itself (upgradeRequested).
class UpgradeBanner final : public QWidget
{
    Q_OBJECT

public:
    explicit UpgradeBanner(QWidget *parent = nullptr);

    // While an upgrade runs the button waits.
    void setUpgrading(bool upgrading);
    QPushButton *upgradeButton() const { return m_button; }
    QString text() const;

signals:
    void upgradeRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    BannerLabel *m_label = nullptr;
    QPushButton *m_button = nullptr;
    bool m_upgrading = false;
};

} // namespace RefundDesk
