#include "ui/console/panel/lookupsourcelabel.h"

#include "items/lookupsourcetext.h"

#include <QDateTime>
#include <QEvent>

namespace RefundDesk {

LookupSourceLabel::LookupSourceLabel(QWidget *parent)
    : QLabel(parent)
    , m_clock([] { return QDateTime::currentMSecsSinceEpoch(); })
{
    setObjectName(QStringLiteral("lookupSourceLabel"));
    setTextFormat(Qt::PlainText);
    setWordWrap(true);
    m_tick.setInterval(60'000); // the time is said to the minute
    connect(&m_tick, &QTimer::timeout, this, &LookupSourceLabel::showLookup);
    hide();
}

void LookupSourceLabel::setLookup(const std::optional<ProviderLookup> &lookup)
{
    m_lookup = lookup;
    showLookup();
}

void LookupSourceLabel::setClock(std::function<qint64()> clock)
{
    m_clock = std::move(clock);
    showLookup();
}

void LookupSourceLabel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        showLookup();
    QLabel::changeEvent(event);
}

void LookupSourceLabel::showLookup()
{
    if (!m_lookup) {
        m_tick.stop();
        hide();
        clear();
        return;
    }
    setText(LookupSourceText::sentence(*m_lookup, m_clock()));
    setToolTip(LookupSourceText::toolTip(*m_lookup));
    setAccessibleName(tr("Who asked Stripe"));
    setAccessibleDescription(text());
    show();
    if (!m_tick.isActive())
        m_tick.start();
}

} // namespace RefundDesk
