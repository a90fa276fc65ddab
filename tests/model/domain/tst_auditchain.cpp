#include "domain/auditchain.h"

#include <QCryptographicHash>
#include <QtTest>

#include <nlohmann/json.hpp>

using namespace RefundDesk;

class tst_AuditChain : public QObject
{
    Q_OBJECT

private slots:
    void canonicalFormIsExact();
    void hashIsSha256OfTheCanonicalForm();
    void directFormIsTheDocumentsForEveryCharacter();
    void verifierAcceptsAnHonestChain();
    void verifierFindsTampering_data();
    void verifierFindsTampering();

private:
    static Resolution sample();
    static std::vector<Resolution> chain(int length);
};

Resolution tst_AuditChain::sample()
{
    Resolution r;
    r.resolutionId = 7;
    r.operationId = QStringLiteral("op_5521");
    r.outcome = Outcome::Refunded;
    r.refundId = QStringLiteral("re_123");
    r.evidence = QStringLiteral("webhook:evt_9");
    r.note = QStringLiteral("Zoë said \"ok\"\n");
    r.operatorName = QStringLiteral("ann");
    r.recordedAt = 1700000000123;
    r.previousStatus = OperationStatus::Checking;
    r.overridesEvidence = false;
    r.prevHash = AuditChain::genesisHash();
    return r;
}

std::vector<Resolution> tst_AuditChain::chain(int length)
{
    std::vector<Resolution> rows;
    QString previous = AuditChain::genesisHash();
    for (int i = 1; i <= length; ++i) {
        Resolution r = sample();
        r.resolutionId = i;
        r.operationId = QStringLiteral("op_%1").arg(i);
        r.prevHash = previous;
        r.hash = AuditChain::hashOf(r);
        previous = r.hash;
        rows.push_back(r);
    }
    return rows;
}

void tst_AuditChain::canonicalFormIsExact()
{
    const std::string expected =
        "{\"evidence\":\"webhook:evt_9\",\"note\":\"Zoë said \\\"ok\\\"\\n\",\"operation_id\":\"op_5521\","
        "\"operator\":\"ann\",\"outcome\":\"refunded\",\"overrides_evidence\":0,\"prev_hash\":\""
        + std::string(64, '0')
        + "\",\"previous_status\":\"checking\",\"recorded_at\":1700000000123,\"refund_id\":\"re_123\","
          "\"resolution_id\":7}";
    QCOMPARE(QString::fromStdString(AuditChain::canonicalJson(sample())), QString::fromStdString(expected));

    Resolution failed = sample();
    failed.outcome = Outcome::Failed;
    failed.refundId = QString();
    QVERIFY(AuditChain::canonicalJson(failed).find("\"refund_id\":null") != std::string::npos);
}

void tst_AuditChain::hashIsSha256OfTheCanonicalForm()
{
    const std::string text = AuditChain::canonicalJson(sample());
    const QString expected = QString::fromLatin1(
        QCryptographicHash::hash(QByteArray::fromStdString(text), QCryptographicHash::Sha256).toHex());
    QCOMPARE(AuditChain::hashOf(sample()), expected);
    QCOMPARE(expected.size(), 64);
}

// The canonical form of a row of plain ASCII text is written directly; it must be byte for
// byte what nlohmann::json's document gives, which chains recorded before were hashed with
// (and which PostgreSQL's trigger writes the same way).
void tst_AuditChain::directFormIsTheDocumentsForEveryCharacter()
{
    auto byDocument = [](const Resolution &r) {
        nlohmann::json row = {
            {"resolution_id", r.resolutionId},
            {"operation_id", r.operationId.toStdString()},
            {"outcome", toString(r.outcome).toStdString()},
            {"refund_id", r.refundId.isNull() ? nlohmann::json(nullptr) : nlohmann::json(r.refundId.toStdString())},
            {"evidence", r.evidence.toStdString()},
            {"note", r.note.isNull() ? nlohmann::json(nullptr) : nlohmann::json(r.note.toStdString())},
            {"operator", r.operatorName.toStdString()},
            {"recorded_at", r.recordedAt},
            {"previous_status", toString(r.previousStatus).toStdString()},
            {"overrides_evidence", r.overridesEvidence ? 1 : 0},
            {"prev_hash", r.prevHash.toStdString()},
        };
        return row.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    };
    int compared = 0;
    for (int c = 0; c < 0x80; ++c) {
        const QString text = QStringLiteral("a") + QChar(c) + QStringLiteral("b");
        Resolution r = sample();
        r.note = text;
        r.evidence = QStringLiteral("webhook:") + text;
        r.operatorName = text;
        r.operationId = text;
        r.refundId = text;
        r.prevHash = text;
        r.overridesEvidence = c % 2 == 0;
        r.resolutionId = c * 1000003LL;
        r.recordedAt = -c;
        QCOMPARE(QString::fromStdString(AuditChain::canonicalJson(r)), QString::fromStdString(byDocument(r)));
        ++compared;
    }
    QCOMPARE(compared, 128);
    for (const Outcome outcome : {Outcome::Refunded, Outcome::Failed}) {
        for (const OperationStatus status : {OperationStatus::Unknown, OperationStatus::Checking}) {
            Resolution r = sample();
            r.outcome = outcome;
            r.previousStatus = status;
            r.note = QString();
            r.refundId = QString();
            r.evidence = QString();
            QCOMPARE(QString::fromStdString(AuditChain::canonicalJson(r)), QString::fromStdString(byDocument(r)));
            r.note = QStringLiteral("\u7b14\u8bb0 \U0001F600 \u00e9");
            QCOMPARE(QString::fromStdString(AuditChain::canonicalJson(r)), QString::fromStdString(byDocument(r)));
        }
    }
}

void tst_AuditChain::verifierAcceptsAnHonestChain()
{
    ChainVerifier verifier;
    for (const Resolution &r : chain(5))
        QVERIFY(verifier.add(r));
    QVERIFY(!verifier.firstBreak());
    QCOMPARE(verifier.verifiedCount(), 5);
    QCOMPARE(verifier.lastVerifiedId(), 5);
}

void tst_AuditChain::verifierFindsTampering_data()
{
    QTest::addColumn<QString>("tampering");
    QTest::addColumn<qint64>("brokenAt");
    QTest::newRow("edited note") << QStringLiteral("edit") << qint64(3);
    QTest::newRow("deleted row") << QStringLiteral("delete") << qint64(4);
    QTest::newRow("reordered rows") << QStringLiteral("swap") << qint64(4);
    QTest::newRow("override flag flipped") << QStringLiteral("flag") << qint64(3);
}

void tst_AuditChain::verifierFindsTampering()
{
    QFETCH(QString, tampering);
    QFETCH(qint64, brokenAt);
    auto rows = chain(5);
    if (tampering == QLatin1String("edit"))
        rows[2].note = QStringLiteral("a different story");
    else if (tampering == QLatin1String("delete"))
        rows.erase(rows.begin() + 2);
    else if (tampering == QLatin1String("swap"))
        std::swap(rows[2], rows[3]);
    else if (tampering == QLatin1String("flag"))
        rows[2].overridesEvidence = true;

    ChainVerifier verifier;
    for (const Resolution &r : rows)
        verifier.add(r);
    QVERIFY(verifier.firstBreak());
    QCOMPARE(verifier.firstBreak()->resolutionId, brokenAt);
    QVERIFY(!verifier.firstBreak()->reason.isEmpty());
}

QTEST_GUILESS_MAIN(tst_AuditChain)
#include "tst_auditchain.moc"
