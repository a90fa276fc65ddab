#pragma once

#include "domain/result.h"

#include <QString>

#include <atomic>
#include <functional>
#include <optional>

namespace RefundDesk {

class StoreBuilder;

// How the support team worked the queue of a demo store.
enum class DemoProfile {
    // Five days in which the operators decided a share of what the tool left unknown: most
    // of the queue is older than a day (the stores the tests and benchmarks build).
    Backlog,
    // The operators keep up: what was unknown for longer than the store's target
    // (queue_target_hours, 24 h unless set) was decided within the target, so most of the
    // queue is within it and a few rows are overdue (refunds still pending at Stripe, the
    // old tool's double refunds). A real day, for a person looking at the console.
    Today,
};

struct SimulationOptions
{
    // Operations in the store, the reference case included.
    qint64 operations = 2000;
    quint64 seed = 1;
    // The simulated "now" (ms since the epoch): the last five days before it are
    // simulated. The current time when unset; tests pass a fixed one.
    std::optional<qint64> nowMs;
    // Set from any thread to stop the run; it then returns an error and keeps nothing.
    const std::atomic<bool> *cancel = nullptr;
    // When set, what the fake provider really did is written to this file (JSON Lines:
    // every refund and every event, delivered or not), for a fake Stripe to serve. The
    // store is the same with or without it.
    QString providerTruthPath;
    DemoProfile profile = DemoProfile::Backlog;
    // Refunds a minute the shop makes by its other paths (its order system, its own
    // scripts), beside the agent's: each on a payment of its own, with no metadata. They
    // exist at the provider only, so they go to the truth file (none without one) and never
    // to the store: the volume at Stripe grows and the store stays the same.
    double shopRefundsPerMinute = 0;
};

struct SimulationSummary
{
    quint64 seed = 0;
    qint64 nowMs = 0;

    qint64 operations = 0;
    qint64 attempts = 0;
    qint64 events = 0;
    qint64 resolutions = 0;

    // Operations by status.
    qint64 open = 0;
    qint64 unknown = 0;
    qint64 checking = 0;
    qint64 refunded = 0;
    qint64 failed = 0;

    qint64 toolCalls = 0;
    qint64 insertRaces = 0;        // tool calls that lost the race to open the row
    qint64 doubleRefunds = 0;      // operations the old tool refunded twice
    qint64 duplicateDeliveries = 0; // webhooks delivered twice (stored once)
    qint64 undeliveredEvents = 0;  // never delivered, or not yet by now
    qint64 eventsWithoutMetadata = 0;
    qint64 unreadablePayloads = 0;
    // A colleague refunded the order in the provider's Dashboard (no metadata) while the
    // operation stayed unknown: its payment has a refund the tool did not make.
    qint64 dashboardRefunds = 0;
    qint64 shopRefunds = 0; // the shop's other refunds written to the truth file
};

// (done, total) operations; called from the thread that runs the simulation.
using ProgressCallback = std::function<void(qint64 done, qint64 total)>;

// The operation every demo and test store contains, whatever the seed: a refund whose
// three attempts timed out, met a 409 and got a saved 500, so the tool marked it unknown.
// The provider did create the refund: a refund.created (pending) and a refund.updated
// (succeeded) webhook for ReferenceCase::RefundId name the operation in their metadata,
// so its evidence says refunded. It was opened 2 h 14 min before the simulated now (its
// key window is open) and nobody has claimed it.
namespace ReferenceCase {
inline const QString OperationId = QStringLiteral("op_5521");
inline const QString OrderId = QStringLiteral("4417");
inline constexpr qint64 AmountCents = 3800;
inline const QString Currency = QStringLiteral("usd");
inline const QString IdempotencyKey = QStringLiteral("c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa");
inline const QString RefundId = QStringLiteral("re_3QK7dR2eZvKYlo2C0x5521Ab");
inline constexpr int Attempts = 3;
inline constexpr qint64 AgeMs = (2 * 60 + 14) * 60 * 1000;
} // namespace ReferenceCase

// Builds a store by simulating the agent's refund tool against a faulty fake provider
// over the five days before now (DESIGN.md, "The demo simulator"). The same options give
// the same store, row for row. Operations stream into the builder conversation by
// conversation, so memory stays flat for millions of them.
class DemoSimulator final
{
public:
    static constexpr qint64 MaxOperations = 50'000'000;
    static constexpr double MaxShopRefundsPerMinute = 10'000;

    Result<SimulationSummary> run(StoreBuilder &builder, const SimulationOptions &options,
                                  const ProgressCallback &progress = {});
};

} // namespace RefundDesk
