#pragma once

#include <QString>

#include <vector>

namespace RefundDesk::Bench {

// Decisions as the console records them: Resolver::resolve, one at a time, on operations
// of the queue that nobody holds, each with the outcome its evidence supports (so no
// override is needed). Each call is timed alone: the evidence read again, the state
// re-checked, the row updated and the resolution appended to the chain, committed.
// The store is changed: give it a copy.
class DecisionTimer final
{
public:
    explicit DecisionTimer(QString location) : m_location(std::move(location)) {}

    // False, with error(), when the store cannot be opened or a decision is not recorded.
    bool run(int decisions);

    const std::vector<double> &milliseconds() const { return m_milliseconds; }
    const QString &error() const { return m_error; }

private:
    QString m_location;
    std::vector<double> m_milliseconds;
    QString m_error;
};

} // namespace RefundDesk::Bench
