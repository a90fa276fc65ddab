#pragma once

#include "demo/demorandom.h"
#include "demo/fakeprovider.h"
#include "demo/operationtable.h"
#include "domain/attempt.h"

#include <QString>

#include <vector>

namespace RefundDesk::Internal {

// What the model asked the refund tool for.
struct ToolRequest
{
    QString orderId;
    qint64 amountCents = 0;
    QString currency;
    QString conversationId;
    // The payment to refund (Stripe: the order's PaymentIntent), written into the row the
    // call opens; empty as a tool version from before schema version 3 leaves it.
    QString paymentId;
    QString reason = QStringLiteral("requested_by_customer");
    // The old tool version's bug: the idempotency key came from the tool call id, so a
    // "try again" (a new tool call) sent a new key and could refund a second time.
    bool keyFromToolCallId = false;
};

// What the tool told the model when the call ended.
enum class ToolAnswer {
    Running,         // still going when the simulated clock stopped
    Refunded,
    Declined,
    Unknown,         // marked unknown by this call (saved 500, exhausted budget)
    TryLater,        // this call's three attempts are spent; the row stays open
    AlreadyRefunded, // a refund of this order and amount already went through
    PersonChecking,  // the row is unknown or checking: nothing was sent
};

// The refund tool's algorithm, run against the fake provider and the in-memory table:
// open or get the row under the unique index (naming the payment it refunds, when the
// request does), count each attempt on the row before
// sending it, at most 3 attempts per tool call and 6 per operation; a saved 500 (or a
// key reused with other parameters) marks the row unknown at once, an exhausted budget
// marks it unknown, a success or a definite decline closes it. Every update is
// conditional on the row still being open, and bumps its version.
//
// Tool calls run concurrently: each is a small state machine, and run() advances them
// in time order, so two calls for the same operation interleave as they would for real.
class RefundTool final
{
public:
    static constexpr int MaxAttemptsPerCall = 3;
    static constexpr int MaxAttemptsPerOperation = 6;

    RefundTool(OperationTable &table, FakeProvider &provider, DemoRandom &random, qint64 nowMs);

    // A new tool call (id toolu_…) starting at `atMs`; returns its handle.
    int startCall(const ToolRequest &request, qint64 atMs);
    // The next operation this tool opens gets this key instead of a fresh one (the
    // reference case's key is fixed).
    void presetNextKey(const QString &key) { m_presetKey = key; }
    // Advances every call until it has answered or the clock has reached now.
    void run();

    ToolAnswer answer(int call) const { return m_calls.at(call).answer; }
    qint64 answeredAt(int call) const { return m_calls.at(call).answeredAt; }

    // The attempt rows written so far, in the order they were started.
    std::vector<Attempt> &attempts() { return m_attempts; }
    // Forgets the calls and attempts of the previous conversation.
    void clear();

    qint64 insertRaces() const { return m_insertRaces; }
    qint64 toolCalls() const { return m_toolCalls; }

private:
    enum class Phase { Open, Send, Receive, Done };
    struct Call
    {
        QString toolCallId;
        ToolRequest request;
        Phase phase = Phase::Open;
        qint64 nextAt = 0;
        int row = -1;
        int attemptsInCall = 0;
        int attemptIndex = -1;
        ProviderReply reply;
        ToolAnswer answer = ToolAnswer::Running;
        qint64 answeredAt = 0;
    };

    void step(int call);
    void open(Call &call);
    void send(Call &call);
    void receive(Call &call);
    void finish(Call &call, ToolAnswer answer, qint64 atMs);
    // UPDATE refund_ops SET status = … WHERE operation_id = … AND status = 'open'.
    bool closeIfOpen(Operation &op, OperationStatus status, qint64 atMs, const QString &refundId = {});
    ToolAnswer answerForClosedRow(const Operation &op) const;

    OperationTable &m_table;
    FakeProvider &m_provider;
    DemoRandom &m_random;
    qint64 m_now = 0;
    std::vector<Call> m_calls;
    std::vector<Attempt> m_attempts;
    QString m_presetKey;
    qint64 m_insertRaces = 0;
    qint64 m_toolCalls = 0;
};

} // namespace RefundDesk::Internal
