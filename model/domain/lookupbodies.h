#pragma once

#include "domain/providerlookup.h"

#include <QJsonObject>
#include <QStringList>

namespace RefundDesk {

// How a provider lookup keeps the response bodies it rests on (DESIGN.md, "The shared
// store"). Schema version 3 keeps each body once, addressed by its SHA-256, and each of
// the lookup's requests names its body (`body_sha256`); the lookup's response_sha256 is
// then the SHA-256 of those addresses, so that checking it needs no body twice. A version
// 2 store keeps each body inside its request (`body`), and response_sha256 is the SHA-256
// of the bodies themselves, one after the other.
class LookupBodies final
{
public:
    // A body as received, with its address.
    static ResponseBody bodyOf(const QByteArray &received);
    static QString addressOf(const QByteArray &text);
    // response_sha256 of a lookup that names these bodies, in this order.
    static QString digest(const QStringList &addresses);
    static QString digest(const std::vector<ResponseBody> &bodies);
    // One request of a lookup's record: what was asked (never the key), what came back,
    // and the address of the body.
    static QJsonObject request(const QString &pathAndQuery, int status, const QString &requestId,
                               const ResponseBody &body);

    // Whether the requests name their bodies by address (version 3) rather than hold them.
    static bool namesBodies(const QString &requests);
    // The addresses the requests name, in their order.
    static QStringList addressesNamed(const QString &requests);
    // What the stored record's response_sha256 must be, from what it holds or names;
    // empty when the requests cannot be read.
    static QString sha256Of(const ProviderLookup &row);

    // The draft as a version 2 store keeps it: each body inside its request, and
    // response_sha256 over the bodies.
    static ProviderLookupDraft inlined(const ProviderLookupDraft &draft);
    // The requests with each body in its place (`body`), for reading: those of version 2
    // as they are, those of version 3 with the bodies the row was read with.
    static QString requestsWithBodies(const ProviderLookup &row);
};

} // namespace RefundDesk
