#pragma once

#include "ui/common/theme.h"

#include <QLabel>
#include <QPointer>

namespace RefundDesk {

// A line of plain text coloured by its meaning (a verdict, a warning, a broken chain).
// It keeps its tone and restyles itself when the palette around it or the style changes,
// so a banner follows a switch between light and dark like the rest of the window.
class BannerLabel final : public QLabel
{
    Q_OBJECT

public:
    explicit BannerLabel(QWidget *parent = nullptr, Theme::Tone tone = Theme::Tone::Neutral);

    Theme::Tone tone() const { return m_tone; }
    void setTone(Theme::Tone tone);
    // Less padding: a badge beside other text rather than a line of its own.
    bool isCompact() const { return m_compact; }
    void setCompact(bool compact);

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void watchParent();
    void restyle();

    // The style sheet fixes the label's own palette, so it no longer hears of a new
    // one: its parent does.
    QPointer<QWidget> m_watched;
    Theme::Tone m_tone;
    bool m_compact = false;
};

} // namespace RefundDesk
