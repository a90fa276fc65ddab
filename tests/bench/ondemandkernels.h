#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string_view>

namespace RefundDesk::Internal {
class SparseJsonReader;
}

namespace RefundDesk::Bench {

// One On-Demand reading per kernel, each in a file compiled for it (ondemandkernel_*.cpp).
// Each keeps its own parser per thread. `alreadyPadded`: SIMDJSON_PADDING readable bytes
// follow the text, so it need not be copied.
namespace BaselineKernel {
std::optional<nlohmann::json> read(const Internal::SparseJsonReader &keys, bool validating, bool alreadyPadded,
                                   std::string_view text);
const char *name();
} // namespace BaselineKernel

namespace HaswellKernel {
std::optional<nlohmann::json> read(const Internal::SparseJsonReader &keys, bool validating, bool alreadyPadded,
                                   std::string_view text);
const char *name();
} // namespace HaswellKernel

} // namespace RefundDesk::Bench
