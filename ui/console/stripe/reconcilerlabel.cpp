#include "ui/console/stripe/reconcilerlabel.h"

#include "items/reconcilertext.h"
#include "ui/common/theme.h"

#include <QDateTime>
#include <QEvent>

namespace RefundDesk {

namespace {

// A failure's sentence can be long: the status bar shows its start, the tooltip and the
// accessible description all of it.
constexpr int WidestTextInAverageCharacters = 90;

} // namespace

ReconcilerLabel::ReconcilerLabel(QWidget *parent)
    : QLabel(parent)
    , m_clock([] { return QDateTime::currentMSecsSinceEpoch(); })
{
    setObjectName(QStringLiteral("reconcilerLabel"));
    setTextFormat(Qt::PlainText);
    m_tick.setInterval(60'000); // the time is said to the minute
    connect(&m_tick, &QTimer::timeout, this, &ReconcilerLabel::showRecord);
    hide();
}

void ReconcilerLabel::setRecord(const std::optional<ReconcilePassRecord> &record)
{
    m_record = record;
    m_noPassYet = false;
    showRecord();
}

void ReconcilerLabel::setNoPassYet()
{
    m_record.reset();
    m_noPassYet = true;
    showRecord();
}

void ReconcilerLabel::setClock(std::function<qint64()> clock)
{
    m_clock = std::move(clock);
    showRecord();
}

void ReconcilerLabel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange && !m_styling)
        m_styledTone = -1; // the theme changed: the colours are chosen again
    if (event->type() == QEvent::LanguageChange || (event->type() == QEvent::PaletteChange && !m_styling))
        showRecord();
    QLabel::changeEvent(event);
}

void ReconcilerLabel::showRecord()
{
    if (!m_record && !m_noPassYet) {
        m_tick.stop();
        hide();
        clear();
        return;
    }
    const ReconcilerText said = m_record ? ReconcilerText::about(*m_record, m_clock()) : ReconcilerText::noPassYet();
    const int widest = fontMetrics().averageCharWidth() * WidestTextInAverageCharacters;
    setText(fontMetrics().elidedText(said.text, Qt::ElideRight, widest));
    setToolTip(said.toolTip);
    // The name says what the label is about; whether a pass ran is the description's.
    setAccessibleName(tr("Reconciler"));
    setAccessibleDescription(said.text + QLatin1Char(' ') + said.toolTip);
    const Theme::Tone tone = said.state == ReconcilerText::State::Checked
                                     || said.state == ReconcilerText::State::NoPassYet
                                 ? Theme::Tone::Neutral
                             : said.state == ReconcilerText::State::Stale ? Theme::Tone::Warning
                                                                           : Theme::Tone::Danger;
    if (m_styledTone != int(tone)) {
        m_styling = true;
        setStyleSheet(tone == Theme::Tone::Neutral ? QString() : Theme::bannerStyle(tone, palette(), true));
        m_styling = false;
        m_styledTone = int(tone);
        setProperty("tone", int(tone));
    }
    show();
    // Only a pass's time changes as time passes.
    if (!m_record)
        m_tick.stop();
    else if (!m_tick.isActive())
        m_tick.start();
}

} // namespace RefundDesk
