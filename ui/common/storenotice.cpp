#include "ui/common/storenotice.h"

#include "store/storefacts.h"

#include <QLocale>

namespace RefundDesk {

namespace {

// 03:25 (or 3:25 AM) today; with the date when it was another day.
QString momentText(const QDateTime &moment)
{
    const QLocale locale;
    if (moment.date() == QDate::currentDate())
        return locale.toString(moment.time(), QLocale::ShortFormat);
    return locale.toString(moment, QLocale::ShortFormat);
}

} // namespace

StoreNotice StoreNotice::about(const StoreFacts &store, bool readOnlyAsked, const QDateTime &openedAt)
{
    StoreNotice notice;
    notice.m_reason = store.state.openNote;
    switch (store.freshness) {
    case Store::Freshness::Snapshot: {
        const QString moment = momentText(openedAt);
        notice.m_live = false;
        notice.m_banner = tr("A snapshot of the store as it was at %1; later changes do not appear. Reopen (F5) to "
                             "see them.").arg(moment);
        notice.m_freshness = tr("Snapshot as of %1").arg(moment);
        notice.m_aside = tr("a snapshot as it was at %1; later changes do not appear").arg(moment);
        return notice;
    }
    case Store::Freshness::IncompleteSnapshot:
        notice.m_live = false;
        notice.m_banner = tr("An incomplete copy: its latest changes cannot be read here and do not appear. Ask for a "
                             "complete copy of the store (hover here for how).");
        notice.m_freshness = tr("Incomplete copy");
        notice.m_aside = tr("an incomplete copy: its latest changes do not appear");
        return notice;
    case Store::Freshness::Live:
        break;
    }
    if (!store.state.readOnly)
        return notice;
    // A standby's own note already says what it is, how far behind, and where to decide.
    if (const auto &standby = store.state.standby; standby && !standby->promoted) {
        notice.m_banner = store.state.openNote;
        notice.m_reason.clear();
        return notice;
    }
    if (readOnlyAsked) {
        notice.m_banner = tr("Read-only, as asked (--read-only): you can look at everything and copy replies; nothing "
                             "can be claimed or recorded in this window.");
    } else {
        notice.m_banner = tr("Read-only: you may not change this store, so nothing can be claimed or recorded in this "
                             "window; you can look at everything and copy replies. To work the queue, ask for write "
                             "access (hover here for the reason).");
    }
    return notice;
}

} // namespace RefundDesk
