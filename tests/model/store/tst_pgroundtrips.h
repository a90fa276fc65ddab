// tst_pgroundtrips's class and what its files share: a PostgreSQL test server with a small and
// a large demo store, reached through a LatencyProxy that counts the round trips.

#pragma once

#include "clirun.h"
#include "latencyproxy.h"
#include "pgtestserver.h"
#include "queuejsonprinter.h"
#include "idlists.h"

#include "demo/demostore.h"
#include "domain/lookupbodies.h"
#include "evidence/resolver.h"
#include "items/operationsnapshot.h"
#include "store/store.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QDeadlineTimer>
#include <QTest>

#include <atomic>
#include <cstdio>
#include <thread>

using namespace RefundDesk;
using namespace RefundDesk::Test;

constexpr qint64 DemoNow = 1'767'225'600'000;
// A 20 ms round trip, as over a VPN: the statements of one pipeline, sent microseconds apart,
// never straddle an answer even on a loaded machine, and a statement answered before the
// next is sent always shows as a round trip of its own.
constexpr int DelayMs = 10;
inline const QString User = QString::fromLatin1(PgTestServer::SuperUser);

inline QStringList resolutionHashesOf(const std::vector<Resolution> &resolutions)
{
    QStringList hashes;
    for (const Resolution &r : resolutions)
        hashes << r.hash;
    return hashes;
}

inline QStringList attemptsOf(const std::vector<Attempt> &attempts)
{
    QStringList numbers;
    for (const Attempt &a : attempts)
        numbers << a.operationId + u'#' + QString::number(a.attemptNo);
    return numbers;
}

class tst_PgRoundTrips : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();

    void proxyDelaysEachWay();
    void silentProxyHoldsTheAnswer();

    void panelIsOneRoundTrip();
    void panelReadsWhatSeparateReadsRead();
    void queuePageWithVerdictsIsTwo();
    void queuePageWithEventsIsOne();
    void queueJsonCostsTwoPerPageBeyondTheFirst();
    void firstPictureAfterConnecting();
    void writesTakeThreeAtMost();
    void aBatchOfLookupsIsOneRoundTrip();
    void commandsCostOnePerPage_data();
    void commandsCostOnePerPage();
    void askingTheQueueReadsAPageAtATime();
    void askingAPageAsksWhatOneOperationAtATimeAsks();
    void aBatchOfAnswersIsSortedKeptAndCountedInFewRoundTrips();

private:
    std::unique_ptr<Store> openThroughProxy(const QString &database, Store::OpenMode mode = Store::OpenMode::ReadOnly);
    // The round trips `work` takes through the proxy.
    template<typename Work>
    qint64 count(Work &&work)
    {
        // What a connection closed just before sent (its goodbye) reaches the proxy's
        // thread a moment later: let it pass before counting starts.
        QThread::msleep(20);
        const int openBefore = m_proxy->openClients();
        m_proxy->resetCounts();
        work();
        // A client that went away during the work (a command run) said goodbye on its way
        // out: counted once the proxy has seen it leave, so every run counts it alike.
        const QDeadlineTimer watchdog(5000);
        while (m_proxy->openClients() > openBefore && !watchdog.hasExpired())
            QThread::msleep(5);
        return m_proxy->roundTrips();
    }
    // An operation of the queue's first page with events, attempts and a long order.
    QString busyOperation(Store &store);

    std::unique_ptr<PgTestServer> m_server;
    std::unique_ptr<LatencyProxy> m_proxy;
    QString m_small = QStringLiteral("roundtrips_small");
    QString m_large = QStringLiteral("roundtrips_large");
    int m_operationsSmall = 400;
    int m_operationsLarge = 6000; // a queue of more than a page of 100
};
