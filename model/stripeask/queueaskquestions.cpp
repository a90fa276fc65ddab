#include "stripeask/queueaskquestions.h"

#include "domain/providerlookupresult.h"
#include "evidence/evidenceanalyzer.h"
#include "store/store.h"
#include "stripeask/operationstripelookup.h"

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

Result<void> QueueAskQuestions::forEachInQueue(Store &store, const Visit &visit)
{
    const QueueQuery query;
    std::optional<QueueCursor> cursor;
    for (;;) {
        auto page = store.queuePageWithEvents(query, cursor, PageSize);
        if (!page)
            return page.error();
        for (size_t i = 0; i < page->operations.size(); ++i) {
            if (auto visited = visit(*page, i); !visited)
                return visited;
        }
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
    auto walked = forEachInQueue(store, [&](const QueuePageReading &page, size_t i) -> Result<void> {
        const Operation &operation = page.operations[i];
        const Evidence evidence = EvidenceAnalyzer::analyze(operation, page.candidates[i], EvidenceAnalyzer::Detail::VerdictOnly);
        if (evidence.verdict != Verdict::None)
            return {};
        ++reading.withoutEvidence;
        if (answered->contains(operation.operationId)) {
            ++reading.alreadyAnswered;
            return {};
        }
        if (limit > 0 && qint64(reading.questions.size()) >= limit)
            return {}; // still counted above, for the summary
        auto attempts = store.attempts(operation.operationId);
        if (!attempts)
            return attempts.error();
        QList<QPair<qint64, qint64>> spans;
        for (const Attempt &attempt : *attempts)
            spans.append({attempt.startedAt, attempt.finishedAt.value_or(attempt.startedAt)});
        // Verdict none: no event names a refund, so only the operation's own refund_id
        // is known by id.
        const QStringList known = operation.refundId.isEmpty() ? QStringList() : QStringList{operation.refundId};
        RefundLookupQuestion question = RefundLookupQuestion::forOperation(operation.operationId, operation.createdAt,
                                                                           spans, known);
        // With its payment known, an operation is asked by its payment's own listing rather
        // than in a window shared with others.
        auto payment = OperationStripeLookup::paymentFor(store, operation, evidence);
        if (!payment)
            return payment.error();
        OperationStripeLookup::setPayment(question, *payment);
        reading.questions.push_back(std::move(question));
        return {};
    });
    if (!walked)
        return walked.error();
    return reading;
}

} // namespace RefundDesk
