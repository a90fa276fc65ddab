// tst_notes's class and what its files share: a SQLite store at a chosen schema version, and
// the notes and provider lookups written to it.

#pragma once

#include "teststore.h"
#include "versiononestore.h"

#include "audit/auditverifier.h"
#include "domain/lookupbodies.h"
#include "store/schemaversion.h"
#include "store/store.h"
#include "store/storebuilder.h"
#include "store/storecopier.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace RefundDesk;
using RefundDesk::Test::TestStore;

inline NoteDraft draftFor(const QString &operationId, const QString &text, const QDate &followUp = {})
{
    NoteDraft draft;
    draft.operationId = operationId;
    draft.text = text;
    draft.followUpOn = followUp;
    draft.operatorName = QStringLiteral("alice");
    return draft;
}

inline ProviderLookupDraft lookupFor(const QString &operationId)
{
    ProviderLookupDraft draft;
    draft.operationId = operationId;
    draft.operatorName = QStringLiteral("alice");
    draft.windowFrom = 1'700'000'000'000;
    draft.windowTo = 1'700'000'600'000;
    draft.requests = QStringLiteral(R"([{"method":"GET","path":"/v1/refunds","status":200}])");
    draft.result = QStringLiteral(R"({"complete":true,"refunds":[]})");
    draft.responseSha256 = QString(64, u'a');
    return draft;
}

// What a Stripe client hands over for one operation that read `pages` (their bodies).
inline ProviderLookupDraft answeredFor(const QString &operationId, const QList<QByteArray> &pages)
{
    ProviderLookupDraft draft = lookupFor(operationId);
    QJsonArray requests;
    for (const QByteArray &page : pages) {
        draft.bodies.push_back(LookupBodies::bodyOf(page));
        requests.append(LookupBodies::request(QStringLiteral("/v1/refunds?limit=100"), 200, QStringLiteral("req_1"),
                                              draft.bodies.back()));
    }
    draft.requests = QString::fromUtf8(QJsonDocument(requests).toJson(QJsonDocument::Compact));
    draft.responseSha256 = LookupBodies::digest(draft.bodies);
    return draft;
}

inline QByteArray pageOf(const QString &refundId)
{
    return QStringLiteral(R"({"object":"list","data":[{"id":"%1","object":"refund","status":"succeeded"}],"has_more":false})")
        .arg(refundId)
        .toUtf8();
}

class tst_Notes : public QObject
{
    Q_OBJECT

private slots:
    void init();

    void versionOneIsReadAndRefusesNotes();
    void upgradeIsIdempotentAndKeepsEverything_data();
    void upgradeIsIdempotentAndKeepsEverything();
    void paymentIsReadWhereTheOperationIs();
    void failedUpgradeLeavesVersionOne();
    void earlyVersionTwoGetsItsIndexesBack();
    void notesAreKeptInOrderAndNeverChange();
    void badNotesAreRefused();
    void lookupsAreKeptAndNeverChange();
    void copyCarriesNotesAndLookups();
    void bodiesAreKeptOnceAndNamed();
    void verifyChecksEachBodyAndWhatLookupsName();
    void versionTwoKeepsBodiesInsideItsLookups();

private:
    // A store with op_1 and op_2 (both unknown) at schema `version`.
    QString makeStore(const QString &name, int version = 3);

    std::unique_ptr<QTemporaryDir> m_dir;
};
