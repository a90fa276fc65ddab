#include "evidence/sparsejsonreader.h"

#include <array>
#include <cstring>
#include <limits>

namespace RefundDesk::Internal {

namespace {

using Json = nlohmann::json;

// Bytes that end a string's plain run: the closing quote, an escape, a control character
// (JSON wants those escaped) and anything from 0x80 up (the full parser checks UTF-8).
constexpr std::array<bool, 256> kStringStops = [] {
    std::array<bool, 256> stops{};
    for (int c = 0; c < 256; ++c)
        stops[size_t(c)] = c < 0x20 || c >= 0x80 || c == '"' || c == '\\';
    return stops;
}();

// With no more integer digits than this, and no exponent, a number is a finite double:
// all the full parser asks of a number nobody keeps.
constexpr std::ptrdiff_t kMaxSkippedIntegerDigits = 300;

// Longest integer that may fit 64 bits; longer ones go to the full parser.
constexpr std::ptrdiff_t kMaxKeptIntegerDigits = 19;

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// One reading of one text. Each step returns false as soon as the text is not plain JSON
// within the limits; why does not matter, the full parser will say.
class Pass
{
public:
    Pass(const SparseJsonReader &reader, std::string_view text)
        : m_reader(reader)
        , m_pos(text.data())
        , m_end(text.data() + text.size())
    {
    }

    bool document(Json &out)
    {
        skipWhitespace();
        if (peek() != '{' || !object(1, &out))
            return false;
        skipWhitespace();
        return m_pos == m_end;
    }

private:
    // NUL stands for the end: wherever a byte is peeked, a real NUL is invalid too.
    char peek() const { return m_pos < m_end ? *m_pos : '\0'; }

    void skipWhitespace()
    {
        while (m_pos < m_end && (*m_pos == ' ' || *m_pos == '\n' || *m_pos == '\r' || *m_pos == '\t'))
            ++m_pos;
    }

    // `out` null: check and skip the value.
    bool value(int depth, Json *out)
    {
        switch (peek()) {
        case '{':
            return object(depth + 1, out);
        case '[':
            return array(depth + 1, out);
        case '"':
            return out ? keptString(*out) : skippedString();
        case 't':
            return literal("true", out, Json(true));
        case 'f':
            return literal("false", out, Json(false));
        case 'n':
            return literal("null", out, Json(nullptr));
        case '-':
        case '0': case '1': case '2': case '3': case '4':
        case '5': case '6': case '7': case '8': case '9':
            return out ? keptNumber(*out) : skippedNumber();
        default:
            return false;
        }
    }

    bool object(int depth, Json *out)
    {
        if (depth > SparseJsonReader::MaxDepth)
            return false;
        ++m_pos; // {
        Json::object_t *members = nullptr;
        if (out) {
            *out = Json::object();
            members = &out->get_ref<Json::object_t &>();
        }
        skipWhitespace();
        if (peek() == '}') {
            ++m_pos;
            return true;
        }
        for (;;) {
            Json *slot = nullptr;
            if (members) {
                // An escaped key might spell a kept one: only plain keys here.
                std::string_view key;
                if (!plainString(key))
                    return false;
                if (m_reader.keeps(key))
                    slot = &member(*members, key);
            } else if (!skippedString()) {
                return false;
            }
            skipWhitespace();
            if (peek() != ':')
                return false;
            ++m_pos;
            skipWhitespace();
            if (!value(depth, slot))
                return false;
            skipWhitespace();
            if (peek() == '}') {
                ++m_pos;
                return true;
            }
            if (peek() != ',')
                return false;
            ++m_pos;
            skipWhitespace();
        }
    }

    // The member's value, which the caller overwrites whole: so a repeated key keeps its
    // last value. Providers mostly send keys in order, and the end is the first place tried.
    static Json &member(Json::object_t &members, std::string_view key)
    {
        return members.emplace_hint(members.end(), std::string(key), Json())->second;
    }

    bool array(int depth, Json *out)
    {
        if (depth > SparseJsonReader::MaxDepth)
            return false;
        ++m_pos; // [
        Json::array_t *elements = nullptr;
        if (out) {
            *out = Json::array();
            elements = &out->get_ref<Json::array_t &>();
        }
        skipWhitespace();
        if (peek() == ']') {
            ++m_pos;
            return true;
        }
        for (;;) {
            if (!value(depth, elements ? &elements->emplace_back() : nullptr))
                return false;
            skipWhitespace();
            if (peek() == ']') {
                ++m_pos;
                return true;
            }
            if (peek() != ',')
                return false;
            ++m_pos;
            skipWhitespace();
        }
    }

    bool literal(std::string_view word, Json *out, Json value)
    {
        if (size_t(m_end - m_pos) < word.size() || std::memcmp(m_pos, word.data(), word.size()) != 0)
            return false;
        m_pos += word.size();
        if (out)
            *out = std::move(value);
        return true;
    }

