#pragma once

#include "domain/result.h"
#include "stripe/stripesecret.h"

#include <QEventLoop>
#include <QUrl>

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
// Runs a job that asks Stripe (its start(), from the event loop, so that no answer can
// come before it runs) until it emits `done` or failed(Error); the error, if it failed.
template<typename Job, typename DoneSignal>
std::optional<Error> runStripeJob(Job &job, DoneSignal done)
{
    std::optional<Error> failure;
    QEventLoop loop;
    QObject::connect(&job, done, &loop, &QEventLoop::quit);
    QObject::connect(&job, &Job::failed, &loop, [&](const Error &error) {
        failure = error;
        loop.quit();
    });
    QMetaObject::invokeMethod(&job, &Job::start, Qt::QueuedConnection);
    loop.exec();
    return failure;
}

} // namespace RefundDesk::Cli
