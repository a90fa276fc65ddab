#pragma once

#include "domain/result.h"
#include "interruptwatch.h"
#include "stripe/stripesecret.h"

#include <QEventLoop>
#include <QUrl>

#include <memory>

namespace RefundDesk {
class Store;
}

namespace RefundDesk::Cli {

class CliContext;

// What every command that asks Stripe needs: the key and where to send the requests.
struct StripeSetup
{
    StripeSecret secret;
    QUrl apiBase;
};

// --stripe-key-file and --stripe-api-base; call before parse().
void addStripeOptions(CliContext &context);
// The key (from the file or STRIPE_API_KEY) and the API base (the option, STRIPE_API_BASE
// or Stripe's); says once on standard error when the key is not the right kind.
Result<StripeSetup> readStripeSetup(CliContext &context);
// What a command that keeps what Stripe answers works with: the key, and the store open
// for writing.
struct StripeStore
{
    StripeSetup stripe;
    std::unique_ptr<Store> store;
};
// readStripeSetup(), then the --db store opened for writing: refused when it is open for
// reading only (`readOnlyRefusal` says why the command writes, %1 the store's note) or
// when the key is of the other mode than the store's events. Nothing, with `exitCode`
// set and the reason printed, when it cannot be had.
std::optional<StripeStore> openStripeStore(CliContext &context, const QString &readOnlyRefusal, int &exitCode);

// Runs a job that asks Stripe (its start(), from the event loop, so that no answer can
// come before it runs) until it emits `done` or failed(Error), or `interrupt` (if given)
// says Ctrl+C came; the error, if it failed.
template<typename Job, typename DoneSignal>
std::optional<Error> runStripeJob(Job &job, DoneSignal done, InterruptWatch *interrupt = nullptr)
{
    std::optional<Error> failure;
    QEventLoop loop;
    QObject::connect(&job, done, &loop, &QEventLoop::quit);
    if (interrupt)
        QObject::connect(interrupt, &InterruptWatch::interrupted, &loop, &QEventLoop::quit);
    QObject::connect(&job, &Job::failed, &loop, [&](const Error &error) {
        if (!failure)
            failure = error;
        loop.quit();
    });
    QMetaObject::invokeMethod(&job, &Job::start, Qt::QueuedConnection);
    loop.exec();
    return failure;
}

} // namespace RefundDesk::Cli
