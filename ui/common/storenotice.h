#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QString>

namespace RefundDesk {

struct StoreFacts;

// What the console and the audit window say about how a store is open, in words for the
// people who read them (a support agent, an auditor): the banner's one line says what it
// means for them and what to do; the technical reason (SQLite's, the server's) goes to the
// tooltip; the status bar's word for what they see agrees with the banner ("Live" only
// when later changes do appear).
class StoreNotice final
{
    Q_DECLARE_TR_FUNCTIONS(StoreNotice)

public:
    // `readOnlyAsked`: opened with --read-only (or File › Open read-only); `openedAt`: when,
    // the moment a snapshot shows.
    static StoreNotice about(const StoreFacts &store, bool readOnlyAsked, const QDateTime &openedAt);

    // The banner above the queue; empty when there is nothing to say (open for writing).
    QString banner() const { return m_banner; }
    // Why, in technical terms (plain text); may be empty.
    QString reason() const { return m_reason; }
    // True when what is shown follows other programs' changes by itself.
    bool isLive() const { return m_live; }
    // For the status bar when not live: "Snapshot as of 03:25", "Incomplete copy".
    QString freshness() const { return m_freshness; }
    // A few words after the store's location in the audit window ("a snapshot as of
    // 03:25; later changes do not appear"); empty when live.
    QString aside() const { return m_aside; }

private:
    QString m_banner;
    QString m_reason;
    QString m_freshness;
    QString m_aside;
    bool m_live = true;
};

} // namespace RefundDesk
