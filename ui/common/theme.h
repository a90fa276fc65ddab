#pragma once

#include "domain/operation.h"
#include "evidence/evidence.h"
#include "evidence/parsedevent.h"

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
// A style sheet for a banner label of this tone; a compact one has less padding (a
// status badge next to a title rather than a line of its own).
QString bannerStyle(Tone tone, const QPalette &palette, bool compact = false);
// The frame around the control that has the keyboard focus: at least 3:1 against every
// background it is drawn on (the window, the fields, the banners of each tone).
QColor focusMark(const QPalette &palette);
// WCAG 2.1's contrast ratio of two opaque colours, 1 to 21.
double contrastRatio(const QColor &a, const QColor &b);

Tone toneOf(Verdict verdict);
Tone toneOf(OperationStatus status);
Tone toneOf(RefundStatus status);
// The same for the codes item models give ("refunded", "conflict", "succeeded", ...);
// Neutral for an empty or unknown code.
Tone toneOfVerdict(const QString &verdict);
Tone toneOfStatus(const QString &status);
Tone toneOfRefundStatus(const QString &status);

// Applies a palette to the application (Fusion style for Light and Dark), and marks the
// control that has the keyboard focus in every window (FocusMark).
void apply(Choice choice);
Choice saved();
void save(Choice choice);

} // namespace Theme

} // namespace RefundDesk
