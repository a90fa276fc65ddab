#pragma once

#include "domain/error.h"
#include "domain/operation.h"
#include "domain/providerlookup.h"
#include "domain/result.h"

#include <QObject>

#include <memory>

namespace RefundDesk {

class Store;
class StripeClient;
class StripeRefundLookup;
struct RefundLookupQuestion;

// Asks Stripe, read-only, what became of one operation's refund and keeps the answer in
// the store as a provider lookup: the whole of "ask-stripe OPERATION_ID", for the command
// and for the console's Ask Stripe. Refused before Stripe is asked when the answer could
// not be kept (a version 1 or read-only store) or the key is of the other mode than the
// store's events. Runs on the thread of its client and store, from that thread's event
// loop; nothing is kept when Stripe cannot be asked.
class OperationStripeLookup final : public QObject
{
    Q_OBJECT

public:
    // operatorName: who asks; empty takes the store's session operator (on PostgreSQL the
    // login, which the server records whatever is given).
    OperationStripeLookup(Store &store, StripeClient &client, QString operationId, QString operatorName,
                          QObject *parent = nullptr);
    ~OperationStripeLookup() override;

    // Reads what to ask (the refunds known by id, the attempts' window) and asks.
    void start();
    // One line for a person: what Stripe said. Valid after finished().
    QString summary() const { return m_summary; }
    // What to ask about the operation: its payment, its known refund ids and its attempts'
    // window (QueuePageQuestions, for a page of one).
    static Result<RefundLookupQuestion> questionFor(Store &store, const Operation &operation);

signals:
    void finished(const RefundDesk::ProviderLookup &kept);
    void failed(const RefundDesk::Error &error);

private:
    std::optional<Error> refusal();
    void keep();

    Store &m_store;
    StripeClient &m_client;
    QString m_operationId;
    QString m_operatorName;
    std::unique_ptr<StripeRefundLookup> m_lookup;
    QString m_summary;
};

} // namespace RefundDesk
