#include "saxsparsereader.h"

#include "evidence/sparsejsonreader.h"

#include <vector>

namespace RefundDesk::Bench {

namespace {

using Json = nlohmann::json;

// Builds the kept members; inside a value nobody keeps it only counts the nesting.
class SparseHandler final : public nlohmann::json_sax<Json>
{
public:
    explicit SparseHandler(const Internal::SparseJsonReader &keys)
        : m_keys(keys)
    {
    }

    Json document;

    bool null() override { return scalar(nullptr); }
    bool boolean(bool value) override { return scalar(value); }
    bool number_integer(number_integer_t value) override { return scalar(value); }
    bool number_unsigned(number_unsigned_t value) override { return scalar(value); }
    bool number_float(number_float_t value, const string_t &) override { return scalar(value); }
    bool string(string_t &value) override { return scalar(std::move(value)); }
    bool binary(binary_t &) override { return false; }

    bool start_object(std::size_t) override { return open(Json::object()); }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override { return open(Json::array()); }
    bool end_array() override { return close(); }

    bool key(string_t &key) override
    {
        if (m_skipped == 0)
            m_slot = m_keys.keeps(key) ? &m_stack.back()->get_ref<Json::object_t &>()[key] : nullptr;
        return true;
    }

    bool parse_error(std::size_t, const std::string &, const nlohmann::detail::exception &) override
    {
        return false;
    }

private:
    // Where the next value goes: the slot a kept key chose, a kept array's new element, the
    // top itself; nullptr when nobody keeps it.
    Json *target()
    {
        if (m_stack.empty())
            return &document;
        if (m_stack.back()->is_array())
            return &m_stack.back()->emplace_back();
        Json *slot = m_slot;
        m_slot = nullptr;
        return slot;
    }

    bool scalar(Json value)
    {
        if (m_skipped > 0)
            return true;
        if (Json *slot = target())
            *slot = std::move(value);
        return true;
    }

    bool open(Json empty)
    {
        if (int(m_stack.size()) + m_skipped >= Internal::SparseJsonReader::MaxDepth)
            return false;
        Json *slot = m_skipped > 0 ? nullptr : target();
        if (!slot) {
            ++m_skipped;
            return true;
        }
        *slot = std::move(empty);
        m_stack.push_back(slot);
        return true;
    }

    bool close()
    {
        if (m_skipped > 0)
            --m_skipped;
        else
            m_stack.pop_back();
        return true;
    }

    const Internal::SparseJsonReader &m_keys;
    std::vector<Json *> m_stack;
    Json *m_slot = nullptr;
    int m_skipped = 0;
};

} // namespace

SaxSparseReader::SaxSparseReader(const Internal::SparseJsonReader &keys)
    : m_keys(keys)
{
}

std::optional<nlohmann::json> SaxSparseReader::read(std::string_view text) const
{
    SparseHandler handler(m_keys);
    try {
        if (!Json::sax_parse(text.begin(), text.end(), &handler) || !handler.document.is_object())
            return std::nullopt;
    } catch (...) {
        return std::nullopt;
    }
    return std::move(handler.document);
}

} // namespace RefundDesk::Bench
