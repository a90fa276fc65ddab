#pragma once

#include "store/auditquery.h"

#include <QString>
#include <QStringList>

#include <map>
#include <vector>

namespace RefundDesk {

// The picture for finance, day by day (UTC): how many operations and how much money
// were still unknown at the end of each day, and how many decisions were recorded that
// day by outcome. Built from the store's daily changes.
class ExposureTimeline final
{
public:
    // At most this many days, the latest (about ten years).
    static constexpr qint64 MaxDays = 3660;

    static ExposureTimeline build(const std::vector<ExposureChange> &changes,
                                  const std::vector<DailyDecisions> &decisions, qint64 lastDay);

    bool isEmpty() const { return m_unknownCount.empty(); }
    qint64 firstDay() const { return m_firstDay; } // days since 1970-01-01 UTC
    qint64 dayCount() const { return qint64(m_unknownCount.size()); }
    qint64 msecsOfDay(qint64 index) const { return (m_firstDay + index) * 86'400'000; }

    // Per day index, 0 .. dayCount() - 1.
    const std::vector<qint64> &unknownCount() const { return m_unknownCount; }
    QStringList currencies() const; // sorted, the ones that were ever unknown
    const std::vector<qint64> &unknownAmount(const QString &currency) const; // minor units
    const std::vector<qint64> &refundedDecisions() const { return m_refunded; }
    const std::vector<qint64> &failedDecisions() const { return m_failed; }

    static qint64 dayOf(qint64 msecsSinceEpoch) { return msecsSinceEpoch / 86'400'000; }

private:
    qint64 m_firstDay = 0;
    std::vector<qint64> m_unknownCount;
    std::map<QString, std::vector<qint64>> m_unknownAmount;
    std::vector<qint64> m_refunded;
    std::vector<qint64> m_failed;
};

} // namespace RefundDesk
