#include "demo/demosimulator.h"

#include "demo/customerconversation.h"
#include "demo/dashboardcolleague.h"
#include "demo/demorandom.h"
#include "demo/demotime.h"
#include "demo/fakeprovider.h"
#include "demo/operationtable.h"
#include "demo/operatordesk.h"
#include "demo/providertruthfile.h"
#include "demo/refundtool.h"
#include "demo/shoprefunds.h"
#include "demo/webhookdelivery.h"
#include "store/storebuilder.h"
#include "store/storefacts.h"

#include <QCoreApplication>
#include <QDateTime>

#include <algorithm>
#include <memory>

namespace RefundDesk {

namespace {

using namespace Internal;

using DemoTime::Minute;
using DemoTime::Hour;
using DemoTime::Day;

// The simulated stretch of time before now: long enough that the 24-hour key windows of
// most operations have closed, short enough that the newest are still open.
constexpr qint64 SimulatedSpan = 5 * Day;
// The old tool version (key from the tool call id) ran during the first quarter of it.
constexpr int OldToolShareDivisor = 4;
// The tool version that writes payment_id (schema version 3) took over after the first
// fifth of it: the operations opened before have none, as a store upgraded from version 2
// holds. Decided by the time alone, so the random draws, and all else, stay as they were.
constexpr int PaymentIdLaterDivisor = 5;
constexpr qint64 FirstOrderNumber = 10000;
constexpr int Incidents = 3;
// The reference case draws from its own generator, so it is the same for every seed.
constexpr quint64 ReferenceSeed = 0x5521'4417'3800'0001ULL;
constexpr qint64 ReferenceNumber = 5521;
// What other people and systems do at the provider draws from generators of its own, so
// that the tool's operations, attempts and events, and the desk's decisions, are the same
// with them or without them.
constexpr quint64 OtherPathsSalt = 0xDA5B'0A2D'0000'0001ULL;
constexpr quint64 ShopSalt = 0x5409'0000'0000'0002ULL;
// Of the operations left unknown with no refund at the provider, the share a colleague
// refunded in the Dashboard: a few orders in every store. A team that keeps up leaves
// fewer such operations, so more of them are the colleague's.
constexpr double DashboardShare = 0.3;
constexpr double TodayDashboardShare = 0.6;

class Simulation final
{
public:
    Simulation(const SimulationOptions &options, qint64 nowMs)
        : m_options(options)
        , m_now(nowMs)
        , m_random(options.seed)
        , m_faults(m_random, nowMs - SimulatedSpan, nowMs, Incidents)
        , m_provider(m_random, m_faults)
        , m_table(1, {ReferenceNumber})
        , m_tool(m_table, m_provider, m_random, nowMs)
        , m_delivery(m_random, nowMs)
        , m_desk(m_random, nowMs)
        , m_conversation(m_random, m_table, m_provider, m_tool, nowMs)
        , m_otherPaths(DemoRandom::mix(options.seed ^ OtherPathsSalt))
        , m_otherDelivery(m_otherPaths, nowMs)
        , m_colleague(m_otherPaths, nowMs, options.profile == DemoProfile::Today ? TodayDashboardShare : DashboardShare)
    {
        m_summary.seed = options.seed;
        m_summary.nowMs = nowMs;
        if (options.profile == DemoProfile::Today)
            m_desk.keepUpWithin(qint64(StoreFacts::DefaultQueueTargetHours) * Hour); // the demo store sets none
    }

    Result<SimulationSummary> run(StoreBuilder &builder, const ProgressCallback &progress);

private:
    Result<void> writeReferenceCase(StoreBuilder &builder);
    Result<void> write(StoreBuilder &builder, std::vector<Operation> &operations, std::vector<Attempt> &attempts,
                       std::vector<DeliveredEvent> &events);
    std::vector<qint64> doubleRefundPositions(qint64 total);
    void refundInTheDashboard(std::vector<DeliveredEvent> &events);
    bool cancelled() const
    {
        return m_options.cancel && m_options.cancel->load(std::memory_order_relaxed);
    }