    // A string without escapes; `out` views the text.
    bool plainString(std::string_view &out)
    {
        if (peek() != '"')
            return false;
        const char *start = ++m_pos;
        while (m_pos < m_end && !kStringStops[static_cast<unsigned char>(*m_pos)])
            ++m_pos;
        if (m_pos == m_end || *m_pos != '"')
            return false;
        out = std::string_view(start, size_t(m_pos - start));
        ++m_pos;
        return true;
    }

    bool keptString(Json &out)
    {
        std::string_view text;
        if (!plainString(text))
            return false;
        out = Json::string_t(text);
        return true;
    }

    // Escapes are checked exactly as the full parser checks them; nothing is decoded.
    bool skippedString()
    {
        if (peek() != '"')
            return false;
        ++m_pos;
        for (;;) {
            while (m_pos < m_end && !kStringStops[static_cast<unsigned char>(*m_pos)])
                ++m_pos;
            if (m_pos == m_end)
                return false;
            const char stop = *m_pos++;
            if (stop == '"')
                return true;
            if (stop != '\\' || !escape())
                return false;
        }
    }

    bool escape()
    {
        if (m_pos == m_end)
            return false;
        switch (*m_pos++) {
        case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
            return true;
        case 'u': {
            const int unit = hexUnit();
            if (unit < 0 || (unit >= 0xDC00 && unit <= 0xDFFF)) // a low surrogate alone
                return false;
            if (unit < 0xD800 || unit > 0xDBFF)
                return true;
            // A high surrogate is only valid with an escaped low one right after it.
            if (m_end - m_pos < 2 || m_pos[0] != '\\' || m_pos[1] != 'u')
                return false;
            m_pos += 2;
            const int low = hexUnit();
            return low >= 0xDC00 && low <= 0xDFFF;
        }
        default:
            return false;
        }
    }

    int hexUnit()
    {
        if (m_end - m_pos < 4)
            return -1;
        int unit = 0;
        for (int i = 0; i < 4; ++i) {
            const int digit = hexValue(*m_pos++);
            if (digit < 0)
                return -1;
            unit = unit * 16 + digit;
        }
        return unit;
    }

    // -?(0|[1-9][0-9]*); returns where the digits start.
    const char *integerPart()
    {
        if (peek() == '-')
            ++m_pos;
        const char *digits = m_pos;
        if (peek() == '0') {
            ++m_pos;
        } else if (isDigit(peek())) {
            while (m_pos < m_end && isDigit(*m_pos))
                ++m_pos;
        } else {
            return nullptr;
        }
        return digits;
    }

    // Typed as nlohmann's parser types it: non-negative → unsigned, negative and -0 → integer.
    bool keptNumber(Json &out)
    {
        const bool negative = peek() == '-';
        const char *digits = integerPart();
        if (!digits || peek() == '.' || peek() == 'e' || peek() == 'E' || m_pos - digits > kMaxKeptIntegerDigits)
            return false;
        std::uint64_t magnitude = 0; // 19 digits cannot overflow it
        for (const char *digit = digits; digit < m_pos; ++digit)
            magnitude = magnitude * 10 + std::uint64_t(*digit - '0');
        constexpr auto largest = std::uint64_t(std::numeric_limits<std::int64_t>::max());
        if (!negative) {
            if (magnitude > largest)
                return false;
            out = Json::number_unsigned_t(magnitude);
            return true;
        }
        if (magnitude > largest + 1)
            return false;
        out = magnitude == largest + 1 ? std::numeric_limits<Json::number_integer_t>::min()
                                       : -Json::number_integer_t(magnitude);
        return true;
    }

    bool skippedNumber()
    {
        const char *digits = integerPart();
        if (!digits || m_pos - digits > kMaxSkippedIntegerDigits)
            return false;
        if (peek() == '.') {
            ++m_pos;
            if (!isDigit(peek()))
                return false;
            while (m_pos < m_end && isDigit(*m_pos))
                ++m_pos;
        }
        // An exponent can make a number the full parser refuses as too large: it decides.
        return peek() != 'e' && peek() != 'E';
    }

    const SparseJsonReader &m_reader;
    const char *m_pos;
    const char *m_end;
};

} // namespace

SparseJsonReader::SparseJsonReader(std::initializer_list<std::string_view> keptKeys)
{
    for (const std::string_view key : keptKeys) {
        m_keptKeys.emplace_back(key);
        if (key.size() < 64)
            m_keptLengths |= std::uint64_t(1) << key.size();
    }
}

bool SparseJsonReader::keeps(std::string_view key) const
{
    if (key.size() < 64 && !(m_keptLengths & (std::uint64_t(1) << key.size())))
        return false;
    // Keys are short: comparing in place beats calling memcmp.
    for (const std::string &kept : m_keptKeys) {
        if (kept.size() != key.size())
            continue;
        size_t i = 0;
        while (i < key.size() && kept[i] == key[i])
            ++i;
        if (i == key.size())
            return true;
    }
    return false;
}

std::optional<nlohmann::json> SparseJsonReader::read(std::string_view text) const
{
    try {
        Json document;
        if (!Pass(*this, text).document(document))
            return std::nullopt;
        return document;
    } catch (...) {
        return std::nullopt; // out of memory: the full parser will report it
    }
}

} // namespace RefundDesk::Internal
