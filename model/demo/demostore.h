#pragma once

#include "demo/demosimulator.h"

#include <QString>

namespace RefundDesk {

// The usual way to make a demo store: a new file at `path` (an existing file is refused),
// simulated and finished. On an error or a cancel the partial file is removed.
class DemoStore final
{
public:
    static Result<SimulationSummary> generate(const QString &path, const SimulationOptions &options,
                                              const ProgressCallback &progress = {});
};

} // namespace RefundDesk
