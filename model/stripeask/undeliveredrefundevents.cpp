#include "stripeask/undeliveredrefundevents.h"

#include "evidence/eventimporter.h"
#include "stripe/stripeclient.h"
#include "stripe/stripelistpager.h"
#include "stripe/striperefundevents.h"
#include "stripeask/striperequestpacer.h"

#include <QUrlQuery>

#include <algorithm>

namespace RefundDesk {

namespace {

QUrlQuery undeliveredQuery(qint64 fromSeconds, qint64 toSeconds)
{
    QUrlQuery query;
    for (const QString &type : StripeRefundEvents::types())
        query.addQueryItem(QStringLiteral("types[]"), type);
    query.addQueryItem(QStringLiteral("delivery_success"), QStringLiteral("false"));
    query.addQueryItem(QStringLiteral("created[gte]"), QString::number(fromSeconds));
    query.addQueryItem(QStringLiteral("created[lte]"), QString::number(toSeconds));
    return query;
}

} // namespace

UndeliveredRefundEvents::UndeliveredRefundEvents(Store &store, StripeClient &client, StripeRequestPacer &pacer,
                                                 qint64 fromSeconds, qint64 toSeconds, qint64 nowSeconds, QObject *parent)
    : QObject(parent)
    , m_importer(std::make_unique<EventImporter>(store))
    , m_fromSeconds(std::max(fromSeconds, nowSeconds - StripeRefundEvents::KeptSeconds))
    , m_toSeconds(toSeconds)
{
    m_pager = std::make_unique<StripeListPager>(client, QStringLiteral("/v1/events"),
                                                undeliveredQuery(m_fromSeconds, m_toSeconds));
    m_pager->setPacing(pacer.pacing());
    connect(m_pager.get(), &StripeListPager::pageRead, this, &UndeliveredRefundEvents::pageRead);
    connect(m_pager.get(), &StripeListPager::finished, this, &UndeliveredRefundEvents::finished);
    connect(m_pager.get(), &StripeListPager::failed, this, &UndeliveredRefundEvents::pagerFailed);
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
    m_pager->start();
}

void UndeliveredRefundEvents::stop()
{
    m_pager->stop();
}

void UndeliveredRefundEvents::pageRead(const StripePage &page)
{
    auto imported = m_importer->importListBody(page.body);
    if (!imported) {
        m_pager->stop();
        emit failed(imported.error());
        return;
    }
    ++m_pages;
    m_read += imported->read;
    m_added += imported->added;
}

void UndeliveredRefundEvents::pagerFailed(const Error &error)
{
    // Refused on the first page: the key may not read events at all.
    if (m_pager->lastHttpStatus() == 403 && m_pages == 0)
        emit refused(error);
    else
        emit failed(error);
}

} // namespace RefundDesk
