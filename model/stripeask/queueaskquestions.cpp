#include "stripeask/queueaskquestions.h"

#include "domain/providerlookupresult.h"
#include "evidence/evidenceanalyzer.h"
#include "store/store.h"
#include "stripeask/queuepagequestions.h"

#include <QSet>

namespace RefundDesk {

namespace {

constexpr int PageSize = 500;

Result<QSet<QString>> answeredOperations(Store &store)
{
    QSet<QString> answered;
    qint64 after = 0;
    for (;;) {
        auto lookups = store.providerLookupsAfter(after, PageSize);
        if (!lookups)
            return lookups.error();
        for (const ProviderLookup &lookup : *lookups) {
            if (QueueAskQuestions::isComplete(lookup))
                answered.insert(lookup.operationId);
            after = lookup.lookupId;
        }
        if (int(lookups->size()) < PageSize)
            return answered;
    }
}

} // namespace

bool QueueAskQuestions::isComplete(const ProviderLookup &lookup)
{
    return ProviderLookupResult::read(lookup.result).complete;
}

Result<void> QueueAskQuestions::forEachPageInQueue(Store &store, const PageVisit &visit)
{
    const QueueQuery query;
    std::optional<QueueCursor> cursor;
    for (;;) {
        auto page = store.queuePageWithEvents(query, cursor, PageSize);
        if (!page)
            return page.error();
        if (auto visited = visit(*page); !visited)
            return visited;
        if (int(page->operations.size()) < PageSize)
            return {};
        cursor = cursorAfter(query, page->operations.back());
    }
}

Result<QueueAskQuestions::Reading> QueueAskQuestions::read(Store &store, qint64 limit)
{
    auto answered = answeredOperations(store);
    if (!answered)
        return answered.error();
    Reading reading;
    auto walked = forEachPageInQueue(store, [&](const QueuePageReading &page) -> Result<void> {
        std::vector<size_t> asked;
        for (size_t i = 0; i < page.operations.size(); ++i) {
            const Operation &operation = page.operations[i];
            if (EvidenceAnalyzer::analyze(operation, page.candidates[i], EvidenceAnalyzer::Detail::VerdictOnly).verdict
                != Verdict::None)
                continue;
            ++reading.withoutEvidence;
            if (answered->contains(operation.operationId)) {
                ++reading.alreadyAnswered;
                continue;
            }
            if (limit > 0 && qint64(reading.questions.size() + asked.size()) >= limit)
                continue; // still counted above, for the summary
            asked.push_back(i);
        }
        // Verdict none: no event names a refund, so only the operation's own refund_id is
        // known by id; with its payment known, an operation is asked by its payment's own
        // listing rather than in a window shared with others.
        auto questions = QueuePageQuestions::read(store, page, asked);
        if (!questions)
            return questions.error();
        for (RefundLookupQuestion &question : *questions)
            reading.questions.push_back(std::move(question));
        return {};
    });
    if (!walked)
        return walked.error();
    return reading;
}

} // namespace RefundDesk
