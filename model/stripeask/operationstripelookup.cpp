#include "stripeask/operationstripelookup.h"

#include "store/notecheck.h"
#include "store/store.h"
#include "stripe/refundlookupsummary.h"
#include "stripe/stripeclient.h"
#include "stripe/striperefundlookup.h"
#include "stripeask/paymentrefundsorting.h"
#include "stripeask/queuepagequestions.h"
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

Result<RefundLookupQuestion> OperationStripeLookup::questionFor(Store &store, const Operation &operation)
{
    auto candidates = store.candidateEvents(operation);
    if (!candidates)
        return candidates.error();
    // A page of one: the queue's way of reading what to ask, so that both ask the same.
    QueuePageReading page;
    page.operations.push_back(operation);
    page.candidates.push_back(std::move(*candidates));
    auto questions = QueuePageQuestions::read(store, page, {0});
    if (!questions)
        return questions.error();
    return std::move(questions->front());
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
