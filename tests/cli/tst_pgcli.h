// tst_pgcli's class and what its files share: the server and demo stores on it.

#pragma once

#include "clirun.h"
#include "peakmemoryrun.h"
#include "pgtestserver.h"
#include "snapshots.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace RefundDesk::Test;

class tst_PgCli : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void everyCommandWorksOnPostgres();
    void demoAndVerifyAgreeWithSqlite();
    void copyThereAndBackKeepsEveryRow();
    void supportLoginsClaimReleaseAndDecide();
    void copiesInEveryDirectionInFlatMemory();
    void badLocationsExitThree_data();
    void badLocationsExitThree();
    void eightProcessesRacingGiveOneDecision();
    void decisionKilledHalfWayWritesNothing();
    void resolveFromEvidenceOnPostgres();

private:
    // A new database filled by `refund-desk demo`.
    QString demoStore(int operations);

    std::unique_ptr<PgTestServer> m_server;
    QTemporaryDir m_dir;
    int m_databases = 0;
};