    SimulationOptions m_options;
    qint64 m_now = 0;
    DemoRandom m_random;
    FaultSchedule m_faults;
    FakeProvider m_provider;
    OperationTable m_table;
    RefundTool m_tool;
    WebhookDelivery m_delivery;
    OperatorDesk m_desk;
    CustomerConversation m_conversation;
    DemoRandom m_otherPaths;
    WebhookDelivery m_otherDelivery;
    DashboardColleague m_colleague;
    std::vector<DeliveredEvent> m_events;
    std::unique_ptr<ProviderTruthFile> m_truth;
    SimulationSummary m_summary;
};

std::vector<qint64> Simulation::doubleRefundPositions(qint64 total)
{
    std::vector<qint64> positions;
    if (total < 40)
        return positions;
    const qint64 count = qMax<qint64>(3, total / 1500);
    const qint64 last = qMax<qint64>(2, total / OldToolShareDivisor);
    for (qint64 i = 0; i < count; ++i)
        positions.push_back(m_random.between(1, last));
    std::sort(positions.begin(), positions.end());
    return positions;
}

void Simulation::refundInTheDashboard(std::vector<DeliveredEvent> &events)
{
    std::vector<ProviderRefund> refunds;
    for (const Operation &op : m_table.rows()) {
        if (auto refund = m_colleague.refundFor(op, m_provider.charge()))
            refunds.push_back(std::move(*refund));
    }
    if (refunds.empty())
        return;
    // The receiver gets their events as it gets any: late, twice or never at times.
    m_otherDelivery.deliver(refunds, events);
    m_summary.dashboardRefunds += qint64(refunds.size());
}

Result<void> Simulation::write(StoreBuilder &builder, std::vector<Operation> &operations,
                               std::vector<Attempt> &attempts, std::vector<DeliveredEvent> &events)
{
    for (const Operation &op : operations) {
        if (auto added = builder.addOperation(op); !added)
            return added;
        switch (op.status) {
        case OperationStatus::Open: ++m_summary.open; break;
        case OperationStatus::Unknown: ++m_summary.unknown; break;
        case OperationStatus::Checking: ++m_summary.checking; break;
        case OperationStatus::Refunded: ++m_summary.refunded; break;
        case OperationStatus::Failed: ++m_summary.failed; break;
        }
    }
    for (const Attempt &attempt : attempts) {
        if (auto added = builder.addAttempt(attempt); !added)
            return added;
    }
    for (const DeliveredEvent &delivered : events) {
        if (auto added = builder.addEvent(delivered.event); !added)
            return added;
    }
    m_summary.operations += qint64(operations.size());
    m_summary.attempts += qint64(attempts.size());
    m_summary.events += qint64(events.size());
    return {};
}

Result<void> Simulation::writeReferenceCase(StoreBuilder &builder)
{
    DemoRandom random(ReferenceSeed);
    const FaultSchedule reliable = FaultSchedule::reliable();
    FakeProvider provider(random, reliable);
    OperationTable table(ReferenceNumber);
    RefundTool tool(table, provider, random, m_now);
    WebhookDelivery delivery(random, m_now);
    delivery.setFaulty(false);
    delivery.setTruth(m_truth.get());

    const qint64 start = m_now - ReferenceCase::AgeMs;
    ProviderCharge charge;
    charge.id = random.token(QLatin1StringView("ch_"), 24);
    charge.paymentIntent = random.token(QLatin1StringView("pi_"), 24);
    charge.orderId = ReferenceCase::OrderId;
    charge.amount = ReferenceCase::AmountCents;
    charge.currency = ReferenceCase::Currency;
    charge.createdMs = start - 3 * Day;
    provider.beginConversation(charge);

    // The provider takes 17.8 s: the first attempt times out at 15 s, the second meets
    // the request still in progress (409), the third gets the saved 500 replayed. The
    // refund was created all the same, pending, and succeeded 21 minutes later.
    ProviderFate fate;
    fate.latencyMs = 17'800;
    fate.result = ProviderFate::Result::ServerError;
    fate.workDone = true;
    fate.initialStatus = QStringLiteral("pending");
    fate.later.push_back({21 * Minute, QStringLiteral("succeeded"), {}});
    fate.refundId = ReferenceCase::RefundId;
    provider.script(fate);

    ToolRequest request;
    request.orderId = ReferenceCase::OrderId;
    request.amountCents = ReferenceCase::AmountCents;
    request.currency = ReferenceCase::Currency;
    request.conversationId = random.token(QLatin1StringView("conv_"), 24);
    request.paymentId = charge.paymentIntent;
    tool.presetNextKey(ReferenceCase::IdempotencyKey);
    tool.startCall(request, start);
    tool.run();

    if (table.size() != 1 || table.at(0).operationId != ReferenceCase::OperationId
        || table.at(0).status != OperationStatus::Unknown || table.at(0).attempts != ReferenceCase::Attempts) {
        return Error::internal(QCoreApplication::translate("Demo", "The demo's reference case did not come out as specified (%1, %2, "
                                              "%3 attempts); the simulator needs fixing.")
                                   .arg(table.size() ? table.at(0).operationId : QString(),
                                        table.size() ? toString(table.at(0).status) : QString())
                                   .arg(table.size() ? table.at(0).attempts : 0));
    }

    std::vector<DeliveredEvent> events;
    delivery.deliver(provider.refunds(), events);
    m_summary.toolCalls += tool.toolCalls();
    return write(builder, table.rows(), tool.attempts(), events);
}

Result<SimulationSummary> Simulation::run(StoreBuilder &builder, const ProgressCallback &progress)
{
    const qint64 total = m_options.operations;
    if (!m_options.providerTruthPath.isEmpty()) {
        m_truth = std::make_unique<ProviderTruthFile>(m_options.providerTruthPath);
        if (auto opened = m_truth->open(); !opened)
            return opened.error();
        m_delivery.setTruth(m_truth.get());
        m_otherDelivery.setTruth(m_truth.get());
    }
    if (auto meta = builder.setMeta(QStringLiteral("demo_seed"), QString::number(m_options.seed)); !meta)
        return meta.error();
    if (auto meta = builder.setMeta(QStringLiteral("demo_now"), QString::number(m_now)); !meta)
        return meta.error();
    if (auto reference = writeReferenceCase(builder); !reference)
        return reference.error();

    const std::vector<qint64> doubleRefunds = doubleRefundPositions(total);
    size_t nextDoubleRefund = 0;
    const qint64 begin = m_now - SimulatedSpan;
    const qint64 end = m_now - Minute;
    const qint64 slot = qMax<qint64>(1, (end - begin) / total);
    const qint64 reportEvery = qMax<qint64>(1, total / 200);
    qint64 nextReport = reportEvery;
    qint64 orderNumber = FirstOrderNumber;

    qint64 produced = m_summary.operations;
    while (produced < total) {
        if (cancelled()) {
            return Error::refused(QCoreApplication::translate("Demo", "Building the demo store was cancelled after %1 of %2 "
                                                 "operations; nothing was kept.").arg(produced).arg(total));
        }
        orderNumber += m_random.between(1, 3);
        CustomerConversation::Plan plan;
        plan.orderId = QString::number(orderNumber);
        plan.maxOperations = int(qMin<qint64>(total - produced, 1000));
        plan.startMs = qMin(end, begin + (end - begin) * produced / total + m_random.between(0, slot));
        plan.toolWritesPaymentId = plan.startMs >= begin + SimulatedSpan / PaymentIdLaterDivisor;
        if (nextDoubleRefund < doubleRefunds.size() && doubleRefunds[nextDoubleRefund] <= produced) {
            plan.scene = CustomerConversation::Scene::DoubleRefund;
            while (nextDoubleRefund < doubleRefunds.size() && doubleRefunds[nextDoubleRefund] <= produced)
                ++nextDoubleRefund;
        }
        m_conversation.run(plan);

        m_events.clear();
        // Both refunds of a double refund must be in evidence, or the scene shows nothing.
        m_delivery.setFaulty(plan.scene == CustomerConversation::Scene::Ordinary);
        m_delivery.deliver(m_provider.refunds(), m_events);
        for (Operation &op : m_table.rows()) {
            const auto refunds = std::count_if(m_provider.refunds().begin(), m_provider.refunds().end(),
                                               [&](const ProviderRefund &r) { return r.operationId == op.operationId; });
            if (refunds >= 2)
                ++m_summary.doubleRefunds;
            if (plan.scene == CustomerConversation::Scene::DoubleRefund)
                m_desk.maybeClaim(op, 0.3); // kept in the queue: it needs a careful look
            else
                m_desk.review(op, m_provider.refunds(), m_events);
        }
        // Only where the provider holds no refund of the conversation: a refund in the
        // Dashboard beside the tool's would be a double refund, a scene of its own.
        if (plan.scene == CustomerConversation::Scene::Ordinary && m_provider.refunds().empty())
            refundInTheDashboard(m_events);
        if (auto written = write(builder, m_table.rows(), m_tool.attempts(), m_events); !written)
            return written.error();
        produced = m_summary.operations;

        if (progress && produced >= nextReport) {
            progress(produced, total);
            nextReport = produced + reportEvery;
        }
    }

    for (const Resolution &resolution : m_desk.chainedLog()) {
        if (auto added = builder.addResolution(resolution); !added)
            return added.error();
        ++m_summary.resolutions;
    }

    if (m_truth) {
        ShopRefunds shop(DemoRandom::mix(m_options.seed ^ ShopSalt), begin, m_now);
        m_summary.shopRefunds = shop.write(m_options.shopRefundsPerMinute, *m_truth);
        if (auto finished = m_truth->finish(); !finished)
            return finished.error();
    }
    m_summary.toolCalls += m_tool.toolCalls();
    m_summary.insertRaces = m_tool.insertRaces();
    for (const DeliveryCounts &counts : {m_delivery.counts(), m_otherDelivery.counts()}) {
        m_summary.duplicateDeliveries += counts.duplicatesIgnored;
        m_summary.undeliveredEvents += counts.neverDelivered + counts.notYetDelivered;
        m_summary.eventsWithoutMetadata += counts.withoutMetadata;
        m_summary.unreadablePayloads += counts.unreadable;
    }
    if (progress)
        progress(produced, total);
    return m_summary;
}

} // namespace

Result<SimulationSummary> DemoSimulator::run(StoreBuilder &builder, const SimulationOptions &options,
                                             const ProgressCallback &progress)
{
    if (options.operations < 1 || options.operations > MaxOperations) {
        return Error::usage(QCoreApplication::translate("Demo", "A demo store holds from 1 to %1 operations; %2 was asked for.")
                                .arg(MaxOperations).arg(options.operations));
    }
    if (!(options.shopRefundsPerMinute >= 0 && options.shopRefundsPerMinute <= MaxShopRefundsPerMinute)) {
        return Error::usage(QCoreApplication::translate("Demo", "The shop's other refunds a minute are from 0 to %1; %2 was asked for.")
                                .arg(MaxShopRefundsPerMinute).arg(options.shopRefundsPerMinute));
    }
    const qint64 now = options.nowMs.value_or(QDateTime::currentMSecsSinceEpoch());
    // The simulation holds a few hundred kilobytes; keep it off the caller's stack.
    auto simulation = std::make_unique<Simulation>(options, now);
    return simulation->run(builder, progress);
}

} // namespace RefundDesk
