// libFuzzer target for everything that reads a provider's payload: the event parser, the
// evidence built on it and the importer's entry scanner. Any input must give an answer;
// a crash, a sanitizer report or a broken invariant below is a bug. The parser's fast
// reader is held against its full parser: where the fast one accepts, the readings must
// be the same in every field.

#include "parseddifferences.h"

#include "domain/operation.h"
#include "domain/webhookevent.h"
#include "evidence/eventparser.h"
#include "evidence/evidenceanalyzer.h"
#include "evidence/jsonentryscanner.h"

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

// Stops on any field in which two readings of the same payload differ.
void checkSame(const QStringList &differences)
{
    check(differences.isEmpty());
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
        checkSame(Test::readingDifferences(*sparse, full));
    checkSame(Test::readingDifferences(reading, full));
    checkSame(Test::eventDifferences(EventParser::parse(payload), full.event));

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
