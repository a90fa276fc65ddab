// tst_import's class and what its files share: a store for each test and files to import.

#pragma once

#include "clirun.h"
#include "peakmemoryrun.h"
#include "teststore.h"

#include "evidence/eventimporter.h"
#include "store/store.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace RefundDesk;
using RefundDesk::Test::CliRun;
using RefundDesk::Test::TestStore;
using RefundDesk::Test::processStatusKiB;
using RefundDesk::Test::runRefundDesk;

inline QByteArray eventJson(int n, const QString &status = QStringLiteral("succeeded"))
{
    return TestStore::refundEventPayload(QStringLiteral("evt_%1").arg(n), QStringLiteral("refund.updated"),
                                         QStringLiteral("re_%1").arg(n), status, 3800, QStringLiteral("usd"),
                                         QStringLiteral("op_%1").arg(n), QStringLiteral("key-op_%1").arg(n), 1'717'000'000 + n)
        .toUtf8();
}

inline QByteArray jsonLines(int count)
{
    QByteArray text;
    for (int i = 1; i <= count; ++i)
        text += eventJson(i) + '\n';
    return text;
}

class tst_Import : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    // First, so that no earlier test's freed memory hides growth.
    void bigJsonLinesStreamInFlatMemory();
    void fileForms_data();
    void fileForms();
    void keepsRawTextAndFillsColumns();
    void reimportIgnoresPresentEvents();
    void malformedEntries_data();
    void malformedEntries();
    void unreadableButIdentifiedEventsAreTaken();
    void brokenStructureKeepsWhatCameBefore_data();
    void brokenStructureKeepsWhatCameBefore();
    void batchesAndProgress();
    void longEntries_data();
    void longEntries();
    void missingFileIsAUsageError();
    void readOnlyStoreIsAStoreError();

    void commandLineExitCodes_data();
    void commandLineExitCodes();
    void showAndQueueCarryTheEvidence();

private:
    QString writeFile(const QByteArray &content, const QString &name = QStringLiteral("events.txt"));
    ImportSummary importOk(const QString &path);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<TestStore> m_sql;
    std::unique_ptr<Store> m_store;
};
