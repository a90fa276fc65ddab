#include "theme.h"

#include <QApplication>
#include <QPalette>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

namespace RefundDesk::Theme {

namespace {

QPalette lightPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0xf3, 0xf4, 0xf6));
    p.setColor(QPalette::WindowText, QColor(0x1f, 0x23, 0x28));
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::AlternateBase, QColor(0xf6, 0xf8, 0xfa));
    p.setColor(QPalette::Text, QColor(0x1f, 0x23, 0x28));
    p.setColor(QPalette::Button, QColor(0xea, 0xec, 0xef));
    p.setColor(QPalette::ButtonText, QColor(0x1f, 0x23, 0x28));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xd0));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::ToolTipBase, QColor(0xff, 0xff, 0xe6));
    p.setColor(QPalette::ToolTipText, Qt::black);
    p.setColor(QPalette::PlaceholderText, QColor(0x6a, 0x73, 0x7d));
    p.setColor(QPalette::Link, QColor(0x0a, 0x5c, 0xc2));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x8c, 0x95, 0x9f));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x8c, 0x95, 0x9f));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x8c, 0x95, 0x9f));
    return p;
}

QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x22, 0x25, 0x2a));
    p.setColor(QPalette::WindowText, QColor(0xe6, 0xe8, 0xeb));
    p.setColor(QPalette::Base, QColor(0x18, 0x1a, 0x1e));
    p.setColor(QPalette::AlternateBase, QColor(0x20, 0x23, 0x28));
    p.setColor(QPalette::Text, QColor(0xe6, 0xe8, 0xeb));
    p.setColor(QPalette::Button, QColor(0x2e, 0x32, 0x38));
    p.setColor(QPalette::ButtonText, QColor(0xe6, 0xe8, 0xeb));
    p.setColor(QPalette::Highlight, QColor(0x3b, 0x7d, 0xdd));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::ToolTipBase, QColor(0x2e, 0x32, 0x38));
    p.setColor(QPalette::ToolTipText, QColor(0xe6, 0xe8, 0xeb));
    p.setColor(QPalette::PlaceholderText, QColor(0x8b, 0x94, 0x9e));
    p.setColor(QPalette::Link, QColor(0x6c, 0xb6, 0xff));
    p.setColor(QPalette::Light, QColor(0x3a, 0x3f, 0x46));
    p.setColor(QPalette::Midlight, QColor(0x33, 0x37, 0x3d));
    p.setColor(QPalette::Mid, QColor(0x2a, 0x2d, 0x33));
    p.setColor(QPalette::Dark, QColor(0x15, 0x17, 0x1a));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x6e, 0x76, 0x81));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x6e, 0x76, 0x81));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x6e, 0x76, 0x81));
    return p;
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
    case Tone::Good: return dark ? QColor(0x7e, 0xd3, 0x8f) : QColor(0x1a, 0x7f, 0x37);
    case Tone::Warning: return dark ? QColor(0xf0, 0xc0, 0x5a) : QColor(0x8a, 0x5a, 0x00);
    case Tone::Danger: return dark ? QColor(0xff, 0x8b, 0x84) : QColor(0xb3, 0x1d, 0x28);
    case Tone::Info: return dark ? QColor(0x79, 0xb8, 0xff) : QColor(0x0a, 0x5c, 0xc2);
    case Tone::Muted: return dark ? QColor(0x8b, 0x94, 0x9e) : QColor(0x6a, 0x73, 0x7d);
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

QString bannerStyle(Tone tone, const QPalette &palette)
{
    const QColor fg = foreground(tone, palette);
    const QColor bg = background(tone, palette);
    return QStringLiteral("QLabel { color: %1; background: %2; border: 1px solid %3; border-radius: 4px; padding: 6px 8px; }")
        .arg(tone == Tone::Neutral ? palette.color(QPalette::WindowText).name() : fg.name(), bg.name(),
             tone == Tone::Neutral ? palette.color(QPalette::Mid).name() : fg.name());
}

Tone toneOfVerdict(const QString &verdict)
{
    if (verdict == QLatin1String("refunded"))
        return Tone::Good;
    if (verdict == QLatin1String("failed"))
        return Tone::Info;
    if (verdict == QLatin1String("pending"))
        return Tone::Warning;
    if (verdict == QLatin1String("conflict"))
        return Tone::Danger;
    if (verdict == QLatin1String("none"))
        return Tone::Muted;
    return Tone::Neutral;
}

Tone toneOfStatus(const QString &status)
{
    if (status == QLatin1String("unknown"))
        return Tone::Warning;
    if (status == QLatin1String("checking"))
        return Tone::Info;
    if (status == QLatin1String("refunded"))
        return Tone::Good;
    return Tone::Neutral;
}

void apply(Choice choice)
{
    static const QString systemStyle = QApplication::style()->name();
    switch (choice) {
    case Choice::System:
        QApplication::setStyle(QStyleFactory::create(systemStyle));
        QApplication::setPalette(QApplication::style()->standardPalette());
        break;
    case Choice::Light:
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(lightPalette());
        break;
    case Choice::Dark:
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(darkPalette());
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
