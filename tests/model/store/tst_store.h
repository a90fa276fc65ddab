// tst_store's class and what its files share: a SQLite store of six operations for each test.

#pragma once

#include "snapshots.h"
#include "teststore.h"

#include "domain/auditchain.h"
#include "store/store.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

using namespace RefundDesk;
using RefundDesk::Test::describeDifference;
using RefundDesk::Test::snapshot;
using RefundDesk::Test::TestStore;

class tst_Store : public QObject
{
    Q_OBJECT

private slots:
    void init();

    void badStoresGiveTheirOwnError_data();
    void badStoresGiveTheirOwnError();
    void createNeverOverwrites();

    void queueIsOldestFirstAndPagedByKey();
    void queueFiltersAndSorts_data();
    void queueFiltersAndSorts();
    void searchTextIsOnlyData_data();
    void searchTextIsOnlyData();
    void operationAttemptsAndOrder();
    void candidateEventsFollowAllThreeRoutes();
    void dataVersionChangesWhenAnotherConnectionWrites();
    void insertEventsIgnoresKnownIds();
    void setMetaKeepsAJobsPlaceButNotTheSchemas();
    void invalidUtf8PayloadIsFlagged();

    void claimReleaseAndTakeOver();
    void secondClaimConflictsAndNamesTheWinner();
    void snapshotSeesOneMomentAndRefusesWrites();
    void resolutionIsAtomicAndChained();
    void secondResolutionConflicts();
    void resolutionOfSomeoneElsesClaimConflicts();
    void readOnlyStoreRefusesWrites();

private:
    std::unique_ptr<Store> openStore(Store::OpenMode mode = Store::OpenMode::ReadWrite);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<TestStore> m_store;
};
