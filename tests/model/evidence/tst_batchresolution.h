// tst_batchresolution's class and what its files share: a demo store on each backend, a
// colleague's claim, the chain checked.

#pragma once

#include "pgtestserver.h"
#include "teststore.h"

#include "audit/auditverifier.h"
#include "demo/demostore.h"
#include "evidence/batchexecutor.h"
#include "evidence/batchplan.h"
#include "evidence/evidenceanalyzer.h"
#include "evidence/resolver.h"
#include "store/store.h"

#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <thread>

using namespace RefundDesk;
using RefundDesk::Test::PgTestServer;
using RefundDesk::Test::TestStore;

inline std::unique_ptr<Store> openStore(const QString &location)
{
    auto store = StoreFactory::open(location, Store::OpenMode::ReadWrite);
    if (!store) {
        qWarning() << store.error().message;
        return nullptr;
    }
    return std::move(*store);
}

// The operator a store records: its login on PostgreSQL, else `name`.
inline QString operatorOf(Store &store, const QString &name)
{
    return store.sessionOperator().isEmpty() ? name : store.sessionOperator();
}

inline BatchRequest requestFor(Store &store, const QString &name)
{
    BatchRequest request;
    request.operatorName = operatorOf(store, name);
    return request;
}

class tst_BatchResolution : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void planSplitsTheQueueAsTheVerdictsSay_data() { backends(); }
    void planSplitsTheQueueAsTheVerdictsSay();
    void planKeepsToTheVerdictsSelectionAndLimit_data() { backends(); }
    void planKeepsToTheVerdictsSelectionAndLimit();
    void eachOperationIsItsOwnDecision_data() { backends(); }
    void eachOperationIsItsOwnDecision();
    void reviewerLeavesOperationsOut_data() { backends(); }
    void reviewerLeavesOperationsOut();
    void changedAfterTheReviewIsSkipped_data() { backends(); }
    void changedAfterTheReviewIsSkipped();
    void cancelStopsBeforeTheNextOperation_data() { backends(); }
    void cancelStopsBeforeTheNextOperation();
    void twoBatchesDecideEachOperationOnce_data() { backends(); }
    void twoBatchesDecideEachOperationOnce();
    void batchAndSingleDecisionsDecideEachOnce_data() { backends(); }
    void batchAndSingleDecisionsDecideEachOnce();
    void notesHoldOperationsOutOfThePlan_data() { backends(); }
    void notesHoldOperationsOutOfThePlan();
    void noteAfterThePlanRefusesTheDecision_data() { backends(); }
    void noteAfterThePlanRefusesTheDecision();

private:
    void backends();
    // A new demo store on the backend of the current row.
    QString demoStore();
    // demoStore(), opened read-write; no store when it could not be made or opened.
    // Tests name its members rather than bind them with `auto [location, store]`: clang 14
    // does not let a lambda capture a structured binding.
    struct OpenedStore
    {
        QString location;
        std::unique_ptr<Store> store;
    };
    OpenedStore openDemoStore();
    // Claims the operation as a colleague ("bob"), from a connection of its own.
    bool claimAsColleague(const QString &location, const QString &operationId);
    void verifyIntact(Store &store);
    // Appends a note to the operation as `store`'s operator, "alice" on SQLite.
    bool addNote(Store &store, const QString &operationId, const QString &text, const QDate &followUpOn = {});

    std::unique_ptr<PgTestServer> m_server;
    std::unique_ptr<QTemporaryDir> m_dir;
    int m_stores = 0;
};
