// tst_askqueue's class and what its files share: a store of operations beside the fake
// Stripe for each test, and refund-desk ask-stripe --all-without-evidence run on it.

#pragma once

#include "clirun.h"
#include "fakestripe.h"
#include "fakestripecommand.h"
#include "stripefixtures.h"
#include "teststore.h"

#include "store/store.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <csignal>
#include <signal.h>

using namespace RefundDesk;
using namespace RefundDesk::Test;
using RefundDesk::Test::TestStore;
using RefundDesk::Testing::FakeStripe;

inline const QString TestKey = QStringLiteral("rk_test_51QxAskQueueKeyNeverPrinted0123456789");

using Run = TextRun;

inline QJsonObject resultOf(const ProviderLookup &lookup)
{
    return QJsonDocument::fromJson(lookup.result.toUtf8()).object();
}

class TestAskQueue final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<FakeStripeCommand> m_command;
    FakeStripe *m_fake = nullptr;
    QString m_db;
    qint64 m_baseMs = 0;

    void startProcess(QProcess &process, const QStringList &extra)
    {
        startRefundDesk(process,
                        QStringList{QStringLiteral("ask-stripe"), QStringLiteral("--all-without-evidence"), QStringLiteral("--db"),
                                    m_db, QStringLiteral("--operator"), QStringLiteral("alice")}
                            + extra,
                        m_command->environment());
    }

    static Run finish(QProcess &process) { return finishServing(process); }

    Run ask(const QStringList &extra = {})
    {
        QProcess process;
        startProcess(process, extra);
        Run run = finish(process);
        m_command->verifyKeyNotPrinted(run);
        return run;
    }

    std::vector<ProviderLookup> lookups(const QString &operationId)
    {
        return storedLookups(m_db, operationId).value_or(std::vector<ProviderLookup>());
    }

    // An operation without evidence whose one attempt started at `startedMs` and ran 30 s.
    void addOperation(TestStore &store, const QString &id, qint64 startedMs, const QString &refundId = {})
    {
        QVERIFY2(addTimedOutOperation(store, id, startedMs, refundId), qPrintable(store.lastError()));
    }

    // The bytes the store keeps of Stripe's answers: every column of every lookup, and of
    // every response body.
    qint64 storedBytes()
    {
        return queryInt(QStringLiteral("SELECT (SELECT COALESCE(sum(%1), 0) FROM s.provider_lookups) + "
                                       "(SELECT COALESCE(sum(length(CAST(body_sha256 AS BLOB)) + "
                                       "length(CAST(body AS BLOB))), 0) FROM s.provider_bodies)")
                            .arg(QLatin1String(LookupRowBytes)));
    }
    // One number from the store, read on a connection of its own (the store attached as s).
    qint64 queryInt(const QString &sql)
    {
        TestStore raw(m_db + QStringLiteral(".raw%1.sqlite").arg(++m_raws));
        if (!raw.exec(QStringLiteral("ATTACH '%1' AS s").arg(m_db)))
            return -1;
        return raw.queryInt(sql);
    }
    int m_raws = 0;
    // The bytes the largest lookup keeps of its own (its row), and what it would have kept
    // with every body it names inside it, as schema version 2 kept them.
    QPair<qint64, qint64> largestLookup()
    {
        const qint64 own = queryInt(QStringLiteral("SELECT max(%1) FROM s.provider_lookups").arg(QLatin1String(LookupRowBytes)));
        const qint64 withBodies = queryInt(
            QStringLiteral("SELECT max(own + named) FROM (SELECT %1 AS own, (SELECT COALESCE(sum(length(CAST(b.body AS "
                           "BLOB))), 0) FROM json_each(l.requests) r JOIN s.provider_bodies b ON b.body_sha256 = "
                           "r.value ->> 'body_sha256') AS named FROM s.provider_lookups l)")
                .arg(QLatin1String(LookupRowBytes)));
        return {own, withBodies};
    }
    static constexpr char LookupRowBytes[] =
        "length(CAST(operation_id AS BLOB)) + length(CAST(provider AS BLOB)) + length(CAST(operator AS BLOB)) + "
        "length(CAST(requests AS BLOB)) + length(CAST(result AS BLOB)) + length(CAST(response_sha256 AS BLOB)) + 4 * 8";

    // `count` operations whose windows lie hours apart, each with its refund; with
    // `othersInEach` refunds of other operations in each window, so many that the hours
    // between are expected to hold more than a listing apart costs: a listing each.
    QStringList addSeparateOperations(int count, int othersInEach = 50)
    {
        TestStore store(m_db);
        [&] { QVERIFY(store.isValid()); }();
        QStringList ids;
        for (int i = 0; i < count; ++i) {
            const QString id = QStringLiteral("op_apart%1").arg(i);
            const qint64 started = m_baseMs - qint64(i) * 3 * 3600 * 1000;
            addOperation(store, id, started);
            m_fake->truth().addRefund(refundJson(QStringLiteral("re_apart%1").arg(i), id, started / 1000 + 3));
            for (int k = 0; k < othersInEach; ++k) {
                m_fake->truth().addRefund(refundJson(QStringLiteral("re_busy%1_%2").arg(i).arg(k),
                                                     QStringLiteral("op_busy%1_%2").arg(i).arg(k), started / 1000 + 5 + k));
            }
            ids.append(id);
        }
        return ids;
    }

private slots:
    void init();
    void cleanup();
    void overlappingWindowsShareOneListing();
    void operationsWithAPaymentGetTheirOwnListing();
    void aWindowOfMoreThanAHundredRefundsIsPaged();
    void stoppedHalfwayAndRunAgainAddsNothingTwice();
    void windowsApartShareAListingWhenFewRefundsLieBetween();
    void limitAsksAtMostThatMany();
    void aLookupOfOnePageKeepsAtMostFourKilobytesOfItsOwn();
    void twentySharingOneListingKeepItOnce();
    void killedHalfwayLeavesEveryLookupWhole();
    void interruptedAndRunAgainAddsNothingTwice();
};
