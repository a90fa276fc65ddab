#pragma once

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

namespace RefundDesk {

// One response body as the provider sent it (UTF-8 JSON text), and its address: the
// lower-case hex SHA-256 of those bytes. Schema version 3 keeps each body once, in
// provider_bodies, and a lookup names the bodies it rests on by their addresses.
struct ResponseBody
{
    QString sha256;
    QByteArray text;
};

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
    // the provider's request id and the address of its response body (body_sha256).
    QString requests;
    // The bodies the requests name, in the order received (LookupBodies says how a
    // store of version 2 keeps them inside the requests instead).
    std::vector<ResponseBody> bodies;
    // JSON object: whether the listing was complete, the route asked by, and the refunds
    // found with their id, status, amount and currency (DESIGN.md, "Asking Stripe by the
    // payment").
    QString result;
    // Lower-case hex: LookupBodies::digest() of the bodies' addresses.
    QString responseSha256;
};

// One row of provider_lookups (schema version 2): append-only. Its requests hold each
// response body (as version 2 wrote them) or name it by body_sha256 (version 3).
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
    // The bodies its requests name (version 3), where they were asked for
    // (Store::readBodiesInto) or just written; empty otherwise.
    std::vector<ResponseBody> bodies;
};

} // namespace RefundDesk
