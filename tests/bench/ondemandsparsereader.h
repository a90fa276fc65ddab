#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string_view>

namespace RefundDesk::Internal {
class SparseJsonReader;
}

namespace RefundDesk::Bench {

// The event keys' sparse tree, as SparseJsonReader builds it, read with simdjson's
// On-Demand API. Validating walks every value, the ones nobody keeps too, so that it
// declines what the full parser refuses; Skipping steps over the values nobody keeps as
// On-Demand does by itself (it does not check them, so it answers for texts the full parser
// refuses). Both read every member and keep the last of a repeated key, as nlohmann's
// parser does (On-Demand's own find_field would give the first).
class OnDemandSparseReader final
{
public:
    enum class Mode { Validating, Skipping };
    // On-Demand has no run-time dispatch: it runs the kernel its code was compiled for.
    enum class Kernel { Baseline, Haswell };

    OnDemandSparseReader(const Internal::SparseJsonReader &keys, Mode mode, Kernel kernel);

    std::optional<nlohmann::json> read(std::string_view text) const;
    // The same, for a text followed by SIMDJSON_PADDING readable bytes (no copy made).
    std::optional<nlohmann::json> readPadded(std::string_view text) const;
    const char *kernelName() const;

    static const char *runtimeImplementation(); // what simdjson's DOM API would pick on this CPU
    static const char *version();
    static size_t padding(); // SIMDJSON_PADDING

private:
    const Internal::SparseJsonReader &m_keys;
    Mode m_mode;
    Kernel m_kernel;
};

} // namespace RefundDesk::Bench
