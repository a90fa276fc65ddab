#pragma once

#include <QColor>
#include <QString>

class QPalette;

namespace RefundDesk {

// Colours that carry meaning (a verdict, a stale panel, a closed key window), chosen to
// read well on the current palette, and the light and dark palettes the console offers.
namespace Theme {

enum class Tone { Neutral, Good, Warning, Danger, Info, Muted };
enum class Choice { System, Light, Dark };

bool isDark(const QPalette &palette);
QColor foreground(Tone tone, const QPalette &palette);
QColor background(Tone tone, const QPalette &palette);
// A style sheet for a banner label of this tone.
QString bannerStyle(Tone tone, const QPalette &palette);

// The tone of a verdict code ("refunded", "conflict", ...) or a status code.
Tone toneOfVerdict(const QString &verdict);
Tone toneOfStatus(const QString &status);

// Applies a palette to the application (Fusion style for Light and Dark).
void apply(Choice choice);
Choice saved();
void save(Choice choice);

} // namespace Theme

} // namespace RefundDesk
