#pragma once

#include "domain/error.h"
#include "stripe/stripesecret.h"

#include <QObject>
#include <QUrl>

#include <memory>
#include <optional>

namespace RefundDesk {

class LookupKeeper;
class QueueAskPass;
class Store;
class StripeClient;

// What a run of "ask Stripe about the operations without evidence" did.
struct QueueAskReport
{
    qint64 withoutEvidence = 0; // verdict none in the queue
    qint64 alreadyAnswered = 0; // of those, answered by an earlier run
    qint64 asked = 0;           // answered by a lookup kept by this run
    qint64 settledByEvents = 0; // settled by the undelivered events this run stored
    qint64 eventsAdded = 0;     // undelivered events stored
    int eventRequests = 0;      // of the requests, those that listed undelivered events
    QString eventsSkipped;      // why the undelivered events were not listed, if they were not
    qint64 withRefund = 0;      // of those, with a refund at Stripe
    int requests = 0;           // requests sent to Stripe
    bool cancelled = false;
    std::optional<Error> failure; // why it stopped early, if it did
};

// The whole queue-wide ask on a thread of its own: opens the store at `location` on its
// own connection, reads which operations to ask (QueueAskQuestions), asks them in one
// pass of two phases (QueueAskPass) and keeps the answers a batch at a time
// (LookupKeeper). Lives on a worker thread; start() and cancel() are called there
// (queued); progress and the report come back through signals.
class QueueAskWorker final : public QObject
{
    Q_OBJECT

public:
    QueueAskWorker(QString location, QString operatorName, StripeSecret secret, QUrl apiBase,
                   QObject *parent = nullptr);
    ~QueueAskWorker() override;

    void start();
    // Stops asking; what is kept stays kept, and the report follows.
    void cancel();

signals:
    void progress(qint64 done, qint64 total);
    void finished(const RefundDesk::QueueAskReport &report);

private:
    void end();

    QString m_location;
    QString m_operatorName;
    StripeSecret m_secret;
    QUrl m_apiBase;
    QueueAskReport m_report;
    std::shared_ptr<Store> m_store;
    std::unique_ptr<StripeClient> m_client;
    std::unique_ptr<LookupKeeper> m_keeper; // the answers, written a batch at a time
    std::unique_ptr<QueueAskPass> m_pass;
    bool m_ended = false;
};

} // namespace RefundDesk

Q_DECLARE_METATYPE(RefundDesk::QueueAskReport)
