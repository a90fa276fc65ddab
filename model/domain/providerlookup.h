#pragma once

#include <QString>

#include <optional>

namespace RefundDesk {

// What was asked of the provider about one operation and what it answered, as the
// provider client hands it to the store. The store fills in the id and the time (on
// PostgreSQL the server's clock and login).
struct ProviderLookupDraft
{
    QString operationId;
    QString provider = QStringLiteral("stripe");
    QString operatorName;
    // The window of creation times listed (ms); none when only refunds known by id were
    // retrieved, or the refunds of the operation's payment were listed.
    std::optional<qint64> windowFrom;
    std::optional<qint64> windowTo;
    // JSON array: each request's method, path and query (never the key), HTTP status,
    // the provider's request id and the response body as received.
    QString requests;
    // JSON object: whether the listing was complete, the route asked by, and the refunds
    // found with their id, status, amount and currency (DESIGN.md, "Asking Stripe by the
    // payment").
    QString result;
    QString responseSha256; // lower-case hex
};

// One row of provider_lookups (schema version 2): append-only.
struct ProviderLookup
{
    qint64 lookupId = 0;
    QString operationId;
    QString provider;
    qint64 askedAt = 0;
    QString operatorName;
    std::optional<qint64> windowFrom;
    std::optional<qint64> windowTo;
    QString requests;
    QString result;
    QString responseSha256;
};

} // namespace RefundDesk
