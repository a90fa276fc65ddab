#include "fakestripe.h"

#include <QHttpServerRequest>
#include <QMetaEnum>
#include <QHttpServerResponder>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrlQuery>

#include <algorithm>
#include <climits>
#include <iterator>
#include <memory>
#include <optional>

namespace RefundDesk::Testing {

namespace {

QByteArray jsonString(const QString &text)
{
    QByteArray out = "\"";
    for (const QChar c : text) {
        if (c == QLatin1Char('"') || c == QLatin1Char('\\'))
            out += '\\';
        out += QString(c).toUtf8();
    }
    return out + '"';
}

std::optional<qint64> queryNumber(const QUrlQuery &query, const QString &key)
{
    if (!query.hasQueryItem(key))
        return std::nullopt;
    bool ok = false;
    const qint64 value = query.queryItemValue(key).toLongLong(&ok);
    return ok ? std::optional<qint64>(value) : std::nullopt;
}

// The `created` filters of a list request, read once per request: a listing over a store
// of a million operations looks at every object.
struct CreatedRange
{
    explicit CreatedRange(const QUrlQuery &query)
        : gte(queryNumber(query, QStringLiteral("created[gte]")))
        , gt(queryNumber(query, QStringLiteral("created[gt]")))
        , lte(queryNumber(query, QStringLiteral("created[lte]")))
        , lt(queryNumber(query, QStringLiteral("created[lt]")))
        , exact(queryNumber(query, QStringLiteral("created")))
    {
    }

