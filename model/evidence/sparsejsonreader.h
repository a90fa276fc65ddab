#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace RefundDesk::Internal {

// Reads a JSON object keeping only the members whose key is one of the kept keys, at
// every depth: a kept member's value is kept whole, except that objects inside it are
// filtered the same way; arrays keep all their elements. Everything else is checked and
// skipped without being built, which is what makes it fast.
//
// It is strict on purpose: for anything but plain JSON it answers nothing and the caller
// uses the full parser, which then gives the exact result and error. It declines invalid
// JSON of any kind, a top level that is not an object, any byte from 0x80 up, an escape
// in a kept string or in a key of a kept object (escapes elsewhere are only checked), a
// kept number that is not an integer within 64 bits signed, a number with an exponent
// anywhere and nesting deeper than MaxDepth. What it keeps is what nlohmann's parser
// would have built: a non-negative integer is number_unsigned, a negative one (and -0)
// number_integer, and a repeated key keeps its last value.
class SparseJsonReader final
{
public:
    // Far below the event parser's limit, so an accepted text is never one the full
    // parser would refuse as too deep. No more than this many nested calls, either.
    static constexpr int MaxDepth = 32;

    explicit SparseJsonReader(std::initializer_list<std::string_view> keptKeys);

    bool keeps(std::string_view key) const;

    std::optional<nlohmann::json> read(std::string_view text) const;

private:
    std::vector<std::string> m_keptKeys;
    std::uint64_t m_keptLengths = 0; // bit n set when a kept key has n bytes: most keys fail here
};

} // namespace RefundDesk::Internal
