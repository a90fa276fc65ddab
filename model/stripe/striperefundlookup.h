#pragma once

#include "domain/error.h"
#include "domain/providerlookup.h"
#include "stripe/stripeanswer.h"
#include "stripe/stripelistpager.h"
#include "stripe/striperefundobject.h"

#include <QJsonArray>
#include <QObject>
#include <QStringList>

#include <memory>

namespace RefundDesk {

class StripeClient;

// What to ask Stripe about one operation: with its payment known, the refunds of that
// payment (and the refunds known by id that the listing did not hold); else the refunds
// known by id (from its events or its refund_id); else the refunds created while its
// attempts ran.
struct RefundLookupQuestion
{
    // Stripe records a refund when the request reaches it, which may be before the tool's
    // attempt started by the clocks' skew, or after it gave up waiting: five minutes either
    // side of the attempts covers both without listing a busy account's whole day.
    static constexpr qint64 WindowMarginMs = 5 * 60 * 1000;

    QString operationId;
    QStringList knownRefundIds;
    qint64 windowFromMs = 0;
    qint64 windowToMs = 0;
    // The payment refunded (pi_… or ch_…; empty: none known) and where it was read: a
    // PaymentSource token (row, events, order_row, order_events), with the other operation
    // or the event it came from.
    QString paymentId;
    QString paymentFrom;
    QString paymentFromOperation;
    QString paymentFromEvent;

    // When the attempts ended: what a lookup's "not found" is counted from.
    qint64 quietSinceMs() const { return windowToMs - WindowMarginMs; }
    // The route of the lookup: payment_intent, charge, refund_ids or window.
    QString route() const;

    // The window runs from the margin before the first attempt started to the margin after
    // the last one ended (or started, if it never ended); an operation without attempts
    // takes its creation time for both.
    static RefundLookupQuestion forOperation(const QString &operationId, qint64 createdAtMs,
                                             const QList<QPair<qint64, qint64>> &attemptSpansMs,
                                             const QStringList &knownRefundIds);
};

// Asks Stripe, read-only, what became of one operation's refund, and hands back what it
// answered as a provider lookup record: every request (path and query, status, Request-Id,
// the body as received; never the key) and the result (the refunds found, or a complete
// listing that found none, and the route asked by). With a payment, lists GET
// /v1/refunds?payment_intent=… (or charge=…) while has_more, keeps the operation's own
// refunds (its metadata.operation_id, or known by id) apart from the payment's others
// ("payment_refunds", with the operation each names, for the keeper to sort out), then
// retrieves the refunds known by id that the listing did not hold. Without a payment,
// retrieves each known refund with GET /v1/refunds/{id}; without one, lists GET
// /v1/refunds in the window, page by page, and keeps those whose metadata.operation_id is
// the operation's.
class StripeRefundLookup final : public QObject
{
    Q_OBJECT

public:
    StripeRefundLookup(StripeClient &client, RefundLookupQuestion question, QObject *parent = nullptr);
    ~StripeRefundLookup() override;

    void start();
    // Nothing more is asked; the request in progress is cancelled, and no signal follows.
    void stop();
    // Before start(): every request keeps to `pacing` (a run's shared request rate).
    void setPacing(StripeListPager::Pacing pacing) { m_pacing = std::move(pacing); }
    // The record so far (operator left empty: the caller says who asked).
    ProviderLookupDraft draft() const;
    // One line for a person, in the language and the money format of the run: what was
    // found.
    QString summary() const;

signals:
    void finished();
    void failed(const RefundDesk::Error &error);

private:
    // The record's result without its summary, and the summary of a result.
    QJsonObject resultWithoutSummary() const;
    QString summaryOf(const QJsonObject &result) const;
    void listPayment();
    void retrieveNext();
    void send(const QString &refundId);
    void retrieved(quint64 tag, const StripeAnswer &answer);
    void pageRead(const StripePage &page);
    void listingFailed(const Error &error);
    void keepRequest(const QString &pathAndQuery, int status, const QString &requestId, const QByteArray &body);

    StripeClient &m_client;
    RefundLookupQuestion m_question;
    std::unique_ptr<StripeListPager> m_pager;
    quint64 m_tag = 0;
    bool m_listed = false;
    bool m_complete = false;
    bool m_stopped = false;
    QJsonArray m_requests;
    std::vector<ResponseBody> m_bodies; // every body in order, apart from the requests
    std::vector<StripeRefundObject> m_found;
    std::vector<StripeRefundObject> m_others; // listed by the payment, not the operation's own
    QStringList m_toRetrieve;
    StripeListPager::Pacing m_pacing;
    bool m_byPayment = false;
    QStringList m_missing; // known ids Stripe has no refund for (404)
};

} // namespace RefundDesk
