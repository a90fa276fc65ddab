#pragma once

#include <QHeaderView>

namespace RefundDesk {

// A horizontal header whose section titles wrap at word boundaries ("Key window" over two
// lines) instead of being cut, so a table of many narrow columns fits a small screen with
// every title whole. A section asks only for its widest word; the header grows by as many
// lines as its narrowest section needs at the widths the sections have.
class WrappingHeaderView final : public QHeaderView
{
    Q_OBJECT

public:
    explicit WrappingHeaderView(QWidget *parent = nullptr);

    void setModel(QAbstractItemModel *model) override;
    QSize sizeHint() const override;
    // The lines the title of a section takes at its present width.
    int linesOf(int logicalIndex) const;

protected:
    QSize sectionSizeFromContents(int logicalIndex) const override;
    void initStyleOptionForIndex(QStyleOptionHeader *option, int logicalIndex) const override;

private:
    QString titleOf(int logicalIndex) const;
    // What a section needs beside its title: the style's margins and the sort arrow.
    int roomBesideTitle(int logicalIndex) const;
    void growToTitles();

    int m_lines = 1;
};

} // namespace RefundDesk
