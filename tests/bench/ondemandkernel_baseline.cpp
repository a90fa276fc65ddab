// simdjson's On-Demand reading compiled for the baseline x86-64 (what a Debian amd64 build gets: simdjson's fallback kernel).
#include "ondemandkernels.h"

#include "evidence/sparsejsonreader.h"

#include <simdjson.h>

#include <string>

namespace RefundDesk::Bench::BaselineKernel {

#include "ondemandwalk.h"

std::optional<nlohmann::json> read(const Internal::SparseJsonReader &keys, bool validating, bool alreadyPadded,
                                   std::string_view text)
{
    thread_local od::parser parser;
    thread_local std::string padded;
    return readSparsely(parser, padded, keys, validating, alreadyPadded, text);
}

// The header's choice for this file (simdjson::builtin_implementation() would name the
// shared library's own, compiled for the baseline).
const char *name()
{
    return SIMDJSON_STRINGIFY(SIMDJSON_BUILTIN_IMPLEMENTATION);
}

} // namespace RefundDesk::Bench::BaselineKernel
