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

// The `created` filters of a list request, read once per request.
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

    qint64 newest() const
    {
        return std::min({lte.value_or(LLONG_MAX), lt ? *lt - 1 : LLONG_MAX, exact.value_or(LLONG_MAX)});
    }
    qint64 oldest() const
    {
        return std::max({gte.value_or(LLONG_MIN), gt ? *gt + 1 : LLONG_MIN, exact.value_or(LLONG_MIN)});
    }

    std::optional<qint64> gte, gt, lte, lt, exact;
};

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
    // An answer goes out in several writes (status line, headers, body): with Nagle's
    // algorithm the last waits for the client's delayed acknowledgement, some 40 ms an
    // answer on the loopback, which Stripe does not cost.
    socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
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
        const Listing listing{newestFirst(m_truth.events, m_eventsNewestFirst),
                              [&](const FakeStripeTruth::Object &event) {
                                  return (types.isEmpty() || types.contains(event.type))
                                      && (delivery.isEmpty() || (delivery == QLatin1String("false")) != event.delivered);
                              },
                              [this](const QByteArray &id) { return withId(m_truth.events, m_eventsById, id); }};
        return listAnswer(listing, query, path);
    }
    if (path == QLatin1String("/v1/refunds")) {
        const QByteArray paymentIntent = query.queryItemValue(QStringLiteral("payment_intent")).toUtf8();
        const QByteArray charge = query.queryItemValue(QStringLiteral("charge")).toUtf8();
        const bool byPayment = !paymentIntent.isEmpty() || !charge.isEmpty();
        const std::vector<const FakeStripeTruth::Object *> ofPayment =
            byPayment ? refundsOfPayment(paymentIntent, charge) : std::vector<const FakeStripeTruth::Object *>();
        const Listing listing{byPayment ? ofPayment : newestFirst(m_truth.refunds, m_refundsNewestFirst),
                              [](const FakeStripeTruth::Object &) { return true; },
                              [this](const QByteArray &id) { return withId(m_truth.refunds, m_refundsById, id); }};
        return listAnswer(listing, query, path);
    }
    if (path.startsWith(QLatin1String("/v1/refunds/"))) {
        const QByteArray id = path.mid(int(qstrlen("/v1/refunds/"))).toUtf8();
        if (const FakeStripeTruth::Object *found = refund(id))
            return Answer{200, found->json, {}, 0};
        return error(404, "invalid_request_error", "resource_missing", "No such refund: '" + id + "'");
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

void FakeStripe::TextIndex::build(const std::vector<const FakeStripeTruth::Object *> &objects,
                                  QByteArray FakeStripeTruth::Object::*field)
{
    entries.clear();
    entries.reserve(objects.size());
    for (const FakeStripeTruth::Object *object : objects) {
        if (!(object->*field).isEmpty())
            entries.emplace_back(qHash(object->*field), object);
    }
    std::stable_sort(entries.begin(), entries.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    builtFor = objects.size();
}

std::vector<const FakeStripeTruth::Object *> FakeStripe::TextIndex::find(const QByteArray &text,
                                                                         QByteArray FakeStripeTruth::Object::*field) const
{
    std::vector<const FakeStripeTruth::Object *> found;
    const size_t hash = qHash(text);
    const auto first = std::partition_point(entries.begin(), entries.end(), [hash](const auto &e) { return e.first < hash; });
    for (auto it = first; it != entries.end() && it->first == hash; ++it) {
        if (it->second->*field == text)
            found.push_back(it->second);
    }
    return found;
}

std::vector<const FakeStripeTruth::Object *> FakeStripe::withId(const std::vector<FakeStripeTruth::Object> &all,
                                                                TextIndex &index, const QByteArray &id)
{
    if (index.builtFor != all.size()) {
        std::vector<const FakeStripeTruth::Object *> inOrder;
        inOrder.reserve(all.size());
        for (const auto &object : all)
            inOrder.push_back(&object);
        index.build(inOrder, &FakeStripeTruth::Object::id);
        index.builtFor = all.size();
    }
    return index.find(id, &FakeStripeTruth::Object::id);
}

const FakeStripeTruth::Object *FakeStripe::refund(const QByteArray &id)
{
    // The first of an id answers, as Stripe keeps one.
    const auto found = withId(m_truth.refunds, m_refundsById, id);
    return found.empty() ? nullptr : found.front();
}

std::vector<const FakeStripeTruth::Object *> FakeStripe::refundsOfPayment(const QByteArray &paymentIntent,
                                                                          const QByteArray &charge)
{
    if (m_refundsByPaymentIntent.builtFor != m_truth.refunds.size()) {
        // From the newest-first list, so that each payment's refunds are in Stripe's order.
        const auto &all = newestFirst(m_truth.refunds, m_refundsNewestFirst);
        m_refundsByPaymentIntent.build(all, &FakeStripeTruth::Object::paymentIntent);
        m_refundsByCharge.build(all, &FakeStripeTruth::Object::charge);
        m_refundsByPaymentIntent.builtFor = m_refundsByCharge.builtFor = m_truth.refunds.size();
    }
    if (charge.isEmpty())
        return m_refundsByPaymentIntent.find(paymentIntent, &FakeStripeTruth::Object::paymentIntent);
    std::vector<const FakeStripeTruth::Object *> ofCharge = m_refundsByCharge.find(charge, &FakeStripeTruth::Object::charge);
    if (paymentIntent.isEmpty())
        return ofCharge;
    // Both named: the refunds that match both, as Stripe filters by every parameter given.
    std::erase_if(ofCharge, [&paymentIntent](const auto *refund) { return refund->paymentIntent != paymentIntent; });
    return ofCharge;
}

qsizetype FakeStripe::placeOf(const std::vector<const FakeStripeTruth::Object *> &newestFirst,
                              const FakeStripeTruth::Object *object)
{
    const auto second = std::partition_point(newestFirst.begin(), newestFirst.end(),
                                             [object](const auto *o) { return o->created > object->created; });
    for (auto it = second; it != newestFirst.end() && (*it)->created == object->created; ++it) {
        ++m_objectsExamined;
        if (*it == object)
            return it - newestFirst.begin();
    }
    return -1;
}

FakeStripe::Answer FakeStripe::listAnswer(const Listing &listing, const QUrlQuery &query, const QString &url)
{
    int limit = 10;
    if (query.hasQueryItem(QStringLiteral("limit"))) {
        bool ok = false;
        limit = query.queryItemValue(QStringLiteral("limit")).toInt(&ok);
        if (!ok || limit < 1 || limit > 100)
            return error(400, "invalid_request_error", "parameter_invalid_integer", "Invalid integer: limit must be 1 to 100");
    }
    const auto &all = listing.candidates;
    // The range's own bounds, found by halving; the other conditions per object within them.
    const CreatedRange created(query);
    const qint64 newest = created.newest();
    const qint64 oldest = created.oldest();
    const qsizetype first = std::partition_point(all.begin(), all.end(), [newest](const auto *o) { return o->created > newest; })
        - all.begin();
    const qsizetype last = std::partition_point(all.begin() + first, all.end(),
                                                [oldest](const auto *o) { return o->created >= oldest; })
        - all.begin();
    const auto listed = [&](qsizetype at) {
        ++m_objectsExamined;
        return listing.matches(*all[size_t(at)]);
    };

    const QString after = query.queryItemValue(QStringLiteral("starting_after"));
    const QString before = query.queryItemValue(QStringLiteral("ending_before"));
    if (!after.isEmpty() && !before.isEmpty()) {
        return error(400, "invalid_request_error", "parameter_invalid",
                     "You may only specify one of these parameters: ending_before, starting_after.");
    }
    // The cursor's place: the first listed object of its id within the range.
    qsizetype cursor = -1;
    if (!after.isEmpty() || !before.isEmpty()) {
        const QByteArray id = (after.isEmpty() ? before : after).toUtf8();
        for (const FakeStripeTruth::Object *named : listing.withId(id)) {
            const qsizetype place = placeOf(all, named);
            if (place >= first && place < last && (cursor < 0 || place < cursor) && listed(place))
                cursor = place;
        }
        if (cursor < 0)
            return error(400, "invalid_request_error", "resource_missing", "No such object: '" + id + "'");
    }

    // One more than the page, to say whether there are more.
    std::vector<const FakeStripeTruth::Object *> page;
    if (!before.isEmpty()) {
        // The newer objects nearest the cursor, still listed newest first.
        for (qsizetype at = cursor - 1; at >= first && page.size() <= size_t(limit); --at) {
            if (listed(at))
                page.push_back(all[size_t(at)]);
        }
    } else {
        for (qsizetype at = cursor < 0 ? first : cursor + 1; at < last && page.size() <= size_t(limit); ++at) {
            if (listed(at))
                page.push_back(all[size_t(at)]);
        }
    }
    const bool hasMore = page.size() > size_t(limit);
    page.resize(std::min(page.size(), size_t(limit)));
    if (!before.isEmpty())
        std::reverse(page.begin(), page.end());

    QByteArray body = "{\"object\":\"list\",\"data\":[";
    for (size_t i = 0; i < page.size(); ++i) {
        if (i > 0)
            body += ',';
        body += page[i]->json;
    }
    body += "],\"has_more\":" + QByteArray(hasMore ? "true" : "false") + ",\"url\":" + jsonString(url) + '}';
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
