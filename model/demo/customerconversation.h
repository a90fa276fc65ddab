#pragma once

#include "demo/demorandom.h"
#include "demo/fakeprovider.h"
#include "demo/operationtable.h"
#include "demo/refundtool.h"

#include <QString>

namespace RefundDesk::Internal {

// One support chat about one order, from the customer's side: the agent calls the
// refund tool (sometimes twice at once), and the customer says "try again" after an
// unclear answer, asks again after a decline, or asks for a second, partial refund.
// Each of those is a new tool call (a new toolu_… id); only the tool decides whether it
// is the same operation.
class CustomerConversation final
{
public:
    enum class Scene {
        Ordinary,
        // The old tool version that took the key from the tool call id: the first call
        // times out after the provider did the work, the customer says "try again", and
        // the new call's new key refunds a second time.
        DoubleRefund,
    };

    struct Plan
    {
        Scene scene = Scene::Ordinary;
        qint64 startMs = 0;
        QString orderId;
        int maxOperations = 1; // no more new operations than this
        // The tool names the order's payment in the rows it opens (payment_id); a tool
        // version from before schema version 3 does not.
        bool toolWritesPaymentId = true;
    };

    CustomerConversation(DemoRandom &random, OperationTable &table, FakeProvider &provider, RefundTool &tool,
                         qint64 nowMs);

    // Simulates the chat into the table, the tool's attempts and the provider's refunds
    // (all cleared first).
    void run(const Plan &plan);

private:
    ProviderCharge chargeFor(const QString &orderId, qint64 amountCents, const QString &currency, qint64 startMs);
    std::pair<qint64, QString> drawAmount();
    qint64 otherAmount(qint64 amountCents, const QString &currency);
    int lastAnswered() const;

    DemoRandom &m_random;
    OperationTable &m_table;
    FakeProvider &m_provider;
    RefundTool &m_tool;
    qint64 m_now = 0;
    int m_calls = 0;
    int m_doubleRefundScenes = 0;
};

} // namespace RefundDesk::Internal