    std::optional<qint64> gte, gt, lte, lt, exact;
};

// The objects of `newestFirst` (newest first) created within `created`, that `matches`.
template<typename Predicate>
std::vector<const FakeStripeTruth::Object *> listed(const std::vector<const FakeStripeTruth::Object *> &newestFirst,
                                                    const CreatedRange &created, Predicate matches)
{
    // The range's own bounds, found by halving; the other conditions per object within them.
    const qint64 newest = std::min({created.lte.value_or(LLONG_MAX), created.lt ? *created.lt - 1 : LLONG_MAX,
                                    created.exact.value_or(LLONG_MAX)});
    const qint64 oldest = std::max({created.gte.value_or(LLONG_MIN), created.gt ? *created.gt + 1 : LLONG_MIN,
                                    created.exact.value_or(LLONG_MIN)});
    const auto first = std::partition_point(newestFirst.begin(), newestFirst.end(),
                                            [newest](const auto *object) { return object->created > newest; });
    const auto last = std::partition_point(first, newestFirst.end(),
                                           [oldest](const auto *object) { return object->created >= oldest; });
    std::vector<const FakeStripeTruth::Object *> matching;
    std::copy_if(first, last, std::back_inserter(matching), [&matches](const auto *object) { return matches(*object); });
    return matching;
}

} // namespace

FakeStripe::FakeStripe(QObject *parent)
    : QAbstractHttpServer(parent)
{
}

bool FakeStripe::listenOnLoopback(quint16 port)
{
    m_port = listen(QHostAddress::LocalHost, port);
    return m_port != 0;
}

QString FakeStripe::baseUrl() const
{
    return QStringLiteral("http://127.0.0.1:%1").arg(m_port);
}

void FakeStripe::denyPermission(const QString &pathPrefix, const QString &permission)
{
    m_deniedPermissions[pathPrefix] = permission;
}

void FakeStripe::script(const Scripted &answer, int times)
{
    for (int i = 0; i < times; ++i)
        m_script.push_back(answer);
}

FakeStripe::Answer FakeStripe::error(int status, const QByteArray &type, const QByteArray &code, const QByteArray &message)
{
    Answer answer;
    answer.status = status;
    answer.body = "{\"error\":{" + (code.isEmpty() ? QByteArray() : "\"code\":" + jsonString(QString::fromUtf8(code)) + ',')
        + "\"message\":" + jsonString(QString::fromUtf8(message)) + ",\"type\":" + jsonString(QString::fromUtf8(type)) + "}}";
    return answer;
}

bool FakeStripe::handleRequest(const QHttpServerRequest &request, QTcpSocket *socket)
{
    Request seen;
    seen.method = QMetaEnum::fromType<QHttpServerRequest::Method>().valueToKey(int(request.method()));
    seen.pathAndQuery = request.url().path()
        + (request.url().hasQuery() ? QLatin1Char('?') + request.url().query(QUrl::FullyEncoded) : QString());
    seen.stripeVersion = request.value("Stripe-Version");
    const QByteArray authorization = request.value("Authorization");
    seen.authorized = authorization.startsWith("Bearer ")
        && (m_acceptedKey.isEmpty() ? authorization.size() > 7 : authorization == "Bearer " + m_acceptedKey);
    m_requests.push_back(seen);

    if (request.method() != QHttpServerRequest::Method::Get) {
        // Refund Desk never writes to the provider: this is the test failing.
        m_refused.append(QString::fromLatin1(seen.method) + QLatin1Char(' ') + seen.pathAndQuery);
        qCritical("fake Stripe: refused %s %s: Refund Desk may only send GET", seen.method.constData(),
                  qPrintable(seen.pathAndQuery));
        respond(request, socket, error(405, "invalid_request_error", "method_not_allowed",
                                       "Refund Desk's client may only read: " + seen.method + " was sent."));
        return true;
    }
    respond(request, socket, answerFor(request));
    return true;
}

void FakeStripe::missingHandler(const QHttpServerRequest &request, QTcpSocket *socket)
{
    respond(request, socket, error(404, "invalid_request_error", "url_invalid", "Unrecognized request URL."));
}

FakeStripe::Answer FakeStripe::answerFor(const QHttpServerRequest &request)
{
    const QByteArray authorization = request.value("Authorization");
    if (!m_requests.back().authorized) {
        return error(401, "invalid_request_error", "api_key_invalid",
                     authorization.isEmpty() ? "You did not provide an API key." : "Invalid API Key provided: rk_****");
    }
    const QString path = request.url().path();
    for (const auto &[prefix, permission] : m_deniedPermissions) {
        if (path.startsWith(prefix)) {
            return error(403, "invalid_request_error", "",
                         "The provided key 'rk_test_****' does not have the required permissions for this endpoint on "
                         "account 'acct_fake'. Having the '" + permission.toUtf8()
                             + "' permission would allow this request to continue.");
        }
    }
    if (m_failAfter >= 0 && requestCount() > m_failAfter)
        return error(500, "api_error", "", "Something went wrong on Stripe's end.");
    if (!m_script.empty()) {
        const Scripted scripted = m_script.front();
        m_script.pop_front();
        Answer answer = scripted.status == 0 ? realAnswer(request)
                                             : error(scripted.status, scripted.errorType, scripted.errorCode, scripted.message);
        answer.delayMs = scripted.delayMs;
        if (!scripted.retryAfter.isEmpty())
            answer.headers.push_back({"Retry-After", scripted.retryAfter});
        if (!scripted.shouldRetry.isEmpty())
            answer.headers.push_back({"Stripe-Should-Retry", scripted.shouldRetry});
        return answer;
    }
    return realAnswer(request);
}

FakeStripe::Answer FakeStripe::realAnswer(const QHttpServerRequest &request)
{
    const QString path = request.url().path();
    const QUrlQuery query(request.url());
    if (path == QLatin1String("/v1/events")) {
        QStringList types = query.allQueryItemValues(QStringLiteral("types[]"));
        if (query.hasQueryItem(QStringLiteral("type")))
            types.append(query.queryItemValue(QStringLiteral("type")));
        const QString delivery = query.queryItemValue(QStringLiteral("delivery_success"));
        const auto matching = listed(newestFirst(m_truth.events, m_eventsNewestFirst), CreatedRange(query),
                                     [&](const FakeStripeTruth::Object &event) {
                                         return (types.isEmpty() || types.contains(event.type))
                                             && (delivery.isEmpty() || (delivery == QLatin1String("false")) != event.delivered);
                                     });
        return listAnswer(matching, query, path);
    }
    if (path == QLatin1String("/v1/refunds")) {
        const QString paymentIntent = query.queryItemValue(QStringLiteral("payment_intent"));
        const QString charge = query.queryItemValue(QStringLiteral("charge"));
        const auto &candidates = paymentIntent.isEmpty() && charge.isEmpty()
            ? newestFirst(m_truth.refunds, m_refundsNewestFirst)
            : refundsOfPayment(paymentIntent, charge);
        const auto matching = listed(candidates, CreatedRange(query),
                                     [](const FakeStripeTruth::Object &) { return true; });
        return listAnswer(matching, query, path);
    }
    if (path.startsWith(QLatin1String("/v1/refunds/"))) {
        const QString id = path.mid(int(qstrlen("/v1/refunds/")));
        if (const FakeStripeTruth::Object *found = refund(id))
            return Answer{200, found->json, {}, 0};
        return error(404, "invalid_request_error", "resource_missing", "No such refund: '" + id.toUtf8() + "'");
    }
    return error(404, "invalid_request_error", "url_invalid", "Unrecognized request URL (GET: " + path.toUtf8() + ").");
}

const std::vector<const FakeStripeTruth::Object *> &FakeStripe::newestFirst(const std::vector<FakeStripeTruth::Object> &all,
                                                                            NewestFirst &cache)
{
    if (cache.builtFor == all.size())
        return cache.objects;
    // Among equal times the later object first: the reversed order, sorted stably.
    cache.objects.clear();
    cache.objects.reserve(all.size());
    for (auto it = all.rbegin(); it != all.rend(); ++it)
        cache.objects.push_back(&*it);
    std::stable_sort(cache.objects.begin(), cache.objects.end(),
                     [](const auto *a, const auto *b) { return a->created > b->created; });
    cache.builtFor = all.size();
    return cache.objects;
}

const FakeStripeTruth::Object *FakeStripe::refund(const QString &id)
{
    if (m_refundsByIdFor != m_truth.refunds.size()) {
        m_refundsById.clear();
        for (const auto &refund : m_truth.refunds) {
            if (!m_refundsById.contains(refund.id)) // the first of an id answers, as Stripe keeps one
                m_refundsById.insert(refund.id, &refund);
        }
        m_refundsByIdFor = m_truth.refunds.size();
    }
    return m_refundsById.value(id);
}

const std::vector<const FakeStripeTruth::Object *> &FakeStripe::refundsOfPayment(const QString &paymentIntent,
                                                                                 const QString &charge)
{
    if (m_refundsByPaymentFor != m_truth.refunds.size()) {
        m_refundsByPaymentIntent.clear();
        m_refundsByCharge.clear();
        // From the newest-first list, so that each payment's refunds are in Stripe's order.
        for (const FakeStripeTruth::Object *refund : newestFirst(m_truth.refunds, m_refundsNewestFirst)) {
            if (!refund->paymentIntent.isEmpty())
                m_refundsByPaymentIntent[refund->paymentIntent].push_back(refund);
            if (!refund->charge.isEmpty())
                m_refundsByCharge[refund->charge].push_back(refund);
        }
        m_refundsByPaymentFor = m_truth.refunds.size();
    }
    static const std::vector<const FakeStripeTruth::Object *> none;
    const auto byIntent = m_refundsByPaymentIntent.constFind(paymentIntent);
    const auto byCharge = m_refundsByCharge.constFind(charge);
    if (charge.isEmpty())
        return byIntent == m_refundsByPaymentIntent.constEnd() ? none : *byIntent;
    if (paymentIntent.isEmpty())
        return byCharge == m_refundsByCharge.constEnd() ? none : *byCharge;
    // Both named: the refunds that match both, as Stripe filters by every parameter given.
    m_refundsOfBoth.clear();
    if (byIntent != m_refundsByPaymentIntent.constEnd()) {
        std::copy_if(byIntent->begin(), byIntent->end(), std::back_inserter(m_refundsOfBoth),
                     [&charge](const auto *refund) { return refund->charge == charge; });
    }
    return m_refundsOfBoth;
}

FakeStripe::Answer FakeStripe::listAnswer(const std::vector<const FakeStripeTruth::Object *> &matching,
                                          const QUrlQuery &query, const QString &url)
{
    int limit = 10;
    if (query.hasQueryItem(QStringLiteral("limit"))) {
        bool ok = false;
        limit = query.queryItemValue(QStringLiteral("limit")).toInt(&ok);
        if (!ok || limit < 1 || limit > 100)
            return error(400, "invalid_request_error", "parameter_invalid_integer", "Invalid integer: limit must be 1 to 100");
    }
    size_t first = 0;
    const QString after = query.queryItemValue(QStringLiteral("starting_after"));
    if (!after.isEmpty()) {
        const auto found = std::find_if(matching.begin(), matching.end(), [&](const auto *o) { return o->id == after; });
        if (found == matching.end())
            return error(400, "invalid_request_error", "resource_missing", "No such object: '" + after.toUtf8() + "'");
        first = size_t(found - matching.begin()) + 1;
    }
    const size_t end = std::min(matching.size(), first + size_t(limit));
    QByteArray body = "{\"object\":\"list\",\"data\":[";
    for (size_t i = first; i < end; ++i) {
        if (i > first)
            body += ',';
        body += matching[i]->json;
    }
    body += "],\"has_more\":" + QByteArray(end < matching.size() ? "true" : "false") + ",\"url\":" + jsonString(url) + '}';
    return Answer{200, body, {}, 0};
}

void FakeStripe::respond(const QHttpServerRequest &request, QTcpSocket *socket, Answer answer)
{
    answer.headers.push_back({"Content-Type", "application/json"});
    answer.headers.push_back({"Request-Id", "req_fake" + QByteArray::number(m_nextRequestId++)});
    answer.headers.push_back({"Stripe-Version", m_requests.back().stripeVersion});
    m_bodyBytesSent += answer.body.size();
    const int delay = std::max(answer.delayMs, m_delayMs);
    auto responder = std::make_shared<QHttpServerResponder>(makeResponder(request, socket));
    const auto send = [responder, answer]() {
        responder->writeStatusLine(QHttpServerResponder::StatusCode(answer.status));
        for (const auto &[name, value] : answer.headers)
            responder->writeHeader(name, value);
        responder->writeHeader("Content-Length", QByteArray::number(answer.body.size()));
        responder->writeBody(answer.body);
    };
    if (delay <= 0)
        return send();
    // A slow answer; a client that gave up has closed the connection by then.
    QPointer<QTcpSocket> alive(socket);
    m_mostHeld = std::max(m_mostHeld, ++m_held);
    QTimer::singleShot(delay, this, [this, alive, send]() {
        --m_held;
        if (alive && alive->state() == QAbstractSocket::ConnectedState)
            send();
    });
}

} // namespace RefundDesk::Testing
