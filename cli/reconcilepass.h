#pragma once

#include "domain/error.h"
#include "evidence/evidence.h"
#include "stripeask/striperequestpacer.h"

#include <QObject>
#include <QStringList>
#include <QTimer>

#include <map>
#include <memory>

namespace RefundDesk {
class LookupKeeper;
class RefundQuestionAsker;
class Store;
class StoreLease;
class StripeClient;
}

namespace RefundDesk::Cli {

class EventSync;

// What one pass did.
struct ReconcileSummary
{
    qint64 eventsRead = 0;  // undelivered events Stripe listed
    qint64 eventsAdded = 0; // of them, new in the store
    qint64 firstAsks = 0;   // operations asked for the first time
    qint64 askedAgain = 0;  // pending ones asked again, as due
    qint64 tooRecent = 0;   // unanswered, but quiet for less than ten minutes
    qint64 notDueYet = 0;   // pending, to be asked again later
    qint64 answered = 0;    // answers kept
    // Each answered operation's verdict once its answer was kept (an operation decided
    // meanwhile counts in none of them).
    std::map<Verdict, qint64> verdicts;
};

// One pass of the reconciler: the refund events Stripe could not deliver since
// sync-events --undelivered-only last listed them (the same cursor, EventSync), then the
// operations ReconcileQuestions finds due, asked as RefundQuestionAsker asks them under the
// request rate, the answers kept as provider lookups a batch at a time (LookupKeeper). It
// decides nothing. The caller holds `lease`; the pass renews it while it runs and fails
// when it is lost. Runs on the thread of its store and client, from the event loop.
class ReconcilePass final : public QObject
{
    Q_OBJECT

public:
    ReconcilePass(Store &store, StripeClient &client, StoreLease &lease, QString operatorName, double requestsPerSecond,
                  QObject *parent = nullptr);
    ~ReconcilePass() override;

    void start();
    // Asks nothing more; what is kept stays kept.
    void stop();

    const ReconcileSummary &summary() const { return m_summary; }

signals:
    // One sentence worth saying on its own (a resumed listing, a cursor not kept).
    void note(const QString &line);
    void finished();
    void failed(const RefundDesk::Error &error);

private:
    void eventsFetched();
    void keep(const ProviderLookupDraft &answered);
    // The verdicts of a batch of answers once it is kept, in two reads of the store
    // whatever its size (a round trip each on a server, not three an answer).
    void counted(const QStringList &operationIds);
    void renewLease();
    void fail(const Error &error);

    Store &m_store;
    StripeClient &m_client;
    StoreLease &m_lease;
    QString m_operatorName;
    StripeRequestPacer m_pacer;
    std::unique_ptr<EventSync> m_events;
    std::unique_ptr<LookupKeeper> m_keeper;
    std::unique_ptr<RefundQuestionAsker> m_asker;
    QTimer m_renewal;
    ReconcileSummary m_summary;
    bool m_stopped = false;
    bool m_failed = false;
};

} // namespace RefundDesk::Cli
