#include "domain/lookupbodies.h"

#include "domain/jsonfields.h"

#include <QCryptographicHash>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>

namespace RefundDesk {

namespace {

using Json = nlohmann::json;
using namespace Internal;

const QLatin1String BodyKey("body");
const QLatin1String AddressKey("body_sha256");

// The requests read to be edited and written again (empty when they cannot be read).
QJsonArray editableRequests(const QString &requests)
{
    return editableArray(requests).value_or(QJsonArray());
}

// Each request's member `key` as the reader takes it: present or not, and its text.
std::vector<std::optional<QString>> membersOf(const Json &requests, const char *key)
{
    std::vector<std::optional<QString>> members;
    if (!requests.is_array())
        return members;
    for (const Json &request : requests) {
        if (request.is_object() && request.contains(key))
            members.push_back(jsonText(jsonMember(request, key)));
        else
            members.push_back(std::nullopt);
    }
    return members;
}

QStringList presentOf(const std::vector<std::optional<QString>> &members)
{
    QStringList present;
    for (const std::optional<QString> &member : members) {
        if (member)
            present.append(*member);
    }
    return present;
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
    return !addressesNamed(requests).isEmpty();
}

QStringList LookupBodies::addressesNamed(const QString &requests)
{
    return presentOf(membersOf(parseJson(requests.toUtf8()), "body_sha256"));
}

QString LookupBodies::sha256Of(const ProviderLookup &row)
{
    const Json requests = parseJson(row.requests.toUtf8());
    if (!requests.is_array())
        return {};
    if (const QStringList addresses = presentOf(membersOf(requests, "body_sha256")); !addresses.isEmpty())
        return digest(addresses);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const std::optional<QString> &body : membersOf(requests, "body"))
        hash.addData(body.value_or(QString()).toUtf8());
    return QString::fromLatin1(hash.result().toHex());
}

ProviderLookupDraft LookupBodies::inlined(const ProviderLookupDraft &draft)
{
    QHash<QString, const ResponseBody *> byAddress;
    for (const ResponseBody &body : draft.bodies)
        byAddress.insert(body.sha256, &body);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    QJsonArray requests;
    for (const QJsonValue &value : editableRequests(draft.requests)) {
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
    for (const QJsonValue &value : editableRequests(row.requests)) {
        QJsonObject request = value.toObject();
        if (const auto body = byAddress.constFind(request.value(AddressKey).toString()); body != byAddress.cend())
            request.insert(BodyKey, QString::fromUtf8((*body)->text));
        requests.append(request);
    }
    return compact(requests);
}

} // namespace RefundDesk
