#include "demo/refundtool.h"

#include <utility>

namespace RefundDesk::Internal {

RefundTool::RefundTool(OperationTable &table, FakeProvider &provider, DemoRandom &random, qint64 nowMs)
    : m_table(table)
    , m_provider(provider)
    , m_random(random)
    , m_now(nowMs)
{
}

void RefundTool::clear()
{
    m_calls.clear();
    m_attempts.clear();
}

int RefundTool::startCall(const ToolRequest &request, qint64 atMs)
{
    Call call;
    call.toolCallId = m_random.token(QLatin1StringView("toolu_01"), 22);
    call.request = request;
    call.nextAt = atMs;
    m_calls.push_back(std::move(call));
    ++m_toolCalls;
    return int(m_calls.size()) - 1;
}

void RefundTool::run()
{
    for (;;) {
        int earliest = -1;
        for (int i = 0; i < int(m_calls.size()); ++i) {
            if (m_calls[i].phase != Phase::Done
                && (earliest < 0 || m_calls[i].nextAt < m_calls[earliest].nextAt)) {
                earliest = i;
            }
        }
        if (earliest < 0)
            return;
        if (m_calls[earliest].nextAt > m_now) {
            // The clock stops here: what has not happened by now has not happened.
            for (Call &call : m_calls) {
                if (call.phase != Phase::Done) {
                    call.phase = Phase::Done;
                    call.answer = ToolAnswer::Running;
                    call.answeredAt = m_now;
                }
            }
            return;
        }
        step(earliest);
    }
}

void RefundTool::step(int index)
{
    Call &call = m_calls[index];
    switch (call.phase) {
    case Phase::Open: open(call); break;
    case Phase::Send: send(call); break;
    case Phase::Receive: receive(call); break;
    case Phase::Done: break;
    }
}

void RefundTool::finish(Call &call, ToolAnswer answer, qint64 atMs)
{
    call.phase = Phase::Done;
    call.answer = answer;
    call.answeredAt = atMs;
}

ToolAnswer RefundTool::answerForClosedRow(const Operation &op) const
{
    switch (op.status) {
    case OperationStatus::Refunded: return ToolAnswer::Refunded;
    case OperationStatus::Failed: return ToolAnswer::Declined;
    case OperationStatus::Unknown:
    case OperationStatus::Checking: return ToolAnswer::PersonChecking;
    case OperationStatus::Open: break;
    }
    return ToolAnswer::Running;
}

void RefundTool::open(Call &call)
{
    const qint64 at = call.nextAt;
    const ToolRequest &request = call.request;
    if (!m_table.findLive(request.orderId, request.amountCents)
        && m_table.hasRefunded(request.orderId, request.amountCents)) {
        finish(call, ToolAnswer::AlreadyRefunded, at + 40);
        return;
    }

    Operation candidate;
    candidate.orderId = request.orderId;
    candidate.amountCents = request.amountCents;
    candidate.currency = request.currency;
    if (!m_presetKey.isEmpty())
        candidate.idempotencyKey = std::exchange(m_presetKey, QString());
    else if (request.keyFromToolCallId)
        candidate.idempotencyKey = DemoRandom::uuidFrom(call.toolCallId);
    else
        candidate.idempotencyKey = m_random.uuid4();
    candidate.status = OperationStatus::Open;
    candidate.createdAt = at;
    candidate.updatedAt = at;
    candidate.conversationId = request.conversationId;
    if (!request.paymentId.isEmpty())
        candidate.paymentId = request.paymentId;
    const OperationTable::OpenResult opened = m_table.openOrGet(std::move(candidate));
    call.row = opened.row;

    const Operation &op = m_table.at(opened.row);
    if (!opened.inserted) {
        // Lost the race (or came back later): carry on with the winner's row and key.
        for (const Call &other : m_calls) {
            if (&other != &call && other.row == opened.row && other.phase != Phase::Done) {
                ++m_insertRaces;
                break;
            }
        }
        if (op.status != OperationStatus::Open) {
            finish(call, ToolAnswer::PersonChecking, at + 30);
            return;
        }
    }
    call.phase = Phase::Send;
    call.nextAt = at + m_random.between(15, 60); // the row is committed before the first attempt
}

void RefundTool::send(Call &call)
{
    const qint64 at = call.nextAt;
    Operation &op = m_table.at(call.row);
    if (op.status != OperationStatus::Open) {
        finish(call, answerForClosedRow(op), at);
        return;
    }
    if (op.attempts >= MaxAttemptsPerOperation) {
        closeIfOpen(op, OperationStatus::Unknown, at);
        finish(call, ToolAnswer::Unknown, at);
        return;
    }
    if (call.attemptsInCall >= MaxAttemptsPerCall) {
        finish(call, ToolAnswer::TryLater, at);
        return;
    }

    // Count the attempt, and commit it, before sending: a crash mid-request still counts.
    ++op.attempts;
    ++op.version;
    op.updatedAt = at;
    ++call.attemptsInCall;

    Attempt attempt;
    attempt.operationId = op.operationId;
    attempt.attemptNo = op.attempts;
    attempt.toolCallId = call.toolCallId;
    attempt.startedAt = at;
    m_attempts.push_back(attempt);
    call.attemptIndex = int(m_attempts.size()) - 1;

    RefundRequest request;
    request.idempotencyKey = call.request.keyFromToolCallId ? DemoRandom::uuidFrom(call.toolCallId)
                                                            : op.idempotencyKey;
    request.operationId = op.operationId;
    request.amount = op.amountCents;
    request.currency = op.currency;
    request.reason = call.request.reason;
    call.reply = m_provider.send(request, at);
    call.phase = Phase::Receive;
    call.nextAt = at + call.reply.elapsedMs;
}

void RefundTool::receive(Call &call)
{
    const qint64 at = call.nextAt;
    Operation &op = m_table.at(call.row);
    Attempt &attempt = m_attempts[call.attemptIndex];
    attempt.finishedAt = at;
    attempt.outcome = call.reply.outcome;
    if (call.reply.httpStatus)
        attempt.httpStatus = call.reply.httpStatus;
    attempt.requestId = call.reply.requestId;
    attempt.error = call.reply.error;

    switch (call.reply.outcome) {
    case AttemptOutcome::Refunded:
        closeIfOpen(op, OperationStatus::Refunded, at, call.reply.refundId);
        finish(call, answerForClosedRow(op), at);
        return;
    case AttemptOutcome::Declined:
        closeIfOpen(op, OperationStatus::Failed, at);
        finish(call, answerForClosedRow(op), at);
        return;
    case AttemptOutcome::ServerError:
    case AttemptOutcome::KeyMismatch:
        // A saved 500 is replayed for the key forever, and a refused key says nothing
        // about what its first request did: only a person can find out.
        closeIfOpen(op, OperationStatus::Unknown, at);
        finish(call, ToolAnswer::Unknown, at);
        return;
    case AttemptOutcome::Timeout:
    case AttemptOutcome::NetworkError:
    case AttemptOutcome::KeyInProgress:
    case AttemptOutcome::Unfinished:
        break;
    }
    // Retry with the same key after a short backoff.
    const qint64 base = call.reply.outcome == AttemptOutcome::KeyInProgress ? 2000 : 1000;
    call.phase = Phase::Send;
    call.nextAt = at + base * (qint64(1) << (call.attemptsInCall - 1)) + m_random.between(0, 500);
}

bool RefundTool::closeIfOpen(Operation &op, OperationStatus status, qint64 atMs, const QString &refundId)
{
    if (op.status != OperationStatus::Open)
        return false;
    op.status = status;
    if (!refundId.isEmpty())
        op.refundId = refundId;
    op.updatedAt = qMax(op.updatedAt, atMs);
    ++op.version;
    return true;
}

} // namespace RefundDesk::Internal
