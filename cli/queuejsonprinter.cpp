#include "queuejsonprinter.h"

#include "jsonwriter.h"

#include "domain/keywindow.h"
#include "evidence/evidenceanalyzer.h"

#include <QThread>

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <system_error>
#include <thread>

namespace RefundDesk::Cli {

namespace {

constexpr int MaxWorkers = 4;

// A page of the queue as JSON rows, one a line, each with its verdict. The keys in
// alphabetical order, as the other commands print them.
std::string jsonRows(const std::vector<Operation> &page, const std::vector<std::vector<WebhookEvent>> &candidates,
                     const std::vector<std::vector<ProviderLookup>> &lookups, int retentionHours)
{
    std::string text;
    text.reserve(page.size() * 300);
    for (size_t i = 0; i < page.size(); ++i) {
        const Operation &operation = page[i];
        const Evidence evidence = EvidenceAnalyzer::analyze(operation, candidates[i], lookups[i],
                                                            EvidenceAnalyzer::Detail::VerdictOnly);
        if (i > 0)
            text += ",\n";
        JsonWriter::ObjectText(text)
            .field("amount_cents", operation.amountCents)
            .field("attempts", qint64(operation.attempts))
            .field("claimed_by", operation.claimedBy)
            .field("created_at", operation.createdAt)
            .field("currency", operation.currency)
            .field("key_expires_at", KeyWindow(operation, retentionHours).expiresAt())
            .field("operation_id", operation.operationId)
            .field("order_id", operation.orderId)
            .field("status", toString(operation.status))
            .field("updated_at", operation.updatedAt)
            .field("verdict", toString(evidence.verdict))
            .close();
    }
    return text;
}

// Pages handed from the reading thread to the workers, and their JSON back, by number.
class PageExchange
{
public:
    explicit PageExchange(size_t maxWaiting) : m_maxWaiting(maxWaiting) {}

    // Blocks while enough pages wait already; false once a worker failed.
    bool put(int number, std::vector<Operation> page)
    {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [&] { return m_waiting.size() < m_maxWaiting || m_failure; });
        if (m_failure)
            return false;
        m_waiting.push_back({number, std::move(page)});
        m_changed.notify_all();
        return true;
    }

    void close()
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
        m_changed.notify_all();
    }

    // The next page to work on; nothing when all are taken and no more will come.
    std::optional<std::pair<int, std::vector<Operation>>> take()
    {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [&] { return !m_waiting.empty() || m_closed || m_failure; });
        if (m_waiting.empty() || m_failure)
            return std::nullopt;
        auto next = std::move(m_waiting.front());
        m_waiting.pop_front();
        m_changed.notify_all();
        return next;
    }

    void finish(int number, std::string rows)
    {
        std::lock_guard lock(m_mutex);
        m_done.emplace(number, std::move(rows));
        m_changed.notify_all();
    }

    void fail(const Error &error)
    {
        std::lock_guard lock(m_mutex);
        if (!m_failure)
            m_failure = error;
        m_changed.notify_all();
    }

    // Page `number`'s rows once done (blocking when `wait`), or nothing on failure.
    std::optional<std::string> done(int number, bool wait)
    {
        std::unique_lock lock(m_mutex);
        if (wait)
            m_changed.wait(lock, [&] { return m_done.count(number) > 0 || m_failure; });
        const auto found = m_done.find(number);
        if (m_failure || found == m_done.end())
            return std::nullopt;
        std::string rows = std::move(found->second);
        m_done.erase(found);
        return rows;
    }

    std::optional<Error> failure()
    {
        std::lock_guard lock(m_mutex);
        return m_failure;
    }

private:
    const size_t m_maxWaiting;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<std::pair<int, std::vector<Operation>>> m_waiting;
    std::map<int, std::string> m_done;
    std::optional<Error> m_failure;
    bool m_closed = false;
};

} // namespace

// The JSON array on `out`: the opening bracket waits for the first row, so that a store
// failing on its first page prints no half-made JSON.
class JsonArrayOut
{
public:
    explicit JsonArrayOut(std::FILE *out) : m_out(out) {}

    void add(const std::string &rows)
    {
        if (rows.empty())
            return;
        std::fputs(m_any ? ",\n" : "[\n", m_out);
        std::fwrite(rows.data(), 1, rows.size(), m_out);
        m_any = true;
    }

