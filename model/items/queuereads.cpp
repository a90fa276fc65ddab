#include "items/queuereads.h"

#include "evidence/evidence.h"
#include "evidence/evidenceanalyzer.h"
#include "store/store.h"

#include <algorithm>

namespace RefundDesk {

namespace {

// The operations of a page with their verdicts; the events behind them in one batched read.
Result<std::vector<QueueRow>> judged(Store &store, const QueueQuery &query, std::vector<Operation> page)
{
    auto candidates = store.candidateEventsOfEach(page);
    std::vector<QueueRow> rows;
    rows.reserve(page.size());
    for (size_t i = 0; i < page.size(); ++i) {
        QueueRow row;
        row.key = cursorAfter(query, page[i]);
        if (candidates) {
            const Evidence evidence = EvidenceAnalyzer::analyze(page[i], (*candidates)[i]);
            row.verdict = QueueRow::Verdict{toString(evidence.verdict), evidence.explanation};
        } else {
            row.verdict = QueueRow::Verdict{QString(), candidates.error().message};
        }
        row.operation = std::make_shared<const Operation>(std::move(page[i]));
        rows.push_back(std::move(row));
    }
    return rows;
}

void keepPassing(std::vector<QueueRow> &rows, const QString &verdictFilter)
{
    if (verdictFilter.isEmpty())
        return;
    std::erase_if(rows, [&verdictFilter](const QueueRow &row) { return !row.verdict || row.verdict->code != verdictFilter; });
}

} // namespace

namespace QueueReads {

Result<QueueScan> pages(Store &store, const QueueQuery &query, const QString &verdictFilter,
                        const std::optional<QueueCursor> &after, int pageSize, int maxPages)
{
    // The page and the events behind its verdicts as of one moment.
    const ReadSnapshot moment(store);
    QueueScan scan;
    scan.lastScanned = after;
    for (int page = 0; page < maxPages && !scan.atEnd && int(scan.rows.size()) < pageSize; ++page) {
        auto operations = store.queuePage(query, scan.lastScanned, pageSize);
        if (!operations)
            return operations.error();
        scan.atEnd = int(operations->size()) < pageSize;
        scan.scanned += int(operations->size());
        if (!operations->empty())
            scan.lastScanned = cursorAfter(query, operations->back());
        auto rows = judged(store, query, std::move(*operations));
        if (!rows)
            return rows.error();
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
        scan.rows.push_back(QueueRow{std::move(key), nullptr, std::nullopt});
    return scan;
}

Result<std::vector<QueueRow>> rowsAfter(Store &store, const QueueQuery &query, const std::optional<QueueCursor> &after,
                                        int count)
{
    const ReadSnapshot moment(store);
    auto operations = store.queuePage(query, after, count);
    if (!operations)
        return operations.error();
    return judged(store, query, std::move(*operations));
}

} // namespace QueueReads

} // namespace RefundDesk
