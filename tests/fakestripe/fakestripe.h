#pragma once

#include "fakestripetruth.h"

#include <QAbstractHttpServer>
#include <QByteArray>
#include <QStringList>

#include <deque>
#include <functional>
#include <map>

namespace RefundDesk::Testing {

// A fake Stripe on 127.0.0.1 that serves a FakeStripeTruth with Stripe's REST shapes:
// GET /v1/refunds/{id}, GET /v1/refunds and GET /v1/events as list objects (created
// filters, limit, starting_after, ending_before, has_more; the refunds of one payment by
// payment_intent or charge; the events by types[] and delivery_success=false), and
// Stripe's error bodies. Answers go wrong on request: a scripted status (401, 403, 429
// with Retry-After, 500 with Stripe-Should-Retry, ...) or a slow answer. Anything but
// GET is refused with 405 and recorded: a test checks refusedRequests() is empty, so a
// client that writes fails it.
class FakeStripe final : public QAbstractHttpServer
{
    Q_OBJECT

public:
    struct Scripted
    {
        int status = 0;         // 0: the real answer (after delayMs)
        int delayMs = 0;        // the answer waits this long
        QByteArray retryAfter;  // Retry-After header, if any
        QByteArray shouldRetry; // Stripe-Should-Retry header, if any
        QByteArray errorType = "api_error";
        QByteArray errorCode;
        QByteArray message = "Something went wrong on Stripe's end.";
    };

    struct Request
    {
        QByteArray method;
        QString pathAndQuery;
        QByteArray stripeVersion;
        bool authorized = false;
    };

    explicit FakeStripe(QObject *parent = nullptr);

    // Listens on 127.0.0.1 (port 0: any free one); false when it cannot.
    bool listenOnLoopback(quint16 port = 0);
    quint16 port() const { return m_port; }
    QString baseUrl() const;

    FakeStripeTruth &truth() { return m_truth; }
    // Only this key is accepted (any other gets 401); when empty, any Bearer key is.
    void setAcceptedKey(const QByteArray &key) { m_acceptedKey = key; }
    // Requests to paths starting with `pathPrefix` get a 403 naming the permission
    // (e.g. "rak_event_read") as a restricted key without it does.
    void denyPermission(const QString &pathPrefix, const QString &permission);
    // The next `times` requests get this answer instead of the truth.
    void script(const Scripted &answer, int times = 1);
    // Every answer waits this long (a slow Stripe).
    void setDelayMs(int ms) { m_delayMs = ms; }
    // The most slow answers held back at the same moment: how many requests a client had
    // in flight at once.
    int mostHeldAtOnce() const { return m_mostHeld; }
    // After this many requests every further one gets a 500 (a Stripe that fails half-way
    // through a listing); -1: never.
    void failAfter(int requests) { m_failAfter = requests; }

    const std::vector<Request> &requests() const { return m_requests; }
    int requestCount() const { return int(m_requests.size()); }
    // The bytes of every answer's body sent so far: what Stripe sent.
    qint64 bodyBytesSent() const { return m_bodyBytesSent; }
    // The objects the listings looked at (each one whose filters were read, and those of
    // a cursor's second passed on the way to it): what the listings cost the fake, which
    // grows with a page, not with the truth.
    qint64 objectsExamined() const { return m_objectsExamined; }
    // Requests with a method other than GET: each one a failure of the client under test.
    const QStringList &refusedRequests() const { return m_refused; }

protected:
    bool handleRequest(const QHttpServerRequest &request, QTcpSocket *socket) override;
    void missingHandler(const QHttpServerRequest &request, QTcpSocket *socket) override;

private:
    struct Answer
    {
        int status = 200;
        QByteArray body;
        std::vector<std::pair<QByteArray, QByteArray>> headers;
        int delayMs = 0;
    };

    // The objects of one listing, newest first: those of `candidates` (newest first) within
    // the request's `created` range that `matches` says are listed.
    struct Listing
    {
        const std::vector<const FakeStripeTruth::Object *> &candidates;
        std::function<bool(const FakeStripeTruth::Object &)> matches;
        // The objects of an id, for a cursor (starting_after, ending_before).
        std::function<std::vector<const FakeStripeTruth::Object *>(const QByteArray &)> withId;
    };

    // Objects by one text of theirs (id, payment_intent, charge): (hash, object) pairs sorted
    // by hash, 16 bytes an object, where a QHash of a list per text costs ten times that at
    // ten million refunds. Objects of one text keep the order they were indexed in.
    struct TextIndex
    {
        size_t builtFor = 0;
        std::vector<std::pair<size_t, const FakeStripeTruth::Object *>> entries;

        void build(const std::vector<const FakeStripeTruth::Object *> &objects,
                   QByteArray FakeStripeTruth::Object::*field);
        std::vector<const FakeStripeTruth::Object *> find(const QByteArray &text,
                                                          QByteArray FakeStripeTruth::Object::*field) const;
    };

    Answer answerFor(const QHttpServerRequest &request);
    Answer realAnswer(const QHttpServerRequest &request);
    // The page a list request asks for, found from the cursor's place: never the whole list.
    Answer listAnswer(const Listing &listing, const QUrlQuery &query, const QString &url);
    // Where `object` is in `newestFirst` (found by halving on its time), or -1.
    qsizetype placeOf(const std::vector<const FakeStripeTruth::Object *> &newestFirst,
                      const FakeStripeTruth::Object *object);
    static Answer error(int status, const QByteArray &type, const QByteArray &code, const QByteArray &message);

    // Objects newest first, as Stripe lists them, built again only when the truth grew (it
    // only grows): a store of a million operations is listed thousands of times.
    struct NewestFirst
    {
        size_t builtFor = 0;
        std::vector<const FakeStripeTruth::Object *> objects;
    };
    static const std::vector<const FakeStripeTruth::Object *> &newestFirst(const std::vector<FakeStripeTruth::Object> &all,
                                                                          NewestFirst &cache);
    // The objects of `all` with this id, in the order the truth holds them.
    static std::vector<const FakeStripeTruth::Object *> withId(const std::vector<FakeStripeTruth::Object> &all,
                                                               TextIndex &index, const QByteArray &id);
    const FakeStripeTruth::Object *refund(const QByteArray &id);
    // The refunds of one payment, newest first, from an index: a lookup by payment costs
    // the same whatever the number of the shop's other refunds.
    std::vector<const FakeStripeTruth::Object *> refundsOfPayment(const QByteArray &paymentIntent, const QByteArray &charge);
    void respond(const QHttpServerRequest &request, QTcpSocket *socket, Answer answer);

    FakeStripeTruth m_truth;
    qint64 m_bodyBytesSent = 0;
    qint64 m_objectsExamined = 0;
    NewestFirst m_refundsNewestFirst;
    NewestFirst m_eventsNewestFirst;
    TextIndex m_refundsById;
    TextIndex m_eventsById;
    // Each payment's refunds, newest first, by payment_intent and by charge (built again
    // only when the truth grew, as the lists above are).
    TextIndex m_refundsByPaymentIntent;
    TextIndex m_refundsByCharge;
    quint16 m_port = 0;
    QByteArray m_acceptedKey;
    std::map<QString, QString> m_deniedPermissions;
    std::deque<Scripted> m_script;
    int m_delayMs = 0;
    int m_held = 0;
    int m_mostHeld = 0;
    int m_failAfter = -1;
    std::vector<Request> m_requests;
    QStringList m_refused;
    int m_nextRequestId = 1;
};

} // namespace RefundDesk::Testing
