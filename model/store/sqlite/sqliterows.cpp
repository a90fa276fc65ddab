#include "store/sqlite/sqliterows.h"

#include "store/sqlite/sqlitestatement.h"

#include <QStringDecoder>

namespace RefundDesk::Internal {

Operation operationFrom(const SqliteStatement &s)
{
    Operation o;
    o.operationId = s.text(0);
    o.orderId = s.text(1);
    o.amountCents = s.integer(2);
    o.currency = s.text(3);
    o.idempotencyKey = s.text(4);
    o.status = operationStatusFromString(s.text(5)).value_or(OperationStatus::Unknown);
    o.attempts = int(s.integer(6));
    o.createdAt = s.integer(7);
    o.updatedAt = s.integer(8);
    o.conversationId = s.text(9);
    o.refundId = s.text(10);
    o.claimedBy = s.text(11);
    o.claimedAt = s.optionalInteger(12);
    o.version = s.integer(13);
    o.paymentId = s.text(14);
    return o;
}

Resolution resolutionFrom(const SqliteStatement &s)
{
    Resolution r;
    r.resolutionId = s.integer(0);
    r.operationId = s.text(1);
    r.outcome = outcomeFromString(s.text(2)).value_or(Outcome::Failed);
    r.refundId = s.text(3);
    r.evidence = s.text(4);
    r.note = s.text(5);
    r.operatorName = s.text(6);
    r.recordedAt = s.integer(7);
    r.previousStatus = operationStatusFromString(s.text(8)).value_or(OperationStatus::Unknown);
    r.overridesEvidence = s.integer(9) != 0;
    r.prevHash = s.text(10);
    r.hash = s.text(11);
    return r;
}

OperationNote noteFrom(const SqliteStatement &s)
{
    OperationNote n;
    n.noteId = s.integer(0);
    n.operationId = s.text(1);
    n.text = s.text(2);
    n.followUpOn = followUpFromText(s.text(3));
    n.operatorName = s.text(4);
    n.recordedAt = s.integer(5);
    return n;
}

ProviderLookup lookupFrom(const SqliteStatement &s)
{
    ProviderLookup l;
    l.lookupId = s.integer(0);
    l.operationId = s.text(1);
    l.provider = s.text(2);
    l.askedAt = s.integer(3);
    l.operatorName = s.text(4);
    l.windowFrom = s.optionalInteger(5);
    l.windowTo = s.optionalInteger(6);
    l.requests = s.text(7);
    l.result = s.text(8);
    l.responseSha256 = s.text(9);
    return l;
}

ResponseBody bodyFrom(const SqliteStatement &s)
{
    return ResponseBody{s.text(0), s.bytes(1)};
}

Attempt attemptFrom(const SqliteStatement &s)
{
    Attempt a;
    a.operationId = s.text(0);
    a.attemptNo = int(s.integer(1));
    a.toolCallId = s.text(2);
    a.startedAt = s.integer(3);
    a.finishedAt = s.optionalInteger(4);
    a.outcome = attemptOutcomeFromString(s.text(5));
    if (auto status = s.optionalInteger(6))
        a.httpStatus = int(*status);
    a.requestId = s.text(7);
    a.error = s.text(8);
    return a;
}

namespace {

// Every column of EventColumns but the payload.
WebhookEvent eventWithoutPayload(const SqliteStatement &s)
{
    WebhookEvent e;
    e.eventId = s.text(0);
    e.type = s.text(1);
    e.created = s.optionalInteger(2);
    e.receivedAt = s.integer(3);
    e.operationId = s.text(5);
    e.idempotencyKey = s.text(6);
    e.refundId = s.text(7);
    return e;
}

} // namespace

WebhookEvent eventFrom(const SqliteStatement &s)
{
    WebhookEvent e = eventWithoutPayload(s);
    // The receiver keeps payloads as delivered, so they may hold bytes that are not UTF-8.
    QStringDecoder decoder(QStringDecoder::Utf8);
    e.payload = decoder(s.bytes(4));
    e.payloadIsValidUtf8 = !decoder.hasError();
    return e;
}

StoredEvent storedEventFrom(const SqliteStatement &s)
{
    return {eventWithoutPayload(s), s.bytes(4)};
}

QByteArray columnsAndValues(const char *columns)
{
    const QByteArray list(columns);
    QByteArray values;
    for (int i = 1; i <= list.count(',') + 1; ++i)
        values += (i > 1 ? ", ?" : "?") + QByteArray::number(i);
    return '(' + list + ") VALUES (" + values + ')';
}

void bindEvent(SqliteStatement &s, const WebhookEvent &e)
{
    s.bind(1, e.eventId).bind(2, e.type).bind(3, e.created).bind(4, e.receivedAt);
    s.bind(5, e.payload.isNull() ? QStringLiteral("") : e.payload); // the column is NOT NULL
    s.bind(6, e.operationId).bind(7, e.idempotencyKey).bind(8, e.refundId);
}

void bindStoredEvent(SqliteStatement &s, const StoredEvent &e)
{
    bindEvent(s, e.event);
    s.bindUtf8(5, e.payload); // the stored bytes, whatever they are
}

void bindResolution(SqliteStatement &s, const Resolution &r)
{
    s.bind(1, r.resolutionId).bind(2, r.operationId).bind(3, toString(r.outcome)).bind(4, r.refundId);
    s.bind(5, r.evidence).bind(6, r.note).bind(7, r.operatorName).bind(8, r.recordedAt);
    s.bind(9, toString(r.previousStatus)).bind(10, qint64(r.overridesEvidence ? 1 : 0));
    s.bind(11, r.prevHash).bind(12, r.hash);
}

void bindNote(SqliteStatement &s, const OperationNote &n)
{
    s.bind(1, n.noteId).bind(2, n.operationId).bind(3, n.text).bind(4, followUpText(n.followUpOn));
    s.bind(5, n.operatorName).bind(6, n.recordedAt);
}

void bindLookup(SqliteStatement &s, const ProviderLookup &l)
{
    s.bind(1, l.lookupId).bind(2, l.operationId).bind(3, l.provider).bind(4, l.askedAt).bind(5, l.operatorName);
    s.bind(6, l.windowFrom).bind(7, l.windowTo).bind(8, l.requests).bind(9, l.result).bind(10, l.responseSha256);
}

} // namespace RefundDesk::Internal
