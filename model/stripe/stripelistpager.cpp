#include "stripe/stripelistpager.h"

#include "stripe/stripeclient.h"

#include <QCoreApplication>
#include <QTimer>

#include <nlohmann/json.hpp>

namespace RefundDesk {

StripeListPager::StripeListPager(StripeClient &client, QString path, QUrlQuery query, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_path(std::move(path))
    , m_query(std::move(query))
{
    qRegisterMetaType<RefundDesk::StripePage>();
    connect(&m_client, &StripeClient::answered, this, &StripeListPager::answered);
}

StripeListPager::~StripeListPager()
{
    stop();
}

void StripeListPager::start(const QString &startingAfter)
{
    m_stopped = false;
    request(startingAfter);
}

void StripeListPager::stop()
{
    m_stopped = true;
    if (m_tag != 0)
        m_client.cancel(m_tag);
    m_tag = 0;
}

void StripeListPager::request(const QString &startingAfter)
{
    if (m_stopped)
        return;
    if (const qint64 wait = m_pacing.waitBeforeNext ? m_pacing.waitBeforeNext() : 0; wait > 0) {
        QTimer::singleShot(wait, this, [this, startingAfter] { request(startingAfter); });
        return;
    }
    QUrlQuery query = m_query;
    query.removeAllQueryItems(QStringLiteral("limit"));
    query.addQueryItem(QStringLiteral("limit"), QString::number(PageLimit));
    if (!startingAfter.isEmpty())
        query.addQueryItem(QStringLiteral("starting_after"), startingAfter);
    if (m_pacing.sent)
        m_pacing.sent();
    m_tag = m_client.get(m_path, query);
}

Result<StripePage> StripeListPager::readPage(const QByteArray &body)
{
    const auto bad = [](const char *why) {
        return Error::internal(QCoreApplication::translate("Stripe", "Stripe's answer is not a list Refund Desk can read (%1): "
                                                                     "report it with the request id.").arg(QLatin1String(why)));
    };
    const auto json = nlohmann::json::parse(body.constData(), body.constData() + body.size(), nullptr, false);
    if (!json.is_object())
        return bad("not a JSON object");
    const auto object = json.find("object");
    if (object == json.end() || *object != "list")
        return bad("its object is not \"list\"");
    const auto data = json.find("data");
    const auto hasMore = json.find("has_more");
    if (data == json.end() || !data->is_array())
        return bad("no data array");
    if (hasMore == json.end() || !hasMore->is_boolean())
        return bad("no has_more");
    StripePage page;
    page.body = body;
    page.hasMore = hasMore->get<bool>();
    for (const auto &entry : *data) {
        const auto id = entry.is_object() ? entry.find("id") : entry.end();
        if (!entry.is_object() || id == entry.end() || !id->is_string())
            return bad("an entry without an id");
        page.ids.append(QString::fromStdString(id->get<std::string>()));
    }
    if (page.hasMore && page.ids.isEmpty())
        return bad("has_more with no entries");
    return page;
}

void StripeListPager::answered(quint64 tag, const StripeAnswer &answer)
{
    if (tag != m_tag || m_stopped)
        return;
    m_tag = 0;
    m_lastHttpStatus = answer.httpStatus;
    if (!answer.ok()) {
        m_stopped = true;
        emit failed(answer.error.value_or(Error::internal(QStringLiteral("Stripe answered HTTP %1.").arg(answer.httpStatus))));
        return;
    }
    auto page = readPage(answer.body);
    if (!page) {
        m_stopped = true;
        emit failed(Error{page.error().kind, page.error().message + QLatin1Char(' ') + answer.requestId});
        return;
    }
    page->requestId = answer.requestId;
    page->pathAndQuery = answer.pathAndQuery;
    page->httpStatus = answer.httpStatus;
    page->number = ++m_pages;
    const bool more = page->hasMore;
    const QString last = page->ids.isEmpty() ? QString() : page->ids.last();
    emit pageRead(*page);
    if (m_stopped)
        return;
    if (more)
        request(last);
    else
        emit finished();
}

} // namespace RefundDesk
