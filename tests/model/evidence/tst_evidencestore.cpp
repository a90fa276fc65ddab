// Evidence over whole stores whose events another program wrote (the simulator, playing
// the agent's tool and the webhook receiver): every operation's verdict agrees with a
// second, independent reading of DESIGN.md's rules, and with what the tool itself saw.

#include "demo/demosimulator.h"
#include "evidence/evidenceanalyzer.h"
#include "store/store.h"
#include "store/storebuilder.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

#include <map>
#include <set>

using namespace RefundDesk;

namespace {

struct OracleEvent
{
    QString eventId;
    qint64 receivedAt = 0;
    QString payload;
    QString operationIdColumn;
    QString keyColumn;
    QString refundIdColumn;
};

// The verdict straight from the rules, with nlohmann and nothing of the evidence layer:
// a payload that is not a refund event with the expected types is simply not counted.
QString oracleVerdict(const Operation &operation, const std::vector<OracleEvent> &events)
{
    struct Refund
    {
        std::string id;
        qint64 amount = 0;
        std::string currency;
        std::string status;
        std::string metadataOperation;
        qint64 created = 0;
    };
    const auto readRefund = [](const QString &payload) -> std::optional<Refund> {
        try {
            const auto json = nlohmann::json::parse(payload.toStdString());
            const auto &object = json.at("data").at("object");
            if (object.at("object") != "refund")
                return std::nullopt;
            Refund refund;
            refund.id = object.at("id").get<std::string>();
            refund.amount = object.at("amount").get<qint64>();
            refund.currency = object.at("currency").get<std::string>();
            refund.status = object.at("status").is_null() ? std::string() : object.at("status").get<std::string>();
            refund.created = json.at("created").get<qint64>();
            if (object.contains("metadata") && object.at("metadata").is_object() && object.at("metadata").contains("operation_id"))
                refund.metadataOperation = object.at("metadata").at("operation_id").get<std::string>();
            return refund;
        } catch (const std::exception &) {
            return std::nullopt;
        }
    };

    std::set<std::string> known;
    if (!operation.refundId.isEmpty())
        known.insert(operation.refundId.toStdString());
    std::vector<std::pair<Refund, qint64>> states;
    std::vector<std::pair<std::optional<Refund>, const OracleEvent *>> rest;
    for (const OracleEvent &event : events) {
        const auto refund = readRefund(event.payload);
        const bool direct = event.operationIdColumn == operation.operationId || event.keyColumn == operation.idempotencyKey
            || (refund && refund->metadataOperation == operation.operationId.toStdString());
        if (!direct) {
            rest.push_back({refund, &event});
            continue;
        }
        if (!event.refundIdColumn.isEmpty())
            known.insert(event.refundIdColumn.toStdString());
        if (refund) {
            known.insert(refund->id);
            states.push_back({*refund, event.receivedAt});
        }
    }
    for (const auto &[refund, event] : rest) {
        if (refund && known.count(refund->id))
            states.push_back({*refund, event->receivedAt});
    }

    const auto rank = [](const std::string &status) {
        return status == "failed" || status == "canceled" ? 3 : status == "succeeded" ? 2 : status.empty() ? 0 : 1;
    };
    std::map<std::string, std::pair<std::tuple<qint64, qint64, int>, std::string>> latest;
    bool differs = false;
    for (const auto &[refund, receivedAt] : states) {
        differs = differs || refund.amount != operation.amountCents
            || QString::fromStdString(refund.currency).compare(operation.currency, Qt::CaseInsensitive) != 0;
        const auto when = std::make_tuple(refund.created, receivedAt, rank(refund.status));
        auto found = latest.find(refund.id);
        if (found == latest.end() || found->second.first < when)
            latest[refund.id] = {when, refund.status};
    }
    if (latest.size() > 1 || differs)
        return QStringLiteral("conflict");
    if (latest.empty())
        return QStringLiteral("none");
    const std::string &status = latest.begin()->second.second;
    if (status == "succeeded")
        return QStringLiteral("refunded");
    if (status == "failed" || status == "canceled")
        return QStringLiteral("failed");
    return QStringLiteral("pending");
}

QString columnText(sqlite3_stmt *statement, int column)
{
    const auto *text = sqlite3_column_text(statement, column);
    return text ? QString::fromUtf8(reinterpret_cast<const char *>(text), sqlite3_column_bytes(statement, column)) : QString();
}

} // namespace

