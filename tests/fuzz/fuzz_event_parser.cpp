// libFuzzer target for everything that reads a provider's payload: the event parser, the
// evidence built on it and the importer's entry scanner. Any input must give an answer;
// a crash, a sanitizer report or a broken invariant below is a bug. The parser's fast
// reader is held against its full parser: where the fast one accepts, the readings must
// be the same in every field.

#include "domain/operation.h"
#include "domain/webhookevent.h"
#include "evidence/eventparser.h"
#include "evidence/evidenceanalyzer.h"
#include "evidence/jsonentryscanner.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string_view>

using namespace RefundDesk;

namespace {

void check(bool condition)
{
    if (!condition)
        std::abort();
}

void checkEvent(const ParsedEvent &event)
{
    if (!event.readable) {
        check(!event.unreadableReason.isEmpty());
        check(!event.refund && !event.charge);
        return;
    }
    check(!event.id.isEmpty() && !event.type.isEmpty() && event.created >= 0);
    for (const ParsedRefund &refund : event.statedRefunds()) {
        check(!refund.id.isEmpty());
        check(refund.amount >= 0);
        check(refund.currency.size() == 3);
    }
}

bool sameRefund(const ParsedRefund &a, const ParsedRefund &b)
{
    return a.id == b.id && a.amount == b.amount && a.currency == b.currency && a.status == b.status
        && a.failureReason == b.failureReason && a.operationId == b.operationId && a.chargeId == b.chargeId
        && a.paymentIntentId == b.paymentIntentId;
}

bool sameRefunds(const std::vector<ParsedRefund> &a, const std::vector<ParsedRefund> &b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), sameRefund);
}

bool sameEvent(const ParsedEvent &a, const ParsedEvent &b)
{
    if (a.readable != b.readable || a.unreadableReason != b.unreadableReason || a.id != b.id || a.type != b.type
        || a.created != b.created || a.objectType != b.objectType || a.requestId != b.requestId
        || a.idempotencyKey != b.idempotencyKey || a.refund.has_value() != b.refund.has_value()
        || a.charge.has_value() != b.charge.has_value()) {
        return false;
    }
    if (a.refund && !sameRefund(*a.refund, *b.refund))
        return false;
    if (a.charge) {
        const ParsedCharge &x = *a.charge;
        const ParsedCharge &y = *b.charge;
        return x.id == y.id && x.amount == y.amount && x.amountRefunded == y.amountRefunded && x.currency == y.currency
            && x.operationId == y.operationId && x.refundsListed == y.refundsListed && sameRefunds(x.refunds, y.refunds);
    }
    return true;
}

bool sameReading(const PayloadReading &a, const PayloadReading &b)
{
    const IndexColumns &x = a.columns;
    const IndexColumns &y = b.columns;
    return a.isJsonObject == b.isJsonObject && a.jsonError == b.jsonError && x.eventId == y.eventId && x.type == y.type
        && x.created == y.created && x.operationId == y.operationId && x.idempotencyKey == y.idempotencyKey
        && x.refundId == y.refundId && sameEvent(a.event, b.event);
}

Operation fuzzOperation()
{
    Operation operation;
    operation.operationId = QStringLiteral("op_5521");
    operation.amountCents = 3800;
    operation.currency = QStringLiteral("usd");
    operation.idempotencyKey = QStringLiteral("k");
    operation.refundId = QStringLiteral("re_1");
    return operation;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view payload(reinterpret_cast<const char *>(data), size);

    const PayloadReading reading = EventParser::read(payload);
    checkEvent(reading.event);
    check(reading.isJsonObject || !reading.jsonError.isEmpty());

    // The fast reader, where it accepts, reads exactly as the full parser; read() and
    // parse() give the full parser's answer whichever route they take.
    const PayloadReading full = EventParser::readFully(payload);
    if (const auto sparse = EventParser::readSparsely(payload))
        check(sameReading(*sparse, full));
    check(sameReading(reading, full));
    check(sameEvent(EventParser::parse(payload), full.event));

    // The same payload as a stored row, twice (a duplicate delivery), through the verdict.
    WebhookEvent row;
    row.eventId = reading.columns.eventId.isEmpty() ? QStringLiteral("evt_fuzz") : reading.columns.eventId;
    row.payload = QString::fromUtf8(payload.data(), qsizetype(payload.size()));
    row.operationId = QStringLiteral("op_5521");
    row.refundId = reading.columns.refundId;
    const Evidence evidence = EvidenceAnalyzer::analyze(fuzzOperation(), {row, row});
    check(evidence.events.size() <= 1);
    check(!evidence.explanation.isEmpty());
    check(evidence.verdict == Verdict::Conflict || evidence.refunds.size() <= 1);

    // The importer's scanner, fed in two pieces to cross a chunk boundary.
    Internal::JsonEntryScanner scanner(4096);
    std::vector<Internal::JsonEntryScanner::Entry> entries;
    const size_t half = size / 2;
    if (scanner.feed(payload.data(), qsizetype(half), entries)
        && scanner.feed(payload.data() + half, qsizetype(size - half), entries)) {
        scanner.finish(entries);
    }
    check(scanner.form() != Internal::JsonEntryScanner::Form::Unknown || entries.empty());
    for (const auto &entry : entries)
        check(entry.text.size() <= qsizetype(size) && (entry.tooLong || !entry.text.isEmpty()));
    return 0;
}