    void finish()
    {
        std::fputs(m_any ? "\n]\n" : "[]\n", m_out);
        std::fflush(m_out);
    }

private:
    std::FILE *m_out;
    bool m_any = false;
};

namespace {

// One worker: its own connection and snapshot, pages in, JSON out.
void judgePages(const QString &location, int retentionHours, PageExchange &exchange)
{
    auto store = StoreFactory::open(location, Store::OpenMode::ReadOnly);
    if (!store) {
        exchange.fail(store.error());
        return;
    }
    const ReadSnapshot snapshot(**store);
    while (auto page = exchange.take()) {
        // The page's events and provider lookups together: on a server one pipeline.
        auto inputs = (*store)->evidenceInputsOfEach(page->second);
        if (!inputs) {
            exchange.fail(inputs.error());
            return;
        }
        exchange.finish(page->first, jsonRows(page->second, inputs->candidates, inputs->lookups, retentionHours));
    }
}

} // namespace

QueueJsonPrinter::QueueJsonPrinter(Store &store, int retentionHours, int pageSize)
    : m_store(store)
    , m_retentionHours(retentionHours)
    , m_pageSize(std::max(pageSize, 1))
{
}

std::optional<Error> QueueJsonPrinter::print(std::FILE *out)
{
    // The listing itself is one snapshot; worker threads read the events behind the
    // verdicts in snapshots of their own, taken a moment later (a newer event may count,
    // none is lost).
    const ReadSnapshot snapshot(m_store);
    const QueueQuery query;
    // The first page with its events: on a server one round trip, which is all a queue of
    // one page costs.
    auto first = m_store.queuePageWithEvents(query, std::nullopt, m_pageSize);
    if (!first)
        return first.error();
    JsonArrayOut array(out);
    // The first page is judged here, with the events already read: the whole queue on most
    // days, without threads and their connections.
    std::string firstRows = jsonRows(first->operations, first->candidates, first->lookups, m_retentionHours);
    std::optional<Error> failure;
    if (int(first->operations.size()) < m_pageSize)
        array.add(firstRows);
    else
        failure = printPages(query, cursorAfter(query, first->operations.back()), std::move(firstRows), array);
    if (!failure)
        array.finish();
    return failure;
}

std::optional<Error> QueueJsonPrinter::printPages(const QueueQuery &query, const QueueCursor &after,
                                                  std::string firstRows, JsonArrayOut &array)
{
    const int workers = std::clamp(QThread::idealThreadCount(), 1, MaxWorkers);
    PageExchange exchange(size_t(workers) * 2);
    std::vector<std::thread> threads;
    try {
        for (int i = 0; i < workers; ++i)
            threads.emplace_back(judgePages, m_store.location(), m_retentionHours, std::ref(exchange));
    } catch (const std::system_error &error) {
        // Fewer workers only make it slower; none would leave the pages unjudged.
        if (threads.empty())
            return Error::internal(QStringLiteral("Could not start a thread to list the queue (%1). Close some "
                                                  "programs and try again.").arg(QString::fromLocal8Bit(error.what())));
    }

    int printed = 0; // pages the workers judged, printed so far
    auto printReady = [&](bool wait) {
        while (auto rows = exchange.done(printed, wait)) {
            // The first page goes out with the first the workers judged: workers that
            // cannot open the store leave no half-made JSON behind.
            if (printed == 0)
                array.add(firstRows);
            array.add(*rows);
            ++printed;
            if (wait)
                return;
        }
    };

    std::optional<Error> failure;
    int pages = 0;
    QueueCursor cursor = after;
    for (;;) {
        auto page = m_store.queuePage(query, cursor, m_pageSize);
        if (!page) {
            failure = page.error();
            break;
        }
        const bool last = int(page->size()) < m_pageSize;
        if (!last)
            cursor = cursorAfter(query, page->back());
        if (!exchange.put(pages++, std::move(*page)))
            break;
        printReady(false);
        if (last)
            break;
    }
    exchange.close();
    while (!failure && printed < pages && !exchange.failure())
        printReady(true);
    if (!failure)
        failure = exchange.failure();
    if (failure)
        exchange.fail(*failure); // stops the workers
    for (std::thread &thread : threads)
        thread.join();
    return failure;
}

} // namespace RefundDesk::Cli
