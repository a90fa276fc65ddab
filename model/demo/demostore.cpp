#include "demo/demostore.h"

#include "store/storebuilder.h"

namespace RefundDesk {

Result<SimulationSummary> DemoStore::generate(const QString &path, const SimulationOptions &options,
                                              const ProgressCallback &progress)
{
    auto builder = StoreBuilder::createNew(path);
    if (!builder)
        return builder.error();
    // On any error below, the builder is destroyed unfinished and removes the file.
    auto summary = DemoSimulator().run(*builder.value(), options, progress);
    if (!summary)
        return summary.error();
    const Result<void> finished = builder.value()->finish();
    if (!finished)
        return finished.error();
    return summary;
}

} // namespace RefundDesk
