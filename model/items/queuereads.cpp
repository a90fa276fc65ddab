#include "items/queuereads.h"

#include "evidence/batchplan.h"
#include "evidence/evidence.h"
#include "evidence/evidenceanalyzer.h"
#include "items/timetext.h"
#include "store/store.h"

#include <QDateTime>

#include <algorithm>

namespace RefundDesk {

namespace {

// A page with its verdicts, worked out from the events read with it (on a server, in the
// same round trip).
Result<std::vector<QueueRow>> judgedPage(Store &store, const QueueQuery &query, const std::optional<QueueCursor> &after,
                                         int limit, bool *atEnd = nullptr, std::optional<QueueCursor> *last = nullptr)
{
    auto reading = store.queuePageWithEvents(query, after, limit);
    if (!reading)
        return reading.error();
    std::vector<Operation> &page = reading->operations;
    if (atEnd)
        *atEnd = int(page.size()) < limit;
    if (last && !page.empty())
        *last = cursorAfter(query, page.back());
    std::vector<QueueRow> rows;
    rows.reserve(page.size());
    // The verdicts' sentences (the rows' tooltips) say their moments as the console does.
    const auto moments = TimeText::momentsAsOf(QDateTime::currentMSecsSinceEpoch());
    for (size_t i = 0; i < page.size(); ++i) {
        QueueRow row;
        row.key = cursorAfter(query, page[i]);
        const Evidence evidence = EvidenceAnalyzer::analyze(page[i], reading->candidates[i], reading->lookups[i],
                                                            EvidenceAnalyzer::Detail::Full, moments);
        row.verdict = QueueRow::Verdict{toString(evidence.verdict), evidence.explanation};
        if (i < reading->details.size())
            row.detail = std::move(reading->details[i]);
        row.operation = std::make_shared<const Operation>(std::move(page[i]));
        rows.push_back(std::move(row));
    }
    return rows;
}

bool passes(const QueueRow &row, const QString &verdictFilter)
{
    if (!row.verdict)
        return false;
    if (verdictFilter == SettledVerdictFilter)
        return settledByEvidence(row.verdict->code);
    return row.verdict->code == verdictFilter;
}

void keepPassing(std::vector<QueueRow> &rows, const QString &verdictFilter)
{
    if (verdictFilter.isEmpty())
        return;
    std::erase_if(rows, [&verdictFilter](const QueueRow &row) { return !passes(row, verdictFilter); });
}

} // namespace

bool settledByEvidence(const QString &verdictCode)
{
    const std::optional<Verdict> verdict = verdictFromString(verdictCode);
    return verdict && outcomeSettledBy(*verdict).has_value();
}

namespace QueueReads {

Result<QueueScan> pages(Store &store, const QueueQuery &query, const QString &verdictFilter,
                        const std::optional<QueueCursor> &after, int pageSize, int maxPages)
{
    QueueScan scan;
    scan.lastScanned = after;
    for (int page = 0; page < maxPages && !scan.atEnd && int(scan.rows.size()) < pageSize; ++page) {
        auto rows = judgedPage(store, query, scan.lastScanned, pageSize, &scan.atEnd, &scan.lastScanned);
        if (!rows)
            return rows.error();
        scan.scanned += int(rows->size());
        keepPassing(*rows, verdictFilter);
        std::move(rows->begin(), rows->end(), std::back_inserter(scan.rows));
        if (verdictFilter.isEmpty())
            break;
    }
    return scan;
}

Result<QueueScan> refresh(Store &store, const QueueQuery &query, const QString &verdictFilter, int limit)
{
    // The verdict filter needs every scanned row's verdict, hence the rows themselves.
    if (!verdictFilter.isEmpty())
        return pages(store, query, verdictFilter, std::nullopt, limit, 1);
    // Performance: only the keys (an index holds them): a refresh of everything scrolled
    // through costs a few milliseconds even when that is the whole queue of a large store.
    auto keys = store.queueKeys(query, limit);
    if (!keys)
        return keys.error();
    QueueScan scan;
    scan.atEnd = int(keys->size()) < limit;
    scan.scanned = int(keys->size());
    if (!keys->empty())
        scan.lastScanned = keys->back();
    scan.rows.reserve(keys->size());
    for (QueueCursor &key : *keys)
        scan.rows.push_back(QueueRow{std::move(key), nullptr, std::nullopt, {}});
    return scan;
}

Result<std::vector<QueueRow>> rowsAfter(Store &store, const QueueQuery &query, const std::optional<QueueCursor> &after,
                                        int count)
{
    return judgedPage(store, query, after, count);
}

} // namespace QueueReads

} // namespace RefundDesk
