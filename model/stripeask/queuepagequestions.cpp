#include "stripeask/queuepagequestions.h"

#include "evidence/evidenceanalyzer.h"
#include "evidence/paymentsource.h"
#include "store/store.h"

#include <QHash>
#include <QSet>

namespace RefundDesk {

namespace {

using Spans = QList<QPair<qint64, qint64>>;

Result<QHash<QString, Spans>> attemptSpans(Store &store, const QStringList &operationIds)
{
    auto attempts = store.attemptsOf(operationIds);
    if (!attempts)
        return attempts.error();
    QHash<QString, Spans> spans;
    for (const Attempt &attempt : *attempts)
        spans[attempt.operationId].append({attempt.startedAt, attempt.finishedAt.value_or(attempt.startedAt)});
    return spans;
}

// The refund ids known before asking: the operation's refund_id and those its events
// name. Each is retrieved by id, which is both exact and cheap.
QStringList knownRefundIds(const Operation &operation, const Evidence &evidence)
{
    QStringList ids;
    if (!operation.refundId.isEmpty())
        ids.append(operation.refundId);
    for (const RefundState &state : evidence.refunds) {
        if (!ids.contains(state.refund.id))
            ids.append(state.refund.id);
    }
    return ids;
}

void setPayment(RefundLookupQuestion &question, const PaymentSource &payment)
{
    question.paymentId = payment.paymentId;
    question.paymentFrom = payment.fromToken();
    question.paymentFromOperation = payment.operationId;
    question.paymentFromEvent = payment.eventId;
}

} // namespace

Result<std::vector<RefundLookupQuestion>> QueuePageQuestions::read(Store &store, const QueuePageReading &page,
                                                                  const std::vector<size_t> &rows)
{
    std::vector<RefundLookupQuestion> questions;
    if (rows.empty())
        return questions;
    std::vector<Evidence> evidence;
    evidence.reserve(rows.size());
    QStringList operationIds;
    for (const size_t row : rows) {
        evidence.push_back(EvidenceAnalyzer::analyze(page.operations[row], page.candidates[row],
                                                     EvidenceAnalyzer::Detail::VerdictOnly));
        operationIds.append(page.operations[row].operationId);
    }
    auto spans = attemptSpans(store, operationIds);
    if (!spans)
        return spans.error();

    // The payment from the row and its events (PaymentSource::find); for the others, from
    // their orders' rows, and last from the events of those orders' other operations.
    std::vector<PaymentSource> payments(rows.size());
    QStringList orderIds;
    QSet<QString> ordersSeen;
    for (size_t i = 0; i < rows.size(); ++i) {
        const Operation &operation = page.operations[rows[i]];
        payments[i] = PaymentSource::find(operation, evidence[i], {});
        if (!payments[i].isKnown() && !operation.orderId.isEmpty() && !ordersSeen.contains(operation.orderId)) {
            ordersSeen.insert(operation.orderId);
            orderIds.append(operation.orderId);
        }
    }
    QHash<QString, std::vector<Operation>> orders;
    const std::vector<Operation> noOrder;
    const auto orderOf = [&orders, &noOrder](const QString &orderId) -> const std::vector<Operation> & {
        const auto found = orders.constFind(orderId);
        return found == orders.cend() ? noOrder : *found;
    };
    if (!orderIds.isEmpty()) {
        auto operations = store.operationsOfOrders(orderIds);
        if (!operations)
            return operations.error();
        for (Operation &operation : *operations)
            orders[operation.orderId].push_back(std::move(operation));
    }
    // The last place: the events of the order's other operations, read once for the page.
    std::vector<Operation> others;
    QHash<QString, size_t> otherIndex;
    for (size_t i = 0; i < rows.size(); ++i) {
        const Operation &operation = page.operations[rows[i]];
        if (payments[i].isKnown() || operation.orderId.isEmpty())
            continue;
        const std::vector<Operation> &order = orderOf(operation.orderId);
        payments[i] = PaymentSource::find(operation, evidence[i], order);
        if (payments[i].isKnown())
            continue;
        for (const Operation &other : order) {
            if (other.operationId != operation.operationId && !otherIndex.contains(other.operationId)) {
                otherIndex.insert(other.operationId, others.size());
                others.push_back(other);
            }
        }
    }
    std::vector<PaymentSource> othersPayments;
    if (!others.empty()) {
        auto candidates = store.candidateEventsOfEach(others);
        if (!candidates)
            return candidates.error();
        othersPayments.reserve(others.size());
        for (size_t j = 0; j < others.size(); ++j) {
            const std::vector<WebhookEvent> none;
            const std::vector<WebhookEvent> &theirs = j < candidates->size() ? (*candidates)[j] : none;
            othersPayments.push_back(PaymentSource::ofEvents(
                EvidenceAnalyzer::analyze(others[j], theirs, EvidenceAnalyzer::Detail::VerdictOnly)));
        }
    }
    for (size_t i = 0; i < rows.size(); ++i) {
        const Operation &operation = page.operations[rows[i]];
        if (payments[i].isKnown() || operation.orderId.isEmpty())
            continue;
        // The first of the order's other operations, in the order's order, whose events name it.
        for (const Operation &other : orderOf(operation.orderId)) {
            if (other.operationId == operation.operationId)
                continue;
            const PaymentSource &theirs = othersPayments[otherIndex.value(other.operationId)];
            if (theirs.isKnown()) {
                payments[i] = PaymentSource{theirs.paymentId, PaymentSource::From::OrderEvents, other.operationId,
                                            theirs.eventId};
                break;
            }
        }
    }

    questions.reserve(rows.size());
    for (size_t i = 0; i < rows.size(); ++i) {
        const Operation &operation = page.operations[rows[i]];
        RefundLookupQuestion question = RefundLookupQuestion::forOperation(
            operation.operationId, operation.createdAt, spans->value(operation.operationId),
            knownRefundIds(operation, evidence[i]));
        setPayment(question, payments[i]);
        questions.push_back(std::move(question));
    }
    return questions;
}

} // namespace RefundDesk
