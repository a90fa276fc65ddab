// tst_evidence's class and what its files share: operations, attempts and events to analyse.

#pragma once

#include "evidence/eventparser.h"
#include "evidence/evidenceanalyzer.h"

#include <QtTest>

using namespace RefundDesk;

inline const QString kKey = QStringLiteral("c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa");
constexpr qint64 kT = 1'717'000'000; // seconds

inline Operation theOperation()
{
    Operation operation;
    operation.operationId = QStringLiteral("op_5521");
    operation.orderId = QStringLiteral("4417");
    operation.amountCents = 3800;
    operation.currency = QStringLiteral("usd");
    operation.idempotencyKey = kKey;
    operation.status = OperationStatus::Unknown;
    operation.attempts = 3;
    return operation;
}

// A refund event the way the provider sends it; empty texts become null or {} in the payload.
struct RefundEventSpec
{
    QString eventId;
    QString refundId = QStringLiteral("re_1");
    QString status = QStringLiteral("succeeded"); // "null" writes a JSON null
    qint64 created = kT;
    qint64 receivedAtMs = kT * 1000 + 500;
    QString operationId = QStringLiteral("op_5521");
    QString key = kKey;
    qint64 amount = 3800;
    QString currency = QStringLiteral("usd");
    QString failureReason;
    QString type = QStringLiteral("refund.updated");
};

inline QString jsonText(const QString &value)
{
    return value.isEmpty() ? QStringLiteral("null") : u'"' + value + u'"';
}

// The row as a webhook receiver writes it: the indexed columns filled from the payload.
inline WebhookEvent row(const QString &eventId, const QString &payload, qint64 receivedAtMs)
{
    const IndexColumns columns = EventParser::indexColumns(payload);
    WebhookEvent event;
    event.eventId = eventId;
    event.type = columns.type;
    event.created = columns.created;
    event.receivedAt = receivedAtMs;
    event.payload = payload;
    event.operationId = columns.operationId;
    event.idempotencyKey = columns.idempotencyKey;
    event.refundId = columns.refundId;
    return event;
}

inline WebhookEvent refundEvent(const RefundEventSpec &spec)
{
    const QString metadata = spec.operationId.isEmpty() ? QStringLiteral("{}")
                                                        : QStringLiteral(R"({"operation_id":"%1"})").arg(spec.operationId);
    const QString status = spec.status == QLatin1String("null") ? QStringLiteral("null") : jsonText(spec.status);
    const QString payload =
        QStringLiteral(R"({"id":"%1","object":"event","created":%2,"type":"%3","data":{"object":{"id":"%4","object":"refund",)"
                       R"("amount":%5,"currency":"%6","status":%7,"failure_reason":%8,"metadata":%9,"charge":"ch_1"}},)"
                       R"("request":{"id":"req_1","idempotency_key":%10}})")
            .arg(spec.eventId)
            .arg(spec.created)
            .arg(spec.type, spec.refundId)
            .arg(spec.amount)
            .arg(spec.currency, status, jsonText(spec.failureReason), metadata, jsonText(spec.key));
    return row(spec.eventId, payload, spec.receivedAtMs);
}

inline WebhookEvent refundAt(const QString &eventId, const QString &refundId, const QString &status, qint64 created = kT)
{
    RefundEventSpec spec;
    spec.eventId = eventId;
    spec.refundId = refundId;
    spec.status = status;
    spec.created = created;
    spec.receivedAtMs = created * 1000 + 500;
    return refundEvent(spec);
}

inline WebhookEvent unreadable(const QString &eventId, const QString &payload, const QString &operationId = QStringLiteral("op_5521"))
{
    WebhookEvent event;
    event.eventId = eventId;
    event.receivedAt = kT * 1000;
    event.payload = payload;
    event.operationId = operationId; // the receiver's columns, filled before the payload broke
    return event;
}

using Events = std::vector<WebhookEvent>;

inline QStringList routesOf(const Evidence &evidence)
{
    QStringList routes;
    for (const EvidenceEvent &e : evidence.events)
        routes << e.row.eventId + u'=' + toString(e.matchedBy);
    return routes;
}

Q_DECLARE_METATYPE(std::vector<RefundDesk::WebhookEvent>)
Q_DECLARE_METATYPE(RefundDesk::Operation)

class tst_Evidence : public QObject
{
    Q_OBJECT

private slots:
    void verdicts_data();
    void verdicts();
    void matchingRoutes_data();
    void matchingRoutes();
    void conflictsNameWhy_data();
    void conflictsNameWhy();
    void duplicateDeliveriesShownOnce();
    void analyzedAgainSaysTheSame_data();
    void analyzedAgainSaysTheSame();
    void eventsOldestFirstAndRefundsByLatestState();
    void unreadableEventsAreListedNotUsed();
    void invalidUtf8PayloadIsNeverJudged();
    void verdictNamesRoundTrip();
};
