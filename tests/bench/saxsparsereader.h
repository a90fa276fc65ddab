#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string_view>

namespace RefundDesk::Internal {
class SparseJsonReader;
}

namespace RefundDesk::Bench {

// The event keys' sparse tree, as SparseJsonReader builds it, read with nlohmann's SAX
// interface: its own tokenizer checks every byte, the handler builds only the kept members.
class SaxSparseReader final
{
public:
    explicit SaxSparseReader(const Internal::SparseJsonReader &keys);

    std::optional<nlohmann::json> read(std::string_view text) const;

private:
    const Internal::SparseJsonReader &m_keys;
};

} // namespace RefundDesk::Bench
