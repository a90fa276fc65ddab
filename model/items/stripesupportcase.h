#pragma once

#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace RefundDesk {

struct OperationSnapshot;

// What a person hands to Stripe's support about one operation, as plain text: the
// operation, order, amount, idempotency key and payment (and where it was read), every
// attempt (time, Request-Id, outcome), the refund ids seen, every refund the latest listing
// of the payment holds (id, amount, status, when Stripe made it, what made it and its
// metadata.operation_id) and what each lookup found. In English whatever the console's
// language, times in UTC: it is read by Stripe's support, and the ids in it are what they
// search by.
class StripeSupportCase final
{
public:
    static QString text(const OperationSnapshot &snapshot);
};

// Pages of Stripe's Dashboard for the ids the panel shows: a request (req_) in the
// request logs, a refund (re_), an event (evt_); of test or live mode.
class StripeDashboardLink final
{
public:
    // The page for `id`, or an empty URL when the id is none of those.
    static QUrl forId(const QString &id, bool live);
    // The mode of the operation's events (their payloads' livemode); none when no event
    // says. The Dashboard then opens in test mode, the harmless one.
    static std::optional<bool> livemode(const OperationSnapshot &snapshot);
    // Every req_/re_/evt_ id in a text, in order, once each.
    static QStringList idsIn(const QString &text);
};

} // namespace RefundDesk
