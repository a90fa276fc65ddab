#include "reconcilepass.h"

#include "eventsync.h"

#include "domain/lookupasker.h"
#include "evidence/queueverdict.h"
#include "store/store.h"
#include "store/storelease.h"
#include "stripe/stripeclient.h"
#include "stripeask/lookupkeeper.h"
#include "stripeask/reconcilequestions.h"
#include "stripeask/refundquestionasker.h"

#include <QCoreApplication>
#include <QDateTime>

namespace RefundDesk::Cli {

ReconcilePass::ReconcilePass(Store &store, StripeClient &client, StoreLease &lease, QString operatorName,
                             double requestsPerSecond, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_client(client)
    , m_lease(lease)
    , m_operatorName(std::move(operatorName))
    , m_pacer(requestsPerSecond)
    , m_keeper(std::make_unique<LookupKeeper>(store, m_operatorName))
{
    connect(m_keeper.get(), &LookupKeeper::batchKept, this, &ReconcilePass::counted);
    connect(m_keeper.get(), &LookupKeeper::failed, this, &ReconcilePass::fail);
    // Renewed four times within its length: a pass that is alive never loses it.
    m_renewal.setInterval(int(m_lease.lengthMs() / 4));
    connect(&m_renewal, &QTimer::timeout, this, &ReconcilePass::renewLease);
}

ReconcilePass::~ReconcilePass()
{
    stop();
}

void ReconcilePass::start()
{
    m_renewal.start();
    SyncOptions options; // the window sync-events lists by default, from its cursor on
    options.undeliveredOnly = true;
    options.nowSeconds = QDateTime::currentSecsSinceEpoch();
    m_events = std::make_unique<EventSync>(m_store, m_client, options);
    connect(m_events.get(), &EventSync::note, this, &ReconcilePass::note);
    connect(m_events.get(), &EventSync::succeeded, this, &ReconcilePass::eventsFetched);
    connect(m_events.get(), &EventSync::failed, this, &ReconcilePass::fail);
    m_events->start();
}

void ReconcilePass::stop()
{
    m_stopped = true;
    m_renewal.stop();
    if (m_asker)
        m_asker->stop();
    m_keeper->flush(); // what was answered is kept
}

void ReconcilePass::eventsFetched()
{
    m_summary.eventsRead = m_events->summary().read;
    m_summary.eventsAdded = m_events->summary().added;
    if (m_stopped)
        return;
    // After the events: an operation they settled is not asked.
    auto reading = ReconcileQuestions::read(m_store, QDateTime::currentMSecsSinceEpoch());
    if (!reading)
        return fail(reading.error());
    m_summary.firstAsks = reading->firstAsks;
    m_summary.askedAgain = reading->askedAgain;
    m_summary.tooRecent = reading->tooRecent;
    m_summary.notDueYet = reading->notDueYet;
    m_asker = std::make_unique<RefundQuestionAsker>(m_client, std::move(reading->questions), m_pacer);
    connect(m_asker.get(), &RefundQuestionAsker::operationAnswered, this,
            [this](const ProviderLookupDraft &answered, const QString &) { keep(answered); });
    connect(m_asker.get(), &RefundQuestionAsker::finished, this, [this] {
        if (!m_keeper->flush() || m_failed)
            return; // failed() said why
        m_renewal.stop();
        emit finished();
    });
    connect(m_asker.get(), &RefundQuestionAsker::failed, this, &ReconcilePass::fail);
    m_asker->start();
}

void ReconcilePass::keep(const ProviderLookupDraft &answered)
{
    if (m_stopped)
        return;
    ProviderLookupDraft draft = answered;
    draft.result = LookupAsker::markedAsReconciler(draft.result); // the console says who asked
    m_keeper->keep(draft);
}

void ReconcilePass::counted(const QStringList &operationIds)
{
    m_summary.answered += operationIds.size();
    auto verdicts = QueueVerdict::ofEach(m_store, operationIds);
    if (!verdicts) {
        if (!m_stopped) // a pass ending on a failure of its own says more than this one
            fail(verdicts.error());
        return;
    }
    for (const std::optional<Verdict> &verdict : *verdicts) {
        if (verdict)
            ++m_summary.verdicts[*verdict];
    }
}

void ReconcilePass::renewLease()
{
    auto renewed = m_lease.renew(QDateTime::currentMSecsSinceEpoch());
    if (!renewed)
        return fail(renewed.error());
    if (!*renewed) {
        fail(Error::conflict(QCoreApplication::translate("Cli", "This pass lost its lease on the store (it was not renewed in "
                                                                "time, and another pass took it): it stops asking.")));
    }
}

void ReconcilePass::fail(const Error &error)
{
    m_failed = true;
    stop();
    emit failed(error);
}

} // namespace RefundDesk::Cli
