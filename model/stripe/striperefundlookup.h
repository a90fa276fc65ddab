#pragma once

#include "domain/error.h"
#include "domain/providerlookup.h"
#include "stripe/stripeanswer.h"
#include "stripe/striperefundobject.h"

#include <QJsonArray>
#include <QObject>
#include <QStringList>

#include <memory>

namespace RefundDesk {

class StripeClient;
class StripeListPager;
struct StripePage;

// What to ask Stripe about one operation: the refunds known by id (from its events or its
// refund_id), else the refunds created while its attempts ran.
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
// listing that found none). Retrieves each known refund with GET /v1/refunds/{id}; without
// one, lists GET /v1/refunds in the window, page by page, and keeps those whose
// metadata.operation_id is the operation's.
class StripeRefundLookup final : public QObject
{
    Q_OBJECT

public:
    StripeRefundLookup(StripeClient &client, RefundLookupQuestion question, QObject *parent = nullptr);
    ~StripeRefundLookup() override;

    void start();
    // The record so far (operator left empty: the caller says who asked).
    ProviderLookupDraft draft() const;
    // One line for a person, in the language and the money format of the run: what was
    // found.
    QString summary() const;

signals:
    void finished();
    void failed(const RefundDesk::Error &error);

private:
    void retrieveNext();
    void retrieved(quint64 tag, const StripeAnswer &answer);
    void pageRead(const StripePage &page);
    void listingFailed(const Error &error);
    void keepRequest(const QString &pathAndQuery, int status, const QString &requestId, const QByteArray &body);

    StripeClient &m_client;
    RefundLookupQuestion m_question;
    std::unique_ptr<StripeListPager> m_pager;
    quint64 m_tag = 0;
    int m_nextKnown = 0;
    bool m_listed = false;
    bool m_complete = false;
    QJsonArray m_requests;
    QByteArray m_bodies; // every body in order, for the record's digest
    std::vector<StripeRefundObject> m_found;
    QStringList m_missing; // known ids Stripe has no refund for (404)
};

} // namespace RefundDesk
