#include "evidence/eventparser.h"

#include "evidence/eventobjectreader.h"
#include "evidence/jsontext.h"
#include "evidence/sparsejsonreader.h"

#include <QCoreApplication>

#include <algorithm>
#include <array>
#include <limits>

namespace RefundDesk {

namespace {

using Json = nlohmann::json;
using Internal::describeJsonType;

ParsedEvent unreadableEvent(const QString &reason, const IndexColumns &columns = {})
{
    ParsedEvent event;
    event.unreadableReason = reason;
    event.id = columns.eventId;
    event.type = columns.type;
    event.created = columns.created.value_or(0);
    return event;
}

} // namespace

QString displayName(RefundStatus status)
{
    switch (status) {
    case RefundStatus::Absent: return {};
    case RefundStatus::Pending: return QCoreApplication::translate("RefundStatus", "pending");
    case RefundStatus::RequiresAction: return QCoreApplication::translate("RefundStatus", "requires_action");
    case RefundStatus::Succeeded: return QCoreApplication::translate("RefundStatus", "succeeded");
    case RefundStatus::Failed: return QCoreApplication::translate("RefundStatus", "failed");
    case RefundStatus::Canceled: return QCoreApplication::translate("RefundStatus", "canceled");
    }
    return {};
}

QString toString(RefundStatus status)
{
    switch (status) {
    case RefundStatus::Absent: return {};
    case RefundStatus::Pending: return QStringLiteral("pending");
    case RefundStatus::RequiresAction: return QStringLiteral("requires_action");
    case RefundStatus::Succeeded: return QStringLiteral("succeeded");
    case RefundStatus::Failed: return QStringLiteral("failed");
    case RefundStatus::Canceled: return QStringLiteral("canceled");
    }
    return {};
}

std::optional<RefundStatus> refundStatusFromString(const QString &text)
{
    for (auto status : {RefundStatus::Pending, RefundStatus::RequiresAction, RefundStatus::Succeeded,
                        RefundStatus::Failed, RefundStatus::Canceled}) {
        if (toString(status) == text)
            return status;
    }
    return std::nullopt;
}

QString ParsedEvent::operationId() const
{
    if (refund)
        return refund->operationId;
    if (charge)
        return charge->operationId;
    return {};
}

std::vector<ParsedRefund> ParsedEvent::statedRefunds() const
{
    if (refund)
        return {*refund};
    if (charge)
        return charge->refunds;
    return {};
}

namespace {

// The payload's top-level object as the readers need it, or why there is none.
struct Envelope
{
    Json value;
    QString error; // for a person; empty when `value` is the payload's object
};

Envelope readFullEnvelope(std::string_view payload)
{
    if (payload.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return {Json(), QCoreApplication::translate("EventParser", "the payload is empty")};
    auto document = Internal::JsonText::parse(payload, EventParser::MaxDepth);
    if (!document.ok())
        return {Json(), document.error};
    if (!document.value.is_object())
        return {Json(), QCoreApplication::translate("EventParser", "the payload is %1, not an event object").arg(describeJsonType(document.value))};
    return {std::move(document.value), QString()};
}

// Nearly every payload is plain, and the fast reader builds only what the readers use.
Envelope readEnvelope(std::string_view payload)
{
    if (auto sparse = Internal::eventKeysReader().read(payload))
        return {std::move(*sparse), QString()};
    return readFullEnvelope(payload);
}

// Calls `use` with the payload as UTF-8, the bytes toUtf8() gives. A stored payload is
// nearly always ASCII and short: narrowed on the stack, because a heap buffer that size,
// freed among the parser's small blocks, costs malloc more than the whole reading.
template<typename Use>
auto withUtf8(const QString &payload, Use use)
{
    constexpr qsizetype kStackBytes = 4096;
    if (payload.size() <= kStackBytes) {
        std::array<char, kStackBytes> bytes; // left uninitialised: each byte used is written first
        const QChar *text = payload.constData();
        char16_t all = 0; // the bits of every character: below 0x80 means all are ASCII
        for (qsizetype i = 0; i < payload.size(); ++i) {
            all |= text[i].unicode();
            bytes[size_t(i)] = char(text[i].unicode());
        }
        if (all < 0x80)
            return use(std::string_view(bytes.data(), size_t(payload.size())));
    }
    const QByteArray bytes = payload.toUtf8();
    return use(std::string_view(bytes.constData(), size_t(bytes.size())));
}

PayloadReading readingOf(const Envelope &envelope)
{
    PayloadReading reading;
    if (!envelope.error.isEmpty()) {
        reading.jsonError = envelope.error;
        reading.event = unreadableEvent(reading.jsonError);
        return reading;
    }
    reading.isJsonObject = true;
    reading.columns = Internal::readIndexColumns(envelope.value);
    reading.event = Internal::readEventObject(envelope.value);
    if (!reading.event.readable)
        reading.event = unreadableEvent(reading.event.unreadableReason, reading.columns);
    return reading;
}

} // namespace

PayloadReading EventParser::read(std::string_view payload)
{
    return readingOf(readEnvelope(payload));
}

PayloadReading EventParser::readFully(std::string_view payload)
{
    return readingOf(readFullEnvelope(payload));
}

std::optional<PayloadReading> EventParser::readSparsely(std::string_view payload)
{
    auto sparse = Internal::eventKeysReader().read(payload);
    if (!sparse)
        return std::nullopt;
    return readingOf({std::move(*sparse), QString()});
}

// read() without the columns, which an unreadable event alone needs.
ParsedEvent EventParser::parse(std::string_view payload)
{
    const Envelope document = readEnvelope(payload);
    if (!document.error.isEmpty())
        return unreadableEvent(document.error);
    ParsedEvent event = Internal::readEventObject(document.value);
    if (!event.readable)
        event = unreadableEvent(event.unreadableReason, Internal::readIndexColumns(document.value));
    return event;
}

ParsedEvent EventParser::parse(const QByteArray &payload)
{
    return parse(std::string_view(payload.constData(), size_t(payload.size())));
}

ParsedEvent EventParser::parse(const QString &payload)
{
    return withUtf8(payload, [](std::string_view bytes) { return parse(bytes); });
}

IndexColumns EventParser::indexColumns(std::string_view payload)
{
    return read(payload).columns;
}

IndexColumns EventParser::indexColumns(const QString &payload)
{
    return withUtf8(payload, [](std::string_view bytes) { return indexColumns(bytes); });
}

} // namespace RefundDesk
