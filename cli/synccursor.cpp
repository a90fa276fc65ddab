#include "synccursor.h"

#include "store/store.h"

#include <QStringList>

namespace RefundDesk::Cli {

namespace {

std::optional<qint64> number(const QString &text)
{
    bool ok = false;
    const qint64 value = text.toLongLong(&ok);
    return ok ? std::optional<qint64>(value) : std::nullopt;
}

} // namespace

SyncCursor::SyncCursor(Store &store, bool undeliveredOnly)
    : m_store(store)
    , m_prefix(undeliveredOnly ? QStringLiteral("stripe_undelivered_events") : QStringLiteral("stripe_events"))
{
}

Result<std::optional<SyncCursor::Window>> SyncCursor::listed()
{
    auto from = m_store.meta(m_prefix + QStringLiteral("_synced_from"));
    if (!from)
        return from.error();
    auto until = m_store.meta(m_prefix + QStringLiteral("_synced_until"));
    if (!until)
        return until.error();
    const auto f = number(*from);
    const auto u = number(*until);
    if (!f || !u || *f > *u)
        return std::optional<Window>();
    return std::optional<Window>(Window{*f, *u});
}

Result<std::optional<SyncCursor::Listing>> SyncCursor::underWay()
{
    auto text = m_store.meta(m_prefix + QStringLiteral("_sync_listing"));
    if (!text)
        return text.error();
    // "FROM UNTIL [LAST_EVENT_ID]", or "none" when no listing is under way
    const QStringList parts = text->split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (parts.size() < 2)
        return std::optional<Listing>();
    const auto f = number(parts.at(0));
    const auto u = number(parts.at(1));
    if (!f || !u || *f > *u)
        return std::optional<Listing>();
    return std::optional<Listing>(Listing{{*f, *u}, parts.value(2)});
}

Result<void> SyncCursor::setListing(const Window &window, const QString &lastEventId)
{
    QString text = QStringLiteral("%1 %2").arg(window.from).arg(window.until);
    if (!lastEventId.isEmpty())
        text += QLatin1Char(' ') + lastEventId;
    return m_store.setMeta(m_prefix + QStringLiteral("_sync_listing"), text);
}

Result<void> SyncCursor::begin(const Window &window)
{
    return setListing(window, {});
}

Result<void> SyncCursor::pageStored(const Window &window, const QString &lastEventId)
{
    return setListing(window, lastEventId);
}

Result<void> SyncCursor::finished(const Window &window)
{
    auto old = listed();
    if (!old)
        return old.error();
    Window joined = window;
    // Windows that meet or overlap become one; a window apart from the old one replaces
    // it (the gap between them was never listed).
    if (*old && (*old)->until >= window.from && (*old)->from <= window.until) {
        joined.from = qMin((*old)->from, window.from);
        joined.until = qMax((*old)->until, window.until);
    }
    if (auto set = m_store.setMeta(m_prefix + QStringLiteral("_synced_from"), QString::number(joined.from)); !set)
        return set;
    if (auto set = m_store.setMeta(m_prefix + QStringLiteral("_synced_until"), QString::number(joined.until)); !set)
        return set;
    return m_store.setMeta(m_prefix + QStringLiteral("_sync_listing"), QStringLiteral("none"));
}

} // namespace RefundDesk::Cli
