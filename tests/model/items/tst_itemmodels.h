// tst_itemmodels's class and what its files share: a store for each test and waiting for a
// model's reads.

#pragma once

// First: its QTest::toString specialisations must see only the domain names.
#include "teststore.h"
#include "workerwait.h"

#include "domain/attempt.h"
#include "evidence/evidenceanalyzer.h"
#include "items/attemptsmodel.h"
#include "items/eventsmodel.h"
#include "items/historymodel.h"
#include "items/operationsnapshot.h"
#include "items/orderoperationsmodel.h"
#include "items/queuemodel.h"
#include "items/timetext.h"
#include "items/tooltiptext.h"
#include "store/store.h"
#include "store/storeworker.h"

#include <QAbstractItemModelTester>
#include <QPersistentModelIndex>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace RefundDesk;
using RefundDesk::Test::openWorker;
using RefundDesk::Test::waitForWorker;
using RefundDesk::Test::TestStore;

class TestItemModels : public QObject
{
    Q_OBJECT

private slots:
    void queuePagesByKey();
    void queueSortsInSql_data();
    void queueSortsInSql();
    void queueFilters();
    void queueVerdictFilter();
    void queueRefreshKeepsPersistentIndexes();
    void panelModels();
    void timeText_data();
    void timeText();
    void toolTipText_data();
    void toolTipText();
    void historyToolTipsShowUserTextAsText();
    void historyIsOneTimelineOfNotesLookupsClaimAndDecisions();
    void queueTimeColumns();
};
