// tst_pgnotes's class and what its files share: a PostgreSQL test server with stores made
// by SQL at a chosen schema version, opened by the owner or a role's login.

#pragma once

#include "clirun.h"
#include "pgtestserver.h"
#include "versiononestore.h"

#include "audit/auditverifier.h"
#include "domain/lookupbodies.h"
#include "store/store.h"
#include "store/storebuilder.h"
#include "store/storecopier.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace RefundDesk;
using namespace RefundDesk::Test;

inline NoteDraft draftFor(const QString &operationId, const QString &text, const QString &operatorName = {})
{
    NoteDraft draft;
    draft.operationId = operationId;
    draft.text = text;
    draft.operatorName = operatorName;
    return draft;
}

class tst_PgNotes : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void ownerUpgradesVersionOneWithTheRolesRights();
    void ownerUpgradesVersionTwoAndTheAgentNamesPayments();
    void failedUpgradeLeavesVersionOne();
    void earlyVersionTwoGetsItsIndexBackFromTheOwner();
    void serverKeepsTheAuthorAndTheTime();
    void commandsWriteAndShowNotes();
    void copiesCarryNotesBothWays();

private:
    // A new database with a store of op_1 and op_2 (unknown), the roles applied, at schema
    // `version`.
    QString makeStore(int version = 3);
    std::unique_ptr<Store> open(const QString &location, Store::OpenMode mode = Store::OpenMode::ReadWrite);

    std::unique_ptr<PgTestServer> m_server;
    QTemporaryDir m_dir;
    int m_databases = 0;
};
