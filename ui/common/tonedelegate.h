#pragma once

#include "ui/common/theme.h"

#include <QStyledItemDelegate>

#include <functional>

namespace RefundDesk {

// Paints a cell's text in the colour of its meaning (a verdict, a status, a closed key
// window) and in bold where asked; the rule is given per view.
class ToneDelegate final : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using ToneRule = std::function<Theme::Tone(const QModelIndex &)>;
    using BoldRule = std::function<bool(const QModelIndex &)>;

    explicit ToneDelegate(ToneRule tone, BoldRule bold = {}, QObject *parent = nullptr);

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;

private:
    ToneRule m_tone;
    BoldRule m_bold;
};

} // namespace RefundDesk
