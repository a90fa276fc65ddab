#include "stripeask/undeliveredrefundevents.h"

#include "evidence/eventimporter.h"
#include "stripe/stripeclient.h"
#include "stripe/stripelistpager.h"
#include "stripe/striperefundevents.h"
#include "stripeask/striperequestpacer.h"

#include <QTimer>
#include <QUrlQuery>

#include <algorithm>

namespace RefundDesk {

UndeliveredRefundEvents::UndeliveredRefundEvents(Store &store, StripeClient &client, StripeRequestPacer &pacer,
                                                 qint64 fromSeconds, qint64 toSeconds, qint64 nowSeconds, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_client(client)
    , m_pacer(pacer)
    , m_importer(std::make_unique<EventImporter>(store))
    , m_fromSeconds(std::max(fromSeconds, nowSeconds - StripeRefundEvents::KeptSeconds))
    , m_toSeconds(toSeconds)
{
    connect(&m_client, &StripeClient::answered, this, &UndeliveredRefundEvents::answered);
}

UndeliveredRefundEvents::~UndeliveredRefundEvents()
{
    stop();
}

void UndeliveredRefundEvents::start()
{
    if (!listable()) {
        emit finished();
        return;
    }
    requestPage();
}

void UndeliveredRefundEvents::stop()
{
    m_stopped = true;
    if (m_tag != 0)
        m_client.cancel(m_tag);
    m_tag = 0;
}

void UndeliveredRefundEvents::requestPage()
{
    if (m_stopped)
        return;
    if (const qint64 wait = m_pacer.waitBeforeNext(); wait > 0) {
        QTimer::singleShot(wait, this, &UndeliveredRefundEvents::requestPage);
        return;
    }
    QUrlQuery query;
    for (const QString &type : StripeRefundEvents::types())
        query.addQueryItem(QStringLiteral("types[]"), type);
    query.addQueryItem(QStringLiteral("delivery_success"), QStringLiteral("false"));
    query.addQueryItem(QStringLiteral("created[gte]"), QString::number(m_fromSeconds));
    query.addQueryItem(QStringLiteral("created[lte]"), QString::number(m_toSeconds));
    query.addQueryItem(QStringLiteral("limit"), QString::number(StripeListPager::PageLimit));
    if (!m_startingAfter.isEmpty())
        query.addQueryItem(QStringLiteral("starting_after"), m_startingAfter);
    m_pacer.sent();
    m_tag = m_client.get(QStringLiteral("/v1/events"), query);
}

void UndeliveredRefundEvents::answered(quint64 tag, const StripeAnswer &answer)
{
    if (tag != m_tag || m_tag == 0)
        return;
    m_tag = 0;
    if (!answer.ok()) {
        const Error error = answer.error.value_or(Error::internal(QStringLiteral("Stripe answered HTTP %1.").arg(answer.httpStatus)));
        if (answer.httpStatus == 403 && m_pages == 0)
            emit refused(error);
        else
            emit failed(error);
        return;
    }
    auto page = StripeListPager::readPage(answer.body);
    if (!page) {
        emit failed(page.error());
        return;
    }
    auto imported = m_importer->importListBody(answer.body);
    if (!imported) {
        emit failed(imported.error());
        return;
    }
    ++m_pages;
    m_read += imported->read;
    m_added += imported->added;
    if (m_stopped)
        return;
    if (page->hasMore && !page->ids.isEmpty()) {
        m_startingAfter = page->ids.back();
        requestPage();
    } else {
        emit finished();
    }
}

} // namespace RefundDesk
