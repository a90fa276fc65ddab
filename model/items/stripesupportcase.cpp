#include "items/stripesupportcase.h"

#include "domain/jsonfields.h"
#include "domain/money.h"
#include "domain/providerlookupresult.h"
#include "items/operationsnapshot.h"

#include <QDateTime>
#include <QRegularExpression>

namespace RefundDesk {

namespace {

QString utc(qint64 msecs)
{
    return QDateTime::fromMSecsSinceEpoch(msecs, Qt::UTC).toString(Qt::ISODateWithMs);
}

// What a lookup found, from its result (not its summary, which is in the asker's language).
QString lookupFound(const ProviderLookup &lookup)
{
    const ProviderLookupResult result = ProviderLookupResult::read(lookup.result);
    QStringList found;
    for (const ProviderLookupResult::Refund &refund : result.refunds)
        found << QStringLiteral("%1 %2 %3").arg(refund.id, refund.status, Money::format(refund.amount, refund.currency));
    for (const QString &id : result.missing)
        found << QStringLiteral("%1 not found (404)").arg(id);
    if (!found.isEmpty())
        return found.join(QStringLiteral("; "));
    if (lookup.windowFrom && lookup.windowTo) {
        return QStringLiteral("no refund with metadata.operation_id created %1 to %2 (%3 listing)")
            .arg(utc(*lookup.windowFrom), utc(*lookup.windowTo),
                 result.complete ? QStringLiteral("complete") : QStringLiteral("incomplete"));
    }
    return QStringLiteral("nothing");
}

} // namespace

QString StripeSupportCase::text(const OperationSnapshot &snapshot)
{
    const Operation &operation = snapshot.operation;
    QStringList lines;
    lines << QStringLiteral("Refund for operation %1").arg(operation.operationId)
          << QStringLiteral("Order: %1").arg(operation.orderId)
          << QStringLiteral("Amount: %1").arg(Money::format(operation.amountCents, operation.currency))
          << QStringLiteral("Idempotency-Key: %1").arg(operation.idempotencyKey.isEmpty() ? QStringLiteral("(none)")
                                                                                          : operation.idempotencyKey);
    const std::optional<bool> live = StripeDashboardLink::livemode(snapshot);
    if (live)
        lines << QStringLiteral("Mode: %1").arg(*live ? QStringLiteral("live") : QStringLiteral("test"));

    lines << QString() << QStringLiteral("Attempts (times UTC):");
    if (snapshot.attempts.empty())
        lines << QStringLiteral("  none recorded");
    for (const Attempt &attempt : snapshot.attempts) {
        QString line = QStringLiteral("  #%1 started %2").arg(attempt.attemptNo).arg(utc(attempt.startedAt));
        if (attempt.finishedAt)
            line += QStringLiteral(", ended %1").arg(utc(*attempt.finishedAt));
        line += QStringLiteral(", Request-Id %1").arg(attempt.requestId.isEmpty() ? QStringLiteral("(none)") : attempt.requestId);
        line += QStringLiteral(", outcome %1").arg(toString(attempt.outcome));
        if (attempt.httpStatus)
            line += QStringLiteral(" (HTTP %1)").arg(*attempt.httpStatus);
        lines << line;
    }

    QStringList refunds;
    if (!operation.refundId.isEmpty())
        refunds << operation.refundId;
    for (const RefundState &state : snapshot.evidence.refunds) {
        if (!refunds.contains(state.refund.id))
            refunds << state.refund.id;
    }
    lines << QString() << QStringLiteral("Refund ids seen: %1").arg(refunds.isEmpty() ? QStringLiteral("none")
                                                                                       : refunds.join(QStringLiteral(", ")));
    for (const RefundState &state : snapshot.evidence.refunds) {
        lines << QStringLiteral("  %1 %2 per event %3").arg(state.refund.id, toString(state.refund.status), state.eventId);
    }

    lines << QString() << QStringLiteral("Asked of Stripe's API (times UTC):");
    if (snapshot.lookups.empty())
        lines << QStringLiteral("  not yet");
    for (const ProviderLookup &lookup : snapshot.lookups)
        lines << QStringLiteral("  %1: %2").arg(utc(lookup.askedAt), lookupFound(lookup));
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QUrl StripeDashboardLink::forId(const QString &id, bool live)
{
    QString page;
    if (id.startsWith(QLatin1String("req_")))
        page = QStringLiteral("logs/");
    else if (id.startsWith(QLatin1String("re_")))
        page = QStringLiteral("refunds/");
    else if (id.startsWith(QLatin1String("evt_")))
        page = QStringLiteral("events/");
    else
        return {};
    static const QRegularExpression wholeId(QStringLiteral("^[A-Za-z0-9_]+$"));
    if (!wholeId.match(id).hasMatch())
        return {};
    return QUrl(QStringLiteral("https://dashboard.stripe.com/%1%2%3").arg(live ? QString() : QStringLiteral("test/"), page, id));
}

std::optional<bool> StripeDashboardLink::livemode(const OperationSnapshot &snapshot)
{
    for (const EvidenceEvent &event : snapshot.evidence.events) {
        const nlohmann::json payload = Internal::parseJson(event.row.payload.toUtf8());
        const nlohmann::json &livemode = Internal::jsonMember(payload, "livemode");
        if (livemode.is_boolean())
            return livemode.get<bool>();
    }
    return std::nullopt;
}

QStringList StripeDashboardLink::idsIn(const QString &text)
{
    static const QRegularExpression ids(QStringLiteral("\\b(?:req|re|evt)_[A-Za-z0-9]+\\b"));
    QStringList found;
    for (const QRegularExpressionMatch &match : ids.globalMatch(text)) {
        if (!found.contains(match.captured()))
            found << match.captured();
    }
    return found;
}

} // namespace RefundDesk
