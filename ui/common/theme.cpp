#include "ui/common/theme.h"

#include "ui/common/focusmark.h"

#include <QApplication>
#include <QPalette>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

#include <cmath>
#include <span>

namespace RefundDesk::Theme {

namespace {

struct PaletteEntry
{
    QPalette::ColorGroup group;
    QPalette::ColorRole role;
    QRgb rgb;
};

constexpr PaletteEntry lightColors[] = {
    {QPalette::All, QPalette::Window, 0xf3f4f6},
    {QPalette::All, QPalette::WindowText, 0x1f2328},
    {QPalette::All, QPalette::Base, 0xffffff},
    {QPalette::All, QPalette::AlternateBase, 0xf6f8fa},
    {QPalette::All, QPalette::Text, 0x1f2328},
    {QPalette::All, QPalette::Button, 0xeaecef},
    {QPalette::All, QPalette::ButtonText, 0x1f2328},
    {QPalette::All, QPalette::Highlight, 0x2f6fd0},
    {QPalette::All, QPalette::HighlightedText, 0xffffff},
    {QPalette::All, QPalette::ToolTipBase, 0xffffe6},
    {QPalette::All, QPalette::ToolTipText, 0x000000},
    {QPalette::All, QPalette::PlaceholderText, 0x6a737d},
    {QPalette::All, QPalette::Link, 0x0a5cc2},
    {QPalette::Disabled, QPalette::Text, 0x8c959f},
    {QPalette::Disabled, QPalette::WindowText, 0x8c959f},
    {QPalette::Disabled, QPalette::ButtonText, 0x8c959f},
};

constexpr PaletteEntry darkColors[] = {
    {QPalette::All, QPalette::Window, 0x22252a},
    {QPalette::All, QPalette::WindowText, 0xe6e8eb},
    {QPalette::All, QPalette::Base, 0x181a1e},
    {QPalette::All, QPalette::AlternateBase, 0x202328},
    {QPalette::All, QPalette::Text, 0xe6e8eb},
    {QPalette::All, QPalette::Button, 0x2e3238},
    {QPalette::All, QPalette::ButtonText, 0xe6e8eb},
    {QPalette::All, QPalette::Highlight, 0x326cc9}, // white text on it at 5:1
    {QPalette::All, QPalette::HighlightedText, 0xffffff},
    {QPalette::All, QPalette::ToolTipBase, 0x2e3238},
    {QPalette::All, QPalette::ToolTipText, 0xe6e8eb},
    {QPalette::All, QPalette::PlaceholderText, 0x8b949e},
    {QPalette::All, QPalette::Link, 0x6cb6ff},
    {QPalette::All, QPalette::Light, 0x3a3f46},
    {QPalette::All, QPalette::Midlight, 0x33373d},
    {QPalette::All, QPalette::Mid, 0x2a2d33},
    {QPalette::All, QPalette::Dark, 0x15171a},
    {QPalette::All, QPalette::Shadow, 0x000000},
    {QPalette::Disabled, QPalette::Text, 0x6e7681},
    {QPalette::Disabled, QPalette::WindowText, 0x6e7681},
    {QPalette::Disabled, QPalette::ButtonText, 0x6e7681},
};

QPalette makePalette(std::span<const PaletteEntry> entries)
{
    QPalette palette;
    for (const PaletteEntry &entry : entries)
        palette.setColor(entry.group, entry.role, QColor(entry.rgb));
    return palette;
}

const char settingsKey[] = "view/theme";

} // namespace

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QColor foreground(Tone tone, const QPalette &palette)
{
    const bool dark = isDark(palette);
    switch (tone) {
    case Tone::Neutral: return palette.color(QPalette::Text);
    case Tone::Good: return dark ? QColor(0x7e, 0xd3, 0x8f) : QColor(0x18, 0x76, 0x34);
    case Tone::Warning: return dark ? QColor(0xf0, 0xc0, 0x5a) : QColor(0x8a, 0x5a, 0x00);
    case Tone::Danger: return dark ? QColor(0xff, 0x8b, 0x84) : QColor(0xb3, 0x1d, 0x28);
    case Tone::Info: return dark ? QColor(0x79, 0xb8, 0xff) : QColor(0x0a, 0x5c, 0xc2);
    case Tone::Muted: return dark ? QColor(0x8b, 0x94, 0x9e) : QColor(0x63, 0x6c, 0x76);
    }
    return palette.color(QPalette::Text);
}

QColor background(Tone tone, const QPalette &palette)
{
    const bool dark = isDark(palette);
    switch (tone) {
    case Tone::Neutral:
    case Tone::Muted: return palette.color(QPalette::AlternateBase);
    case Tone::Good: return dark ? QColor(0x1b, 0x3a, 0x24) : QColor(0xdc, 0xf5, 0xe1);
    case Tone::Warning: return dark ? QColor(0x45, 0x36, 0x12) : QColor(0xff, 0xf1, 0xc7);
    case Tone::Danger: return dark ? QColor(0x4a, 0x1e, 0x22) : QColor(0xfd, 0xe2, 0xe1);
    case Tone::Info: return dark ? QColor(0x16, 0x30, 0x4d) : QColor(0xdd, 0xeb, 0xff);
    }
    return palette.color(QPalette::Base);
}

QString bannerStyle(Tone tone, const QPalette &palette, bool compact)
{
    const QColor fg = foreground(tone, palette);
    const QColor bg = background(tone, palette);
    return QStringLiteral("QLabel { color: %1; background: %2; border: 1px solid %3; border-radius: 4px; padding: %4; }")
        .arg(tone == Tone::Neutral ? palette.color(QPalette::WindowText).name() : fg.name(), bg.name(),
             tone == Tone::Neutral ? palette.color(QPalette::Mid).name() : fg.name(),
             compact ? QLatin1String("2px 6px") : QLatin1String("6px 8px"));
}

QColor focusMark(const QPalette &palette)
{
    return isDark(palette) ? QColor(0x6c, 0xb6, 0xff) : QColor(0x0a, 0x5c, 0xc2);
}

double contrastRatio(const QColor &a, const QColor &b)
{
    // Relative luminance as WCAG 2.1 defines it (sRGB, linearised).
    auto luminance = [](const QColor &color) {
        auto channel = [](double c) { return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
        return 0.2126 * channel(color.redF()) + 0.7152 * channel(color.greenF()) + 0.0722 * channel(color.blueF());
    };
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

Tone toneOf(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Refunded: return Tone::Good;
    case Verdict::Failed:
    case Verdict::NotFound: return Tone::Info;
    case Verdict::Pending: return Tone::Warning;
    case Verdict::Conflict:
    case Verdict::OtherRefund: return Tone::Danger;
    case Verdict::None: return Tone::Muted;
    }
    return Tone::Neutral;
}

Tone toneOf(OperationStatus status)
{
    switch (status) {
    case OperationStatus::Unknown: return Tone::Warning;
    case OperationStatus::Checking: return Tone::Info;
    case OperationStatus::Refunded: return Tone::Good;
    case OperationStatus::Open:
    case OperationStatus::Failed: return Tone::Neutral;
    }
    return Tone::Neutral;
}

Tone toneOf(RefundStatus status)
{
    switch (status) {
    case RefundStatus::Succeeded: return Tone::Good;
    case RefundStatus::Failed:
    case RefundStatus::Canceled: return Tone::Info;
    case RefundStatus::Pending:
    case RefundStatus::RequiresAction: return Tone::Warning;
    case RefundStatus::Absent: return Tone::Neutral;
    }
    return Tone::Neutral;
}

Tone toneOfVerdict(const QString &verdict)
{
    const auto known = verdictFromString(verdict);
    return known ? toneOf(*known) : Tone::Neutral;
}

Tone toneOfStatus(const QString &status)
{
    const auto known = operationStatusFromString(status);
    return known ? toneOf(*known) : Tone::Neutral;
}

Tone toneOfRefundStatus(const QString &status)
{
    const auto known = refundStatusFromString(status);
    return known ? toneOf(*known) : Tone::Neutral;
}

void apply(Choice choice)
{
    static const QString systemStyle = QApplication::style()->name();
    FocusMark::follow();
    switch (choice) {
    case Choice::System:
        QApplication::setStyle(QStyleFactory::create(systemStyle));
        // A palette with no colour of its own falls back to the platform theme's, dark
        // when the desktop is dark. (The style's standard palette would ignore the desktop.)
        QApplication::setPalette(QPalette());
        break;
    case Choice::Light:
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(makePalette(lightColors));
        break;
    case Choice::Dark:
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(makePalette(darkColors));
        break;
    }
}

Choice saved()
{
    const QString value = QSettings().value(QLatin1String(settingsKey)).toString();
    if (value == QLatin1String("light"))
        return Choice::Light;
    if (value == QLatin1String("dark"))
        return Choice::Dark;
    return Choice::System;
}

void save(Choice choice)
{
    QSettings().setValue(QLatin1String(settingsKey),
                         choice == Choice::Light  ? QStringLiteral("light")
                         : choice == Choice::Dark ? QStringLiteral("dark")
                                                  : QStringLiteral("system"));
}

} // namespace RefundDesk::Theme
