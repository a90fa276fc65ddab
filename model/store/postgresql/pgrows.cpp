#include "store/postgresql/pgrows.h"

#include "store/postgresql/pgresult.h"
#include "store/queuesql.h"

namespace RefundDesk::Internal {

Operation operationFrom(const PgResult &r, int row, int c)
{
    Operation o;
    o.operationId = r.text(row, c + 0);
    o.orderId = r.text(row, c + 1);
    o.amountCents = r.integer(row, c + 2);
    o.currency = r.text(row, c + 3);
    o.idempotencyKey = r.text(row, c + 4);
    o.status = operationStatusFromString(r.text(row, c + 5)).value_or(OperationStatus::Unknown);
    o.attempts = int(r.integer(row, c + 6));
    o.createdAt = r.integer(row, c + 7);
    o.updatedAt = r.integer(row, c + 8);
    o.conversationId = r.text(row, c + 9);
    o.refundId = r.text(row, c + 10);
    o.claimedBy = r.text(row, c + 11);
    o.claimedAt = r.optionalInteger(row, c + 12);
    o.version = r.integer(row, c + 13);
    o.paymentId = r.text(row, c + 14);
    return o;
}

Resolution resolutionFrom(const PgResult &r, int row, int c)
{
    Resolution x;
    x.resolutionId = r.integer(row, c + 0);
    x.operationId = r.text(row, c + 1);
    x.outcome = outcomeFromString(r.text(row, c + 2)).value_or(Outcome::Failed);
    x.refundId = r.text(row, c + 3);
    x.evidence = r.text(row, c + 4);
    x.note = r.text(row, c + 5);
    x.operatorName = r.text(row, c + 6);
    x.recordedAt = r.integer(row, c + 7);
    x.previousStatus = operationStatusFromString(r.text(row, c + 8)).value_or(OperationStatus::Unknown);
    x.overridesEvidence = r.integer(row, c + 9) != 0;
    x.prevHash = r.text(row, c + 10);
    x.hash = r.text(row, c + 11);
    return x;
}

WebhookEvent eventFrom(const PgResult &r, int row, int c)
{
    WebhookEvent e;
    e.eventId = r.text(row, c + 0);
    e.type = r.text(row, c + 1);
    e.created = r.optionalInteger(row, c + 2);
    e.receivedAt = r.integer(row, c + 3);
    // A UTF-8 database only holds valid UTF-8 text.
    e.payload = r.text(row, c + 4);
    e.operationId = r.text(row, c + 5);
    e.idempotencyKey = r.text(row, c + 6);
    e.refundId = r.text(row, c + 7);
    return e;
}

Attempt attemptFrom(const PgResult &r, int row)
{
    Attempt a;
    a.operationId = r.text(row, 0);
    a.attemptNo = int(r.integer(row, 1));
    a.toolCallId = r.text(row, 2);
    a.startedAt = r.integer(row, 3);
    a.finishedAt = r.optionalInteger(row, 4);
    a.outcome = attemptOutcomeFromString(r.text(row, 5));
    if (auto status = r.optionalInteger(row, 6))
        a.httpStatus = int(*status);
    a.requestId = r.text(row, 7);
    a.error = r.text(row, 8);
    return a;
}

QByteArray pgInsert(const char *table, const char *columns)
{
    const QByteArray list(columns);
    QByteArray values;
    for (int i = 1; i <= list.count(',') + 1; ++i)
        values += (i > 1 ? ", $" : "$") + QByteArray::number(i);
    return "INSERT INTO " + QByteArray(table) + " (" + list + ") VALUES (" + values + ')';
}

PgParams operationParams(const Operation &o)
{
    PgParams p;
    p.add(o.operationId).add(o.orderId).add(o.amountCents).add(o.currency).add(o.idempotencyKey);
    p.add(toString(o.status)).add(qint64(o.attempts)).add(o.createdAt).add(o.updatedAt).add(o.conversationId);
    p.add(o.refundId).add(o.claimedBy).add(o.claimedAt).add(o.version).add(o.paymentId);
    return p;
}

PgParams attemptParams(const Attempt &a)
{
    PgParams p;
    p.add(a.operationId).add(qint64(a.attemptNo)).add(a.toolCallId).add(a.startedAt).add(a.finishedAt);
    p.add(a.outcome == AttemptOutcome::Unfinished ? QString() : toString(a.outcome));
    p.add(a.httpStatus ? std::optional<qint64>(*a.httpStatus) : std::nullopt);
    p.add(a.requestId).add(a.error);
    return p;
}

PgParams eventParams(const WebhookEvent &e)
{
    PgParams p;
    p.add(e.eventId).add(e.type).add(e.created).add(e.receivedAt);
    p.add(e.payload.isNull() ? QStringLiteral("") : e.payload); // the column is NOT NULL
    p.add(e.operationId).add(e.idempotencyKey).add(e.refundId);
    return p;
}

PgParams resolutionParams(const Resolution &r)
{
    PgParams p;
    p.add(r.resolutionId).add(r.operationId).add(toString(r.outcome)).add(r.refundId).add(r.evidence);
    p.add(r.note).add(r.operatorName).add(r.recordedAt).add(toString(r.previousStatus));
    p.add(qint64(r.overridesEvidence ? 1 : 0)).add(r.prevHash).add(r.hash);
    return p;
}

OperationNote noteFrom(const PgResult &r, int row)
{
    OperationNote n;
    n.noteId = r.integer(row, 0);
    n.operationId = r.text(row, 1);
    n.text = r.text(row, 2);
    n.followUpOn = followUpFromText(r.text(row, 3));
    n.operatorName = r.text(row, 4);
    n.recordedAt = r.integer(row, 5);
    return n;
}

QueueRowDetail detailFrom(const PgResult &r, int row)
{
    constexpr int First = OperationColumnCount;
    return QueueSql::detailFrom(r.isNull(row, First) ? QString() : r.text(row, First),
                                r.isNull(row, First + 1) ? QString() : r.text(row, First + 1),
                                r.optionalInteger(row, First + 2), r.optionalInteger(row, First + 3),
                                r.isNull(row, First + 4) ? QString() : r.text(row, First + 4),
                                r.optionalInteger(row, First + 5).value_or(0));
}

ResponseBody bodyFrom(const PgResult &r, int row)
{
    return ResponseBody{r.text(row, 0), r.bytes(row, 1)};
}

ProviderLookup lookupFrom(const PgResult &r, int row)
{
    ProviderLookup l;
    l.lookupId = r.integer(row, 0);
    l.operationId = r.text(row, 1);
    l.provider = r.text(row, 2);
    l.askedAt = r.integer(row, 3);
    l.operatorName = r.text(row, 4);
    l.windowFrom = r.optionalInteger(row, 5);
    l.windowTo = r.optionalInteger(row, 6);
    l.requests = r.text(row, 7);
    l.result = r.text(row, 8);
    l.responseSha256 = r.text(row, 9);
    return l;
}

PgParams noteParams(const OperationNote &n)
{
    PgParams p;
    p.add(n.noteId).add(n.operationId).add(n.text).add(followUpText(n.followUpOn)).add(n.operatorName);
    p.add(n.recordedAt);
    return p;
}

PgParams lookupParams(const ProviderLookup &l)
{
    PgParams p;
    p.add(l.lookupId).add(l.operationId).add(l.provider).add(l.askedAt).add(l.operatorName).add(l.windowFrom);
    p.add(l.windowTo).add(l.requests).add(l.result).add(l.responseSha256);
    return p;
}

} // namespace RefundDesk::Internal
