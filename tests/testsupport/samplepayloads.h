#pragma once

#include <QByteArray>
#include <QtGlobal>

namespace RefundDesk::Test {

// A Stripe refund.updated event as the webhook receiver stores it: the starting point of
// the parser tests, which change one part of it at a time.
inline constexpr char SampleRefundEvent[] =
    R"({"id":"evt_1","object":"event","api_version":"2024-06-20","created":1717000000,)"
    R"("data":{"object":{"id":"re_1","object":"refund","amount":3800,"balance_transaction":null,)"
    R"("charge":"ch_1","created":1717000000,"currency":"usd","failure_reason":null,)"
    R"("metadata":{"operation_id":"op_5521"},"payment_intent":"pi_1","reason":"requested_by_customer",)"
    R"("status":"succeeded"}},"livemode":false,"pending_webhooks":1,)"
    R"("request":{"id":"req_1","idempotency_key":"c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa"},)"
    R"("type":"refund.updated"})";

// SampleRefundEvent with `from` (which must be in it) replaced by `to`.
inline QByteArray sampleRefundEvent(const QByteArray &from = {}, const QByteArray &to = {})
{
    QByteArray payload(SampleRefundEvent);
    if (!from.isEmpty()) {
        // Also in release builds: a row whose change missed would test the sample unchanged.
        if (!payload.contains(from))
            qFatal("sampleRefundEvent: \"%s\" is not in the sample", from.constData());
        payload.replace(from, to);
    }
    return payload;
}

} // namespace RefundDesk::Test
