#pragma once

#include <QHash>
#include <QObject>

#include <functional>

class QHeaderView;

namespace RefundDesk {

// The sections of a header the person sized with the mouse in this session, and their
// widths: a fit made for the texts of another language keeps them, so that a language
// switch does not undo what the person chose. Widths set by code (a fit, a restored
// layout) are not the person's of this session and are fitted again.
class HandSizedSections final : public QObject
{
    Q_OBJECT

public:
    explicit HandSizedSections(QHeaderView *header);

    // Runs fit (which sizes every section), then gives the hand-sized sections back their
    // widths. The stretching last section is never kept: the view sizes it.
    void fitKeepingThem(const std::function<void()> &fit);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QHeaderView *m_header = nullptr;
    QHash<int, int> m_widths;
    bool m_pressed = false;
};

} // namespace RefundDesk
