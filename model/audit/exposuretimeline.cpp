#include "audit/exposuretimeline.h"

#include <algorithm>
#include <numeric>

namespace RefundDesk {

ExposureTimeline ExposureTimeline::build(const std::vector<ExposureChange> &changes,
                                         const std::vector<DailyDecisions> &decisions, qint64 lastDay)
{
    ExposureTimeline timeline;
    if (changes.empty() && decisions.empty())
        return timeline;

    qint64 first = lastDay;
    qint64 last = lastDay;
    for (const ExposureChange &c : changes) {
        first = std::min(first, c.day);
        last = std::max(last, c.day);
    }
    for (const DailyDecisions &d : decisions) {
        first = std::min(first, d.day);
        last = std::max(last, d.day);
    }
    // A clock gone wrong (a time in 1970 or 9999) must not make the chart allocate for
    // millennia: keep the latest MaxDays, and fold what came before into the first day.
    if (last - first + 1 > MaxDays)
        first = last - MaxDays + 1;
    const size_t days = size_t(last - first + 1);
    timeline.m_firstDay = first;
    timeline.m_unknownCount.assign(days, 0);
    timeline.m_refunded.assign(days, 0);
    timeline.m_failed.assign(days, 0);

    // Deltas first, then running sums: the value at the end of each day.
    for (const ExposureChange &c : changes) {
        const size_t i = size_t(std::max(c.day, first) - first);
        timeline.m_unknownCount[i] += c.countDelta;
        auto &amounts = timeline.m_unknownAmount[c.currency];
        if (amounts.empty())
            amounts.assign(days, 0);
        amounts[i] += c.amountDelta;
    }
    std::partial_sum(timeline.m_unknownCount.begin(), timeline.m_unknownCount.end(), timeline.m_unknownCount.begin());
    for (auto &[currency, amounts] : timeline.m_unknownAmount)
        std::partial_sum(amounts.begin(), amounts.end(), amounts.begin());

    for (const DailyDecisions &d : decisions) {
        if (d.day < first)
            continue;
        auto &series = d.outcome == Outcome::Refunded ? timeline.m_refunded : timeline.m_failed;
        series[size_t(d.day - first)] += d.count;
    }
    return timeline;
}

QStringList ExposureTimeline::currencies() const
{
    QStringList list;
    for (const auto &entry : m_unknownAmount)
        list << entry.first;
    return list;
}

const std::vector<qint64> &ExposureTimeline::unknownAmount(const QString &currency) const
{
    static const std::vector<qint64> none;
    const auto found = m_unknownAmount.find(currency);
    return found == m_unknownAmount.end() ? none : found->second;
}

} // namespace RefundDesk
