// tst_queryplans's class and what its files share: stores with the statistics of a large one,
// and the plans SQLite chooses.

#pragma once

#include "demo/demostore.h"
#include "domain/operation.h"
#include "evidence/evidenceanalyzer.h"
#include "items/operationsnapshot.h"
#include "items/queuemodel.h"
#include "items/queuereads.h"
#include "store/store.h"

#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <memory>

using namespace RefundDesk;

class TestQueryPlans : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void consoleReadsUseIndexes_data();
    void consoleReadsUseIndexes();
    void queuePagesNeedNoSort_data();
    void queuePagesNeedNoSort();
    void candidateEventsMatchTheirDefinition();

private:
    // The simulated store under `statistics`, copied so each row gets its own.
    QString storeWith(const QString &statistics);
    // Runs what the console runs over the store: the queue in every sort and filter,
    // paging, refresh, verdicts, operation panels, live polling, decisions, the audit.
    void driveConsole(Store &store);

    QTemporaryDir m_dir;
    QString m_built;
};
