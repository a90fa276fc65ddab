#pragma once

#include "evidence/parsedevent.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <string_view>

namespace RefundDesk {

// Reads Stripe webhook payloads. Whatever the bytes, it returns a value: a payload that
// is not JSON, has a field of the wrong type, a null where Stripe never sends one,
// invalid UTF-8 or nesting deeper than MaxDepth becomes an unreadable event with a
// reason a person can act on. No exception leaves it; deep nesting cannot exhaust the
// stack (nlohmann's parser is iterative and the depth is checked while parsing; the fast
// reader for plain payloads declines anything nested deeper than a few dozen levels).
class EventParser final
{
public:
    // Stripe's payloads nest about eight levels; anything far deeper is not an event.
    static constexpr int MaxDepth = 64;

    static ParsedEvent parse(std::string_view payload);
    static ParsedEvent parse(const QByteArray &payload);
    static ParsedEvent parse(const QString &payload);

    static IndexColumns indexColumns(std::string_view payload);
    static IndexColumns indexColumns(const QString &payload);

    // Both at once, with one parse: what an importer needs. A plain payload (ASCII JSON
    // without surprises, as providers send) is read by a fast reader that builds only the
    // fields read here; any other goes through the full parser. Both give the same reading.
    static PayloadReading read(std::string_view payload);

    // Each way of reading alone, to hold one against the other: the full parser on any
    // bytes, and the fast reader, which declines (nullopt) whatever is not plain.
    static PayloadReading readFully(std::string_view payload);
    static std::optional<PayloadReading> readSparsely(std::string_view payload);
};

} // namespace RefundDesk
