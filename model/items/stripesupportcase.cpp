#include "items/stripesupportcase.h"

#include "domain/jsonfields.h"
#include "domain/money.h"
#include "domain/providerlookupresult.h"
#include "evidence/paymentsource.h"
#include "evidence/refundcomparison.h"
#include "items/operationsnapshot.h"

#include <QDateTime>
#include <QRegularExpression>

namespace RefundDesk {

namespace {

QString utc(qint64 msecs)
{
    return QDateTime::fromMSecsSinceEpoch(msecs, Qt::UTC).toString(Qt::ISODateWithMs);
}

QString listingState(const ProviderLookupResult &result)
{
    return result.complete ? QStringLiteral("complete") : QStringLiteral("incomplete");
}

// What a listing of the payment found: every refund's id, whoever made it.
QString paymentListingFound(const ProviderLookupResult &result)
{
    QStringList ids;
    for (const auto *group : {&result.refunds, &result.paymentRefunds, &result.otherOperations, &result.otherRefunds}) {
        for (const ProviderLookupResult::Refund &refund : *group)
            ids << refund.id;
    }
    for (const QString &id : result.missing)
        ids << QStringLiteral("%1 not found (404)").arg(id);
    if (ids.isEmpty())
        return QStringLiteral("no refund of payment %1 (%2 listing)").arg(result.paymentId, listingState(result));
    return QStringLiteral("refunds of payment %1: %2 (%3 listing)")
        .arg(result.paymentId, ids.join(QStringLiteral(", ")), listingState(result));
}

// What a lookup found, from its result (not its summary, which is in the asker's language).
QString lookupFound(const ProviderLookup &lookup)
{
    const ProviderLookupResult result = ProviderLookupResult::read(lookup.result);
    if (result.byPayment)
        return paymentListingFound(result);
    QStringList found;
    for (const ProviderLookupResult::Refund &refund : result.refunds)
        found << QStringLiteral("%1 %2 %3").arg(refund.id, refund.status, Money::format(refund.amount, refund.currency));
    for (const QString &id : result.missing)
        found << QStringLiteral("%1 not found (404)").arg(id);
    if (!found.isEmpty())
        return found.join(QStringLiteral("; "));
    if (lookup.windowFrom && lookup.windowTo) {
        return QStringLiteral("no refund with metadata.operation_id created %1 to %2 (%3 listing)")
            .arg(utc(*lookup.windowFrom), utc(*lookup.windowTo), listingState(result));
    }
    return QStringLiteral("nothing");
}

// A lookup that listed the operation's payment's refunds, with its stored result read.
struct PaymentListing
{
    const ProviderLookup *lookup = nullptr;
    ProviderLookupResult result;
};

// The latest listing of the operation's payment, if Stripe was asked by the payment.
std::optional<PaymentListing> latestPaymentListing(const std::vector<ProviderLookup> &lookups)
{
    std::optional<PaymentListing> latest;
    for (const ProviderLookup &lookup : lookups) {
        if (latest && lookup.askedAt < latest->lookup->askedAt)
            continue;
        ProviderLookupResult result = ProviderLookupResult::read(lookup.result);
        if (result.byPayment)
            latest = PaymentListing{&lookup, std::move(result)};
    }
    return latest;
}

// The payment and where it was read: the latest listing's, else what the store knows.
PaymentSource paymentOf(const OperationSnapshot &snapshot, const std::optional<PaymentListing> &listing)
{
    if (!listing)
        return PaymentSource::find(snapshot.operation, snapshot.evidence, snapshot.orderOperations);
    const ProviderLookupResult &result = listing->result;
    PaymentSource source;
    source.paymentId = result.paymentId;
    source.from = PaymentSource::fromFromToken(result.paymentFrom);
    source.operationId = result.paymentFromOperation;
    source.eventId = result.paymentFromEvent;
    return source;
}

// One refund of the payment as support reads it, with the words the console's comparison
// uses for what made it.
QString paymentRefundLine(const ComparedRefund &refund)
{
    const QString status = toString(refund.refund.status);
    const QString created = refund.createdSeconds > 0 ? QStringLiteral("created %1").arg(utc(refund.createdSeconds * 1000))
                                                      : QStringLiteral("created at an unknown time");
    const QString metadata = refund.refund.operationId.isEmpty()
        ? QStringLiteral("no metadata.operation_id")
        : QStringLiteral("metadata.operation_id %1").arg(refund.refund.operationId);
    return QStringLiteral("  %1: %2, %3, %4; made by %5; %6")
        .arg(refund.refund.id, Money::format(refund.refund.amount, refund.refund.currency),
             status.isEmpty() ? QStringLiteral("no status") : status, created, refund.madeBy(Wording::SourceText),
             metadata);
}

// Every refund Stripe listed for the payment, so that support can tell which moved the
// customer's money and which path made each.
QStringList paymentRefundLines(const OperationSnapshot &snapshot, const PaymentSource &payment,
                               const std::optional<PaymentListing> &listing)
{
    if (!listing)
        return {QStringLiteral("Refunds of payment %1: not listed yet").arg(payment.paymentId)};
    QStringList lines{QStringLiteral("Refunds of payment %1 as Stripe listed them at %2 (%3 listing; times UTC):")
                          .arg(payment.paymentId, utc(listing->lookup->askedAt), listingState(listing->result))};
    const std::vector<ComparedRefund> refunds = RefundComparison::ofPaymentListing(*listing->lookup, snapshot.attempts);
    if (refunds.empty())
        lines << QStringLiteral("  none");
    for (const ComparedRefund &refund : refunds)
        lines << paymentRefundLine(refund);
    return lines;
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
    const std::optional<PaymentListing> listing = latestPaymentListing(snapshot.lookups);
    const PaymentSource payment = paymentOf(snapshot, listing);
    if (!payment.isKnown())
        lines << QStringLiteral("Payment: none known");
    else if (payment.from == PaymentSource::From::None) // a listing that does not say
        lines << QStringLiteral("Payment: %1").arg(payment.paymentId);
    else
        lines << QStringLiteral("Payment: %1 (read from %2)").arg(payment.paymentId, payment.describeFrom(Wording::SourceText));
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
        const QString source = state.eventId.isEmpty() ? QStringLiteral("Stripe lookup %1").arg(state.lookupId)
                                                       : QStringLiteral("event %1").arg(state.eventId);
        lines << QStringLiteral("  %1 %2 per %3").arg(state.refund.id, toString(state.refund.status), source);
    }

    if (payment.isKnown())
        lines << QString() << paymentRefundLines(snapshot, payment, listing);

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
