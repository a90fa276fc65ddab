#pragma once

#include "domain/error.h"
#include "store/store.h"

#include <cstdio>
#include <optional>
#include <string>

namespace RefundDesk::Cli {

class JsonArrayOut;

// queue --json: the whole queue as a JSON array, oldest first, each row with its verdict.
//
// Performance: every row's verdict needs its candidate events (index lookups) and their
// payloads parsed, several times the work of listing the rows. A queue of one page is
// judged on this thread. A longer one is shared out: this thread reads the pages; worker
// threads, each with a read-only connection of its own, find the events and provider
// lookups of a page (Store::evidenceInputsOfEach: on a server one round trip, so a page
// costs two in all), judge it and turn it into JSON text, so that all cores share the work. The pages are printed
// in queue order as they are done; a few wait at most.
class QueueJsonPrinter final
{
public:
    static constexpr int DefaultPageSize = 500;

    QueueJsonPrinter(Store &store, int retentionHours, int pageSize = DefaultPageSize);

    // Prints to `out`. The opening bracket waits for the first row, so a store that fails
    // on its first page prints no half-made JSON.
    std::optional<Error> print(std::FILE *out);

private:
    // The queue after `after` (the end of the first page, `firstRows` in JSON): the pages
    // shared out among worker threads.
    std::optional<Error> printPages(const QueueQuery &query, const QueueCursor &after, std::string firstRows,
                                    JsonArrayOut &array);

    Store &m_store;
    int m_retentionHours;
    int m_pageSize;
};

} // namespace RefundDesk::Cli
