#pragma once

#include "audit/exposuretimeline.h"

#include <QWidget>

class QChart;
class QChartView;
class QComboBox;
class QLabel;

namespace RefundDesk {

// The picture for finance: above, how many operations and how much money were still
// unknown at the end of each day (UTC); below, the decisions recorded each day by outcome.
class ExposureChart final : public QWidget
{
    Q_OBJECT

public:
    // The bar chart shows at most this many of the latest days.
    static constexpr int MaxBarDays = 60;

    explicit ExposureChart(QWidget *parent = nullptr);

    void setTimeline(const ExposureTimeline &timeline);
    const ExposureTimeline &timeline() const { return m_timeline; }

    // The currency whose amount is drawn (the largest exposure by default).
    QString currency() const;
    QChart *exposureChart() const;
    QChart *decisionsChart() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();

    ExposureTimeline m_timeline;
    QComboBox *m_currency = nullptr;
    QLabel *m_currencyLabel = nullptr;
    QLabel *m_summary = nullptr;
    QChartView *m_exposureView = nullptr;
    QChartView *m_decisionsView = nullptr;
};

} // namespace RefundDesk
