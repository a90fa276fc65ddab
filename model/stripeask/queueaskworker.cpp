#include "stripeask/queueaskworker.h"

#include "store/store.h"
#include "stripe/stripeclient.h"
#include "stripeask/lookupkeeper.h"
#include "stripeask/queueaskpass.h"
#include "stripeask/queueaskquestions.h"
#include "stripeask/stripekeymode.h"

#include <QCoreApplication>
#include <QDateTime>

namespace RefundDesk {

namespace {

std::shared_ptr<Store> openStore(const QString &location, std::optional<Error> &failure)
{
    auto opened = StoreFactory::open(location, Store::OpenMode::ReadWrite);
    if (!opened) {
        failure = opened.error();
        return nullptr;
    }
    return std::shared_ptr<Store>(std::move(*opened));
}

} // namespace

QueueAskWorker::QueueAskWorker(QString location, QString operatorName, StripeSecret secret, QUrl apiBase,
                               QObject *parent)
    : QObject(parent)
    , m_location(std::move(location))
    , m_operatorName(std::move(operatorName))
    , m_secret(std::move(secret))
    , m_apiBase(std::move(apiBase))
{
    qRegisterMetaType<QueueAskReport>();
}

QueueAskWorker::~QueueAskWorker() = default;

void QueueAskWorker::start()
{
    auto store = openStore(m_location, m_report.failure);
    if (!store)
        return end();
    if (!store->keepsProviderAnswers() || store->schemaVersion() < 2) {
        m_report.failure = Error::unavailable(QCoreApplication::translate("Stripe", "This store cannot keep what Stripe answers "
                                                                                   "(read-only, or schema version 1): open it "
                                                                                   "for writing, upgraded, and ask again."));
        return end();
    }
    // As the command does: a key of the other mode would find nothing, wrongly.
    if ((m_report.failure = refuseKeyOfOtherMode(*store, m_secret.mode())))
        return end();
    auto reading = QueueAskQuestions::read(*store);
    if (!reading) {
        m_report.failure = reading.error();
        return end();
    }
    m_report.withoutEvidence = reading->withoutEvidence;
    m_report.alreadyAnswered = reading->alreadyAnswered;
    const QString who = m_operatorName.isEmpty() ? store->sessionOperator() : m_operatorName;
    m_client = std::make_unique<StripeClient>(m_secret, m_apiBase);
    m_pass = std::make_unique<QueueAskPass>(*store, *m_client, std::move(*reading));
    const qint64 total = m_pass->total();
    emit progress(0, total);
    connect(m_pass.get(), &QueueAskPass::eventsSkipped, this, [this](const QString &why) { m_report.eventsSkipped = why; });
    connect(m_pass.get(), &QueueAskPass::settled, this, [this, total](qint64 settled) {
        m_report.settledByEvents = settled;
        emit progress(settled, total);
    });
    m_store = store;
    m_keeper = std::make_unique<LookupKeeper>(*store, who);
    connect(m_pass.get(), &QueueAskPass::operationAnswered, m_keeper.get(),
            [this](const ProviderLookupDraft &answered, const QString &) { m_keeper->keep(answered); });
    connect(m_keeper.get(), &LookupKeeper::kept, this, [this, total](const ProviderLookup &lookup) {
        ++m_report.asked;
        if (!lookup.result.contains(QLatin1String("\"refunds\":[]")))
            ++m_report.withRefund;
        emit progress(m_report.settledByEvents + m_report.asked, total);
    });
    connect(m_keeper.get(), &LookupKeeper::failed, this, [this](const Error &error) {
        if (!m_report.failure)
            m_report.failure = error;
        m_pass->stop();
        end();
    });
    connect(m_pass.get(), &QueueAskPass::finished, this, &QueueAskWorker::end);
    connect(m_pass.get(), &QueueAskPass::failed, this, [this](const Error &error) {
        m_report.failure = error;
        m_pass->stop();
        end();
    });
    m_pass->start(QDateTime::currentSecsSinceEpoch());
}

void QueueAskWorker::cancel()
{
    if (m_ended)
        return;
    m_report.cancelled = true;
    if (m_pass)
        m_pass->stop();
    end();
}

void QueueAskWorker::end()
{
    if (m_ended)
        return;
    m_ended = true;
    // What was answered before the end, a cancel or a failure of Stripe's is kept.
    if (m_keeper)
        m_keeper->flush();
    m_report.requests = m_client ? m_client->requestsSent() : 0;
    if (m_pass) {
        m_report.eventsAdded = m_pass->eventsAdded();
        m_report.eventRequests = m_pass->eventRequests();
    }
    emit finished(m_report);
}

} // namespace RefundDesk
