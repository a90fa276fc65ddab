#pragma once

#include "domain/providerlookup.h"

#include <QLabel>
#include <QTimer>

#include <functional>
#include <optional>

namespace RefundDesk {

// Under the verdict, when Stripe's answer states the evidence: who asked and how long ago
// ("Stripe's answer: asked by the reconciler 4 min ago"), said again each minute. Hidden
// when the evidence comes from webhook events, or there is none.
class LookupSourceLabel final : public QLabel
{
    Q_OBJECT

public:
    explicit LookupSourceLabel(QWidget *parent = nullptr);

    void setLookup(const std::optional<ProviderLookup> &lookup);

    // What "now" is (the system clock unless set), and how often the time is said again
    // (a minute unless set): for tests.
    void setClock(std::function<qint64()> clock);
    void setTickInterval(int milliseconds) { m_tick.setInterval(milliseconds); }

protected:
    void changeEvent(QEvent *event) override;

private:
    void showLookup();

    std::optional<ProviderLookup> m_lookup;
    std::function<qint64()> m_clock;
    QTimer m_tick;
};

} // namespace RefundDesk
