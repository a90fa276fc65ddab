#include "stripeask/operationstripelookup.h"

#include "evidence/evidenceanalyzer.h"
#include "store/notecheck.h"
#include "store/store.h"
#include "stripe/refundlookupsummary.h"
#include "stripe/stripeclient.h"
#include "stripe/striperefundlookup.h"
#include "stripeask/paymentrefundsorting.h"
#include "stripeask/stripekeymode.h"

#include <QCoreApplication>

namespace RefundDesk {

OperationStripeLookup::OperationStripeLookup(Store &store, StripeClient &client, QString operationId,
                                             QString operatorName, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_client(client)
    , m_operationId(std::move(operationId))
    , m_operatorName(std::move(operatorName))
{
}

OperationStripeLookup::~OperationStripeLookup() = default;

Result<QStringList> OperationStripeLookup::knownRefundIds(Store &store, const Operation &operation)
{
    auto candidates = store.candidateEvents(operation);
    if (!candidates)
        return candidates.error();
    return knownRefundIds(operation, EvidenceAnalyzer::analyze(operation, *candidates, EvidenceAnalyzer::Detail::VerdictOnly));
}

QStringList OperationStripeLookup::knownRefundIds(const Operation &operation, const Evidence &evidence)
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

Result<PaymentSource> OperationStripeLookup::paymentFor(Store &store, const Operation &operation, const Evidence &evidence)
{
    if (PaymentSource found = PaymentSource::find(operation, evidence, {}); found.isKnown())
        return found;
    if (operation.orderId.isEmpty())
        return PaymentSource();
    auto order = store.orderOperations(operation.orderId);
    if (!order)
        return order.error();
    if (PaymentSource found = PaymentSource::find(operation, evidence, *order); found.isKnown())
        return found;
    // The last place: what the events of the order's other operations name.
    std::vector<Operation> others;
    for (const Operation &other : *order) {
        if (other.operationId != operation.operationId)
            others.push_back(other);
    }
    if (others.empty())
        return PaymentSource();
    auto candidates = store.candidateEventsOfEach(others);
    if (!candidates)
        return candidates.error();
    for (size_t i = 0; i < others.size() && i < candidates->size(); ++i) {
        PaymentSource theirs = PaymentSource::ofEvents(
            EvidenceAnalyzer::analyze(others[i], (*candidates)[i], EvidenceAnalyzer::Detail::VerdictOnly));
        if (theirs.isKnown())
            return PaymentSource{theirs.paymentId, PaymentSource::From::OrderEvents, others[i].operationId, theirs.eventId};
    }
    return PaymentSource();
}

void OperationStripeLookup::setPayment(RefundLookupQuestion &question, const PaymentSource &payment)
{
    question.paymentId = payment.paymentId;
    question.paymentFrom = payment.fromToken();
    question.paymentFromOperation = payment.operationId;
    question.paymentFromEvent = payment.eventId;
}

Result<RefundLookupQuestion> OperationStripeLookup::questionFor(Store &store, const Operation &operation)
{
    auto attempts = store.attempts(operation.operationId);
    if (!attempts)
        return attempts.error();
    auto candidates = store.candidateEvents(operation);
    if (!candidates)
        return candidates.error();
    const Evidence evidence = EvidenceAnalyzer::analyze(operation, *candidates, EvidenceAnalyzer::Detail::VerdictOnly);
    auto payment = paymentFor(store, operation, evidence);
    if (!payment)
        return payment.error();
    QList<QPair<qint64, qint64>> spans;
    for (const Attempt &attempt : *attempts)
        spans.append({attempt.startedAt, attempt.finishedAt.value_or(attempt.startedAt)});
    RefundLookupQuestion question = RefundLookupQuestion::forOperation(operation.operationId, operation.createdAt, spans,
                                                                       knownRefundIds(operation, evidence));
    setPayment(question, *payment);
    return question;
}

std::optional<Error> OperationStripeLookup::refusal()
{
    if (std::optional<Error> refused = Internal::refuseProviderAnswers(m_store))
        return refused;
    if (!m_store.keepsProviderAnswers()) {
        return Error::unavailable(QCoreApplication::translate("Cli", "The store is open for reading only (%1), and "
                                                                     "ask-stripe keeps what Stripe answers in it: run "
                                                                     "it as a user who may write the store.")
                                      .arg(m_store.openNote()));
    }
    return refuseKeyOfOtherMode(m_store, m_client.mode());
}

void OperationStripeLookup::start()
{
    // Refused before Stripe is asked: an answer that cannot be kept is not evidence.
    if (auto refused = refusal()) {
        emit failed(*refused);
        return;
    }
    auto operation = m_store.operation(m_operationId);
    if (!operation) {
        emit failed(operation.error());
        return;
    }
    if (!operation->has_value()) {
        emit failed(Error::usage(QCoreApplication::translate("Cli", "There is no operation %1 in %2. Check the id (e.g. "
                                                                    "op_5521) with 'refund-desk queue'.")
                                     .arg(m_operationId, m_store.location())));
        return;
    }
    auto question = questionFor(m_store, **operation);
    if (!question) {
        emit failed(question.error());
        return;
    }
    m_lookup = std::make_unique<StripeRefundLookup>(m_client, *question);
    connect(m_lookup.get(), &StripeRefundLookup::finished, this, &OperationStripeLookup::keep);
    connect(m_lookup.get(), &StripeRefundLookup::failed, this, [this](const Error &error) {
        emit failed(Error{error.kind, error.message + QLatin1Char(' ')
                                          + QCoreApplication::translate("Cli", "Nothing was kept.")});
    });
    m_lookup->start();
}

void OperationStripeLookup::keep()
{
    ProviderLookupDraft draft = m_lookup->draft();
    draft.operatorName = m_operatorName.isEmpty() ? m_store.sessionOperator() : m_operatorName;
    auto kept = PaymentRefundSorting::sortAndKeep(m_store, draft);
    if (!kept) {
        emit failed(kept.error());
        return;
    }
    m_summary = RefundLookupSummary::fromRecord(*kept);
    emit finished(*kept);
}

} // namespace RefundDesk
