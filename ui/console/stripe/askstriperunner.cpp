#include "ui/console/stripe/askstriperunner.h"

#include "store/store.h"
#include "stripe/stripeclient.h"
#include "stripeask/operationstripelookup.h"

#include <QThread>

#include <functional>

#include <memory>

namespace RefundDesk {

namespace {

// One question, living on the runner's thread: its store connection, client and lookup,
// destroyed there (lookup first, store last) once the answer is handed over.
class AskStripeTask final : public QObject
{
public:
    std::unique_ptr<Store> store;
    std::unique_ptr<StripeClient> client;
    std::unique_ptr<OperationStripeLookup> lookup;
};

} // namespace

AskStripeRunner::AskStripeRunner(QObject *parent)
    : QObject(parent)
    , m_thread(new QThread(this))
{
    m_thread->setObjectName(QStringLiteral("askStripe"));
    m_thread->start();
}

AskStripeRunner::~AskStripeRunner()
{
    m_thread->quit();
    m_thread->wait();
    for (const QPointer<QObject> &task : std::as_const(m_tasks))
        delete task.data();
}

bool AskStripeRunner::ask(const AskStripeRequest &request)
{
    if (isBusy())
        return false;
    m_asking = request.operationId;
    auto *task = new AskStripeTask;
    task->moveToThread(m_thread);
    m_tasks.append(task);
    QPointer<AskStripeRunner> runner(this);
    const QString id = request.operationId;
    // Everything below runs on the runner's thread; what it says comes back queued.
    auto tell = [runner](std::function<void(AskStripeRunner &)> call) {
        QMetaObject::invokeMethod(runner.data(), [runner, call] {
            if (runner)
                call(*runner);
        }, Qt::QueuedConnection);
    };
    QMetaObject::invokeMethod(task, [task, request, tell, id] {
        auto finish = [task, tell, id](std::function<void(AskStripeRunner &)> call) {
            tell([call, id](AskStripeRunner &runner) {
                runner.done(id);
                call(runner);
            });
            task->deleteLater();
        };
        auto opened = StoreFactory::open(request.location, Store::OpenMode::ReadWrite);
        if (!opened) {
            const QString message = opened.error().message;
            finish([id, message](AskStripeRunner &runner) { emit runner.failed(id, message); });
            return;
        }
        task->store = std::move(*opened);
        task->client = std::make_unique<StripeClient>(*request.secret, request.apiBase);
        task->lookup = std::make_unique<OperationStripeLookup>(*task->store, *task->client, request.operationId,
                                                               request.operatorName);
        QObject::connect(task->client.get(), &StripeClient::waiting, task, [tell, id](quint64, qint64, const QString &why) {
            tell([id, why](AskStripeRunner &runner) { emit runner.waiting(id, why); });
        });
        QObject::connect(task->lookup.get(), &OperationStripeLookup::finished, task,
                         [task, finish, id](const ProviderLookup &kept) {
                             const qint64 lookupId = kept.lookupId;
                             const int requests = task->client->requestsSent();
                             finish([id, lookupId, requests](AskStripeRunner &runner) {
                                 emit runner.answered(id, lookupId, requests);
                             });
                         });
        QObject::connect(task->lookup.get(), &OperationStripeLookup::failed, task, [finish, id](const Error &error) {
            const QString message = error.message;
            finish([id, message](AskStripeRunner &runner) { emit runner.failed(id, message); });
        });
        task->lookup->start();
    }, Qt::QueuedConnection);
    return true;
}

void AskStripeRunner::done(const QString &operationId)
{
    if (m_asking == operationId)
        m_asking.clear();
    m_tasks.removeAll(QPointer<QObject>());
}

} // namespace RefundDesk
