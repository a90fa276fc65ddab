// tst_sparsejsonreader's class and what its files share: reading a text with both parsers and
// comparing what they kept.

#pragma once

#include "parseddifferences.h"
#include "samplepayloads.h"

#include "demo/demostore.h"
#include "evidence/eventparser.h"
#include "evidence/sparsejsonreader.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

#include <algorithm>
#include <set>

using namespace RefundDesk;
using RefundDesk::Test::eventDifferences;
using RefundDesk::Test::readingDifferences;

using Json = nlohmann::json;

const char kChargeEvent[] = R"({"id":"evt_c","object":"event","created":1717000100,"type":"charge.refunded",)"
                            R"("data":{"object":{"id":"ch_1","object":"charge","amount":3800,"amount_refunded":3800,)"
                            R"("captured":true,"currency":"usd","metadata":{"order_id":"4417","operation_id":"op_2"},)"
                            R"("refunds":{"object":"list","data":[{"id":"re_a","object":"refund","amount":1000,)"
                            R"("currency":"usd","status":"succeeded","metadata":{"operation_id":"op_2"}},)"
                            R"({"id":"re_b","object":"refund","amount":2800,"currency":"USD","status":"pending",)"
                            R"("charge":{"id":"ch_1","object":"charge"},"metadata":{}}],"has_more":false}},)"
                            R"("previous_attributes":{"amount_refunded":0}},"request":{"id":"req_1","idempotency_key":"k1"}})";

inline std::string_view view(const QByteArray &bytes)
{
    return std::string_view(bytes.constData(), size_t(bytes.size()));
}

// Reads `payload` by every route and says how any of them differs from the full parser's
// reading; empty when they all agree. `accepted`: whether the fast reader took it.
inline QString disagreement(std::string_view payload, bool *accepted = nullptr)
{
    const PayloadReading full = EventParser::readFully(payload);
    const std::optional<PayloadReading> sparse = EventParser::readSparsely(payload);
    if (accepted)
        *accepted = sparse.has_value();
    QStringList problems;
    if (sparse) {
        for (const QString &field : readingDifferences(*sparse, full))
            problems << QStringLiteral("fast reading: ") + field;
    }
    for (const QString &field : readingDifferences(EventParser::read(payload), full))
        problems << QStringLiteral("read(): ") + field;
    for (const QString &field : eventDifferences(EventParser::parse(payload), full.event))
        problems << QStringLiteral("parse(): ") + field;
    if (problems.isEmpty())
        return {};
    return problems.join(QStringLiteral(", ")) + QStringLiteral(" differ for: ")
        + QString::fromUtf8(payload.data(), qsizetype(std::min<size_t>(payload.size(), 400)));
}

inline QByteArray nested(int levels, const QByteArray &innermost)
{
    QByteArray text = innermost;
    for (int i = 0; i < levels; ++i)
        text = "{\"data\":" + text + "}";
    return text;
}

class tst_SparseJsonReader : public QObject
{
    Q_OBJECT

private slots:
    // The reader alone.
    void acceptsPlainJson_data();
    void acceptsPlainJson();
    void declinesAnythingElse_data();
    void declinesAnythingElse();
    void typesNumbersAsNlohmannDoes_data();
    void typesNumbersAsNlohmannDoes();
    void keepsTheLastOfRepeatedKeys();
    void keepsOnlyTheKeptKeys();

    // The event parser's routes agree.
    void simulatedStore();
    void fileCorpora();
    void handcraftedEvents_data();
    void handcraftedEvents();
    void everyTruncation();
    void everyByteFlipInsertionAndDeletion();
    void qstringDoor_data();
    void qstringDoor();
};