class tst_EvidenceStore : public QObject
{
    Q_OBJECT

private slots:
    void simulatedStores_data();
    void simulatedStores();
};

void tst_EvidenceStore::simulatedStores_data()
{
    QTest::addColumn<quint64>("seed");
    QTest::newRow("seed 1") << quint64(1);
    QTest::newRow("seed 7") << quint64(7);
    QTest::newRow("seed 2024") << quint64(2024);
}

void tst_EvidenceStore::simulatedStores()
{
    QFETCH(quint64, seed);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("demo.sqlite"));
    {
        auto builder = StoreBuilder::createNew(path);
        QVERIFY(builder);
        SimulationOptions options;
        options.operations = 3000;
        options.seed = seed;
        options.nowMs = 1'735'000'000'000;
        auto summary = DemoSimulator().run(**builder, options);
        QVERIFY2(summary, qPrintable(summary ? QString() : summary.error().message));
        QVERIFY((*builder)->finish());
    }
    auto opened = StoreFactory::open(path, Store::OpenMode::ReadOnly);
    QVERIFY(opened);
    Store &store = **opened;

    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    const std::unique_ptr<sqlite3, decltype(&sqlite3_close)> closer(db, &sqlite3_close);
    sqlite3_stmt *ids = nullptr;
    QCOMPARE(sqlite3_prepare_v2(db, "SELECT operation_id FROM refund_ops ORDER BY operation_id", -1, &ids, nullptr), SQLITE_OK);
    const std::unique_ptr<sqlite3_stmt, decltype(&sqlite3_finalize)> idsCloser(ids, &sqlite3_finalize);

    std::map<QString, int> verdicts;
    int unreadable = 0;
    int checked = 0;
    while (sqlite3_step(ids) == SQLITE_ROW) {
        const QString operationId = columnText(ids, 0);
        auto found = store.operation(operationId);
        QVERIFY(found && found->has_value());
        const Operation &operation = **found;
        auto candidates = store.candidateEvents(operation);
        QVERIFY(candidates);
        const Evidence evidence = EvidenceAnalyzer::analyze(operation, *candidates);
        // Listings ask for the verdict alone: the same verdict, without the sentence.
        const Evidence verdictOnly = EvidenceAnalyzer::analyze(operation, *candidates,
                                                               EvidenceAnalyzer::Detail::VerdictOnly);
        QCOMPARE(toString(verdictOnly.verdict), toString(evidence.verdict));
        QVERIFY(verdictOnly.explanation.isEmpty());
        QVERIFY(!evidence.explanation.isEmpty());

        std::vector<OracleEvent> oracleEvents;
        for (const WebhookEvent &e : *candidates)
            oracleEvents.push_back({e.eventId, e.receivedAt, e.payload, e.operationId, e.idempotencyKey, e.refundId});
        const QString expected = oracleVerdict(operation, oracleEvents);
        QVERIFY2(toString(evidence.verdict) == expected,
                 qPrintable(QStringLiteral("%1: verdict %2, the rules say %3 (%4)")
                                .arg(operationId, toString(evidence.verdict), expected, evidence.explanation)));

        // What the tool itself saw: a refund it got back is the one the evidence names.
        if (operation.status == OperationStatus::Refunded && evidence.verdict == Verdict::Refunded)
            QCOMPARE(evidence.namedRefundId, operation.refundId);
        ++verdicts[toString(evidence.verdict)];
        unreadable += evidence.unreadableCount();
        ++checked;
    }
    QCOMPARE(checked, 3000);
    for (const char *verdict : {"refunded", "failed", "pending", "none", "conflict"})
        QVERIFY2(verdicts[QString::fromLatin1(verdict)] > 0, verdict);
    qInfo("seed %llu: refunded %d, failed %d, pending %d, none %d, conflict %d; %d unreadable events listed", seed,
          verdicts[QStringLiteral("refunded")], verdicts[QStringLiteral("failed")], verdicts[QStringLiteral("pending")],
          verdicts[QStringLiteral("none")], verdicts[QStringLiteral("conflict")], unreadable);
}

QTEST_GUILESS_MAIN(tst_EvidenceStore)
#include "tst_evidencestore.moc"
