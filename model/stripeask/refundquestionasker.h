#pragma once

#include "domain/error.h"
#include "domain/providerlookup.h"
#include "stripe/striperefundlookup.h"
#include "stripeask/striperequestpacer.h"

#include <QObject>

#include <deque>
#include <memory>
#include <vector>

namespace RefundDesk {

class StripeClient;
class SharedRefundListing;

// Asks Stripe about many operations, read-only and under a request rate: those whose
// payment is known list its refunds (GET /v1/refunds?payment_intent=…), each its own
// listing; those whose refund is known by id retrieve it (GET /v1/refunds/{id}); these
// lookups run several at once (lookupsAtOnce()), each request waiting its turn at the one
// pacer, so that the rate is kept while answers are on their way; beside them the others
// share the listings of their merged windows (SharedRefundListing); windows apart are
// listed together as well when the refunds expected between them (from the density the
// listings so far met) cost fewer pages than listing them apart. Hands over each
// operation's lookup record as soon as it is complete (not in the questions' order), for
// the caller to keep; stopped or failed, it hands over nothing more. Knows nothing of the
// store.
class RefundQuestionAsker final : public QObject
{
    Q_OBJECT

public:
    RefundQuestionAsker(StripeClient &client, std::vector<RefundLookupQuestion> questions,
                        double requestsPerSecond = StripeRequestPacer::DefaultRate, QObject *parent = nullptr);
    // Paced by `pacer`, which requests before these (another phase of the same run) share.
    RefundQuestionAsker(StripeClient &client, std::vector<RefundLookupQuestion> questions,
                        StripeRequestPacer &pacer, QObject *parent = nullptr);
    ~RefundQuestionAsker() override;

    void start();
    void stop();
    bool isStopped() const { return m_stopped; }

    int total() const { return m_total; }
    int answered() const { return m_answered; }
    int requestsSent() const { return m_pacer.requestsSent(); }
    // How many lookups may be in progress at once at this pacer's rate.
    static int lookupsAtOnce(double requestsPerSecond);

signals:
    // One operation's record (operator left empty) and the sentence saying what was found.
    void operationAnswered(const RefundDesk::ProviderLookupDraft &draft, const QString &summary);
    void finished();
    void failed(const RefundDesk::Error &error);

private:
    // The questions of a payment or a refund known go one by one, the others by window.
    void sortQuestions(std::vector<RefundLookupQuestion> questions);
    void next();
    void retrieveNext();
    void lookupFinished(StripeRefundLookup *lookup);
    void listNext();
    void answer(const ProviderLookupDraft &draft, const QString &summary);
    void fail(const Error &error);
    void dropInProgress();
    std::vector<RefundLookupQuestion> nextListing();

    StripeClient &m_client;
    StripeRequestPacer m_ownPacer;
    StripeRequestPacer &m_pacer;
    std::deque<RefundLookupQuestion> m_known;
    std::deque<std::vector<RefundLookupQuestion>> m_groups;
    std::vector<std::unique_ptr<StripeRefundLookup>> m_lookups; // in progress
    int m_lookupsAtOnce = 1;
    std::unique_ptr<SharedRefundListing> m_listing;
    // Refunds read per second listed so far: how many a gap between two windows is likely
    // to hold, so that windows close enough share a listing too.
    qint64 m_refundsRead = 0;
    qint64 m_secondsListed = 0;
    int m_total = 0;
    int m_answered = 0;
    bool m_stopped = false;
    bool m_failed = false;
    bool m_finished = false;
};

} // namespace RefundDesk
