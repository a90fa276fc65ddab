#pragma once

#include "stripe/stripesecret.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QUrl>

#include <optional>

class QThread;

namespace RefundDesk {

// What the console asks Stripe about one operation, and with what.
struct AskStripeRequest
{
    QString location;     // the store, opened for writing on the runner's thread
    QString operationId;
    QString operatorName; // who asks; empty takes the store's session operator
    std::optional<StripeSecret> secret; // always set
    QUrl apiBase;
};

// Asks Stripe about one operation at a time on a thread of its own, with a store
// connection and a Stripe client of that thread (OperationStripeLookup): the window never
// waits on Stripe, on a 429's pause or on the store while the answer is kept. What happens
// comes back on the runner's thread as signals carrying values.
class AskStripeRunner final : public QObject
{
    Q_OBJECT

public:
    explicit AskStripeRunner(QObject *parent = nullptr);
    // Stops the thread; a question still in progress is dropped and nothing is kept.
    ~AskStripeRunner() override;

    // False, starting nothing, while an earlier question is still in progress.
    bool ask(const AskStripeRequest &request);
    bool isBusy() const { return !m_asking.isEmpty(); }
    QString askingAbout() const { return m_asking; }

signals:
    // Stripe asked the client to wait (429) or did not answer; `why` is one sentence.
    void waiting(const QString &operationId, const QString &why);
    // The answer is kept as provider lookup `lookupId`, which the evidence reads (and says).
    void answered(const QString &operationId, qint64 lookupId, int requests);
    // Nothing was kept; message says why and what to do.
    void failed(const QString &operationId, const QString &message);

private:
    void done(const QString &operationId);

    QThread *m_thread = nullptr;
    QString m_asking;
    QList<QPointer<QObject>> m_tasks;
};

} // namespace RefundDesk
