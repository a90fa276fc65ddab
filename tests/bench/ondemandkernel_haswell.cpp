// simdjson's On-Demand reading compiled for the Haswell kernel (AVX2, BMI, PCLMUL, LZCNT: this file alone is compiled with them).
#include "ondemandkernels.h"

#include "evidence/sparsejsonreader.h"

#include <simdjson.h>

#include <string>

namespace RefundDesk::Bench::HaswellKernel {

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

} // namespace RefundDesk::Bench::HaswellKernel
