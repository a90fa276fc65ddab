#pragma once

#include "ui/common/theme.h"

#include <QIcon>
#include <QStyledItemDelegate>

#include <functional>

namespace RefundDesk {

// Paints a cell's text in the colour of its meaning (a verdict, a status, a closed key
// window), in bold and with an icon before it where asked; the rules are given per view.
// In a view that wraps words, a cell's text takes as many lines as its column's width
// needs, at word boundaries where it can and within a word too long for a line (an id),
// so that no cell is cut; its height hint says how many.
class ToneDelegate final : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using ToneRule = std::function<Theme::Tone(const QModelIndex &)>;
    using BoldRule = std::function<bool(const QModelIndex &)>;
    using IconRule = std::function<QIcon(const QModelIndex &)>; // a null icon: none

    explicit ToneDelegate(ToneRule tone, BoldRule bold = {}, QObject *parent = nullptr);
    ToneDelegate(ToneRule tone, BoldRule bold, IconRule icon, QObject *parent);

    // The icon the cell shows before its text (null when none).
    QIcon iconOf(const QModelIndex &index) const { return m_icon ? m_icon(index) : QIcon(); }

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;

private:
    ToneRule m_tone;
    BoldRule m_bold;
    IconRule m_icon;
};

} // namespace RefundDesk
