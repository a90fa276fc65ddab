#include "domain/lookupbodies.h"

#include <QCryptographicHash>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace RefundDesk {

namespace {

const QLatin1String BodyKey("body");
const QLatin1String AddressKey("body_sha256");

QJsonArray requestsOf(const QString &requests)
{
    return QJsonDocument::fromJson(requests.toUtf8()).array();
}

QString compact(const QJsonArray &array)
{
    return QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact));
}

} // namespace

ResponseBody LookupBodies::bodyOf(const QByteArray &received)
{
    // Kept as text: a body that is not UTF-8 is kept as the text it reads as, and is
    // addressed by what is kept.
    QByteArray text = QString::fromUtf8(received).toUtf8();
    ResponseBody body;
    body.sha256 = addressOf(text);
    body.text = std::move(text);
    return body;
}

QString LookupBodies::addressOf(const QByteArray &text)
{
    return QString::fromLatin1(QCryptographicHash::hash(text, QCryptographicHash::Sha256).toHex());
}

QString LookupBodies::digest(const QStringList &addresses)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString &address : addresses)
        hash.addData(address.toLatin1());
    return QString::fromLatin1(hash.result().toHex());
}

QString LookupBodies::digest(const std::vector<ResponseBody> &bodies)
{
    QStringList addresses;
    for (const ResponseBody &body : bodies)
        addresses.append(body.sha256);
    return digest(addresses);
}

QJsonObject LookupBodies::request(const QString &pathAndQuery, int status, const QString &requestId,
                                  const ResponseBody &body)
{
    QJsonObject request;
    request.insert(QLatin1String("method"), QStringLiteral("GET"));
    request.insert(QLatin1String("path"), pathAndQuery);
    request.insert(QLatin1String("status"), status);
    request.insert(QLatin1String("request_id"), requestId);
    request.insert(AddressKey, body.sha256);
    return request;
}

bool LookupBodies::namesBodies(const QString &requests)
{
    // Cheap first: a record of version 2 never has the key.
    if (!requests.contains(AddressKey))
        return false;
    const QJsonArray array = requestsOf(requests);
    return std::any_of(array.begin(), array.end(),
                       [](const QJsonValue &request) { return request.toObject().contains(AddressKey); });
}

QStringList LookupBodies::addressesNamed(const QString &requests)
{
    QStringList addresses;
    for (const QJsonValue &request : requestsOf(requests)) {
        const QJsonObject object = request.toObject();
        if (object.contains(AddressKey))
            addresses.append(object.value(AddressKey).toString());
    }
    return addresses;
}

QString LookupBodies::sha256Of(const ProviderLookup &row)
{
    const QJsonDocument document = QJsonDocument::fromJson(row.requests.toUtf8());
    if (!document.isArray())
        return {};
    if (namesBodies(row.requests))
        return digest(addressesNamed(row.requests));
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QJsonValue &request : document.array())
        hash.addData(request.toObject().value(BodyKey).toString().toUtf8());
    return QString::fromLatin1(hash.result().toHex());
}

ProviderLookupDraft LookupBodies::inlined(const ProviderLookupDraft &draft)
{
    QHash<QString, const ResponseBody *> byAddress;
    for (const ResponseBody &body : draft.bodies)
        byAddress.insert(body.sha256, &body);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    QJsonArray requests;
    for (const QJsonValue &value : requestsOf(draft.requests)) {
        QJsonObject request = value.toObject();
        if (const auto body = byAddress.constFind(request.value(AddressKey).toString()); body != byAddress.cend()) {
            request.remove(AddressKey);
            request.insert(BodyKey, QString::fromUtf8((*body)->text));
            hash.addData((*body)->text);
        }
        requests.append(request);
    }
    ProviderLookupDraft kept = draft;
    kept.requests = compact(requests);
    kept.bodies.clear();
    kept.responseSha256 = QString::fromLatin1(hash.result().toHex());
    return kept;
}

QString LookupBodies::requestsWithBodies(const ProviderLookup &row)
{
    if (row.bodies.empty() || !namesBodies(row.requests))
        return row.requests;
    QHash<QString, const ResponseBody *> byAddress;
    for (const ResponseBody &body : row.bodies)
        byAddress.insert(body.sha256, &body);
    QJsonArray requests;
    for (const QJsonValue &value : requestsOf(row.requests)) {
        QJsonObject request = value.toObject();
        if (const auto body = byAddress.constFind(request.value(AddressKey).toString()); body != byAddress.cend())
            request.insert(BodyKey, QString::fromUtf8((*body)->text));
        requests.append(request);
    }
    return compact(requests);
}

} // namespace RefundDesk
