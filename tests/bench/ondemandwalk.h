// The walk of OnDemandSparseReader over simdjson's On-Demand API, for the kernel the
// including file is compiled for: On-Demand has no run-time dispatch, it is the header's
// "builtin" implementation, chosen by the compiler's target flags. Included once per kernel,
// each time inside a namespace of its own.
// (No #pragma once: included by more than one file on purpose, once each.)


using Json = nlohmann::json;
namespace od = simdjson::ondemand;

class Walk
{
public:
    Walk(const Internal::SparseJsonReader &keys, bool validating)
        : m_keys(keys)
        , m_validating(validating)
    {
    }

    // `out` null: the value is nobody's; checked only when validating.
    bool value(od::value v, int depth, Json *out)
    {
        od::json_type type;
        if (v.type().get(type))
            return false;
        switch (type) {
        case od::json_type::object: {
            od::object object;
            return !v.get_object().get(object) && this->object(object, depth + 1, out);
        }
        case od::json_type::array: {
            od::array array;
            return !v.get_array().get(array) && this->array(array, depth + 1, out);
        }
        case od::json_type::string: {
            std::string_view text;
            if (v.get_string().get(text))
                return false;
            if (out)
                *out = Json::string_t(text);
            return true;
        }
        case od::json_type::number:
            return out ? keptNumber(v, *out) : !v.get_number().error();
        case od::json_type::boolean: {
            bool flag = false;
            if (v.get_bool().get(flag))
                return false;
            if (out)
                *out = flag;
            return true;
        }
        case od::json_type::null: {
            bool isNull = false;
            if (v.is_null().get(isNull) || !isNull)
                return false;
            if (out)
                *out = nullptr;
            return true;
        }
        }
        return false;
    }

    bool object(od::object object, int depth, Json *out)
    {
        if (depth > Internal::SparseJsonReader::MaxDepth)
            return false;
        Json::object_t *members = nullptr;
        if (out) {
            *out = Json::object();
            members = &out->get_ref<Json::object_t &>();
        }
        for (auto field : object) {
            if (field.error())
                return false;
            Json *slot = nullptr;
            if (members || m_validating) {
                std::string_view key;
                if (field.unescaped_key().get(key))
                    return false;
                if (members && m_keys.keeps(key))
                    slot = &(*members)[std::string(key)]; // overwritten whole: the last one stays
            }
            if (!slot && !m_validating)
                continue; // the iteration steps over it unchecked
            od::value member;
            if (field.value().get(member) || !value(member, depth, slot))
                return false;
        }
        return true;
    }

    bool array(od::array array, int depth, Json *out)
    {
        if (depth > Internal::SparseJsonReader::MaxDepth)
            return false;
        Json::array_t *elements = nullptr;
        if (out) {
            *out = Json::array();
            elements = &out->get_ref<Json::array_t &>();
        }
        for (auto element : array) {
            od::value item;
            if (element.get(item))
                return false;
            if (!elements && !m_validating)
                continue;
            if (!value(item, depth, elements ? &elements->emplace_back() : nullptr))
                return false;
        }
        return true;
    }

private:
    // Typed as nlohmann's parser types it; a kept number that is not a 64-bit signed
    // integer is declined, as SparseJsonReader declines it.
    static bool keptNumber(od::value v, Json &out)
    {
        const std::string_view raw = v.raw_json_token();
        std::int64_t integer = 0;
        if (v.get_int64().get(integer) || raw.find_first_of(".eE") != std::string_view::npos)
            return false;
        if (!raw.empty() && raw.front() == '-')
            out = Json::number_integer_t(integer);
        else
            out = Json::number_unsigned_t(integer);
        return true;
    }

    const Internal::SparseJsonReader &m_keys;
    bool m_validating;
};

// The sparse tree of `text`, or nothing when the text is declined. simdjson reads up to
// SIMDJSON_PADDING bytes past the end: unless the caller says they are there, the text is
// copied into `padded` first.
inline std::optional<Json> readSparsely(od::parser &parser, std::string &padded, const Internal::SparseJsonReader &keys,
                                        bool validating, bool alreadyPadded, std::string_view text)
{
    const char *bytes = text.data();
    if (!alreadyPadded) {
        padded.assign(text);
        padded.resize(text.size() + simdjson::SIMDJSON_PADDING);
        bytes = padded.data();
    }
    od::document document;
    if (parser.iterate(bytes, text.size(), text.size() + simdjson::SIMDJSON_PADDING).get(document))
        return std::nullopt;
    od::object top;
    if (document.get_object().get(top))
        return std::nullopt;
    Json out;
    if (!Walk(keys, validating).object(top, 1, &out))
        return std::nullopt;
    // Anything after the object: the iteration stops at the object's end without looking.
    if (document.current_location().error() != simdjson::OUT_OF_BOUNDS)
        return std::nullopt;
    return out;
}
