#include "eventsync.h"

#include "evidence/eventimporter.h"
#include "evidence/queueverdict.h"
#include "store/store.h"
#include "stripe/stripeclient.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QSet>

namespace RefundDesk::Cli {

QStringList EventSync::eventTypes()
{
    return StripeRefundEvents::types();
}

std::optional<Error> EventSync::checkSince(qint64 sinceSeconds)
{
    if (sinceSeconds <= 0)
        return Error::usage(QCoreApplication::translate("Cli", "--since wants a time span such as 3d, 12h or 90m."));
    if (sinceSeconds > StripeKeepsEventsSeconds) {
        return Error::usage(QCoreApplication::translate("Cli", "Stripe keeps events for 30 days, so events older than that "
                                                               "cannot be listed: give --since 30d or less (older events can "
                                                               "be imported from a file with import-events)."));
    }
    return std::nullopt;
}

EventSync::EventSync(Store &store, StripeClient &client, SyncOptions options, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_client(client)
    , m_options(options)
    , m_cursor(store, options.undeliveredOnly)
    , m_importer(std::make_unique<EventImporter>(store))
{
    m_importer->setBatchCallbacks([this](const auto &batch) { noteBefore(batch); },
                                  [this](const auto &batch) { noteAfter(batch); });
}

EventSync::~EventSync() = default;

void EventSync::start()
{
    nextListing();
}

void EventSync::nextListing()
{
    if (!m_resumeChecked) {
        m_resumeChecked = true;
        auto underWay = m_cursor.underWay();
        if (!underWay)
            return fail(underWay.error());
        if (*underWay) {
            m_summary.resumed = true;
            const auto &listing = **underWay;
            emit note(QCoreApplication::translate("Cli", "taking up the listing an earlier run left (events created %1 to %2)")
                              .arg(QDateTime::fromSecsSinceEpoch(listing.window.from, Qt::UTC).toString(Qt::ISODate),
                                   QDateTime::fromSecsSinceEpoch(listing.window.until, Qt::UTC).toString(Qt::ISODate)));
            return list(listing.window, listing.lastEventId);
        }
    }
    if (m_mainListed) {
        emit succeeded();
        return;
    }
    m_mainListed = true;
    SyncCursor::Window window{m_options.nowSeconds - m_options.sinceSeconds, m_options.nowSeconds};
    auto listed = m_cursor.listed();
    if (!listed)
        return fail(listed.error());
    // What an earlier run listed to its end need not be listed again.
    if (*listed && (*listed)->from <= window.from && (*listed)->until >= window.from)
        window.from = qMax(window.from, (*listed)->until - OverlapSeconds);
    if (window.from > window.until) {
        emit succeeded();
        return;
    }
    keepPlace(m_cursor.begin(window));
    list(window, {});
}

void EventSync::list(const SyncCursor::Window &window, const QString &startingAfter)
{
    m_window = window;
    QUrlQuery query;
    for (const QString &type : eventTypes())
        query.addQueryItem(QStringLiteral("types[]"), type);
    query.addQueryItem(QStringLiteral("created[gte]"), QString::number(window.from));
    query.addQueryItem(QStringLiteral("created[lte]"), QString::number(window.until));
    if (m_options.undeliveredOnly)
        query.addQueryItem(QStringLiteral("delivery_success"), QStringLiteral("false"));
    m_pager = std::make_unique<StripeListPager>(m_client, QStringLiteral("/v1/events"), query);
    connect(m_pager.get(), &StripeListPager::pageRead, this, &EventSync::pageRead);
    connect(m_pager.get(), &StripeListPager::finished, this, &EventSync::listingFinished);
    connect(m_pager.get(), &StripeListPager::failed, this, &EventSync::fail);
    m_pager->start(startingAfter);
}

void EventSync::pageRead(const StripePage &page)
{
    auto imported = m_importer->importListBody(page.body);
    if (!imported || m_batchError) {
        m_pager->stop();
        return fail(imported ? *m_batchError : imported.error());
    }
    m_summary.read += imported->read;
    m_summary.added += imported->added;
    m_summary.alreadyPresent += imported->alreadyPresent;
    m_summary.unreadable += imported->unreadable;
    ++m_summary.pages;
    // The page is in the store: only now may the place move past it.
    if (!page.ids.isEmpty())
        keepPlace(m_cursor.pageStored(m_window, page.ids.last()));
    emit pageStored(m_summary.pages, m_summary.read, m_summary.added);
}

void EventSync::listingFinished()
{
    keepPlace(m_cursor.finished(m_window));
    nextListing();
}

void EventSync::fail(const Error &error)
{
    emit failed(error);
}

void EventSync::keepPlace(Result<void> written)
{
    if (written || !m_keepPlace)
        return;
    // E.g. a PostgreSQL login that may add events but not write store_meta: the sync
    // still works, the next run only lists the whole window again.
    m_keepPlace = false;
    m_summary.cursorProblem = written.error().message;
    emit note(QCoreApplication::translate("Cli", "the place of the sync cannot be kept in the store (%1): a run that is "
                                                     "stopped lists its window again next time, storing nothing twice")
                      .arg(written.error().message));
}

std::map<QString, Verdict> EventSync::queueVerdicts(const QStringList &operationIds)
{
    std::map<QString, Verdict> found;
    // The batch's operations in two reads, not three for each.
    auto verdicts = QueueVerdict::ofEach(m_store, operationIds);
    if (!verdicts) {
        m_batchError = verdicts.error();
        return found;
    }
    for (qsizetype i = 0; i < operationIds.size(); ++i) {
        if (const std::optional<Verdict> &verdict = (*verdicts)[size_t(i)])
            found[operationIds.at(i)] = *verdict;
    }
    return found;
}

void EventSync::noteBefore(const std::vector<WebhookEvent> &batch)
{
    QSet<QString> seen;
    QStringList ids;
    for (const WebhookEvent &event : batch) {
        const QString &id = event.operationId;
        if (id.isEmpty() || seen.contains(id) || m_before.count(id))
            continue;
        seen.insert(id);
        ids.append(id);
    }
    if (ids.isEmpty())
        return;
    for (const auto &[id, verdict] : queueVerdicts(ids))
        m_before[id] = verdict;
}

void EventSync::noteAfter(const std::vector<WebhookEvent> &batch)
{
    QSet<QString> seen;
    QStringList ids;
    for (const WebhookEvent &event : batch) {
        const QString &id = event.operationId;
        if (id.isEmpty() || seen.contains(id) || !m_before.count(id))
            continue;
        seen.insert(id);
        ids.append(id);
    }
    if (!ids.isEmpty()) {
        for (const auto &[id, verdict] : queueVerdicts(ids))
            m_after[id] = verdict;
    }
    m_summary.changes.clear();
    for (const auto &[id, after] : m_after) {
        const Verdict before = m_before.at(id);
        if (before != after)
            m_summary.changes.push_back({id, before, after});
    }
}

} // namespace RefundDesk::Cli
