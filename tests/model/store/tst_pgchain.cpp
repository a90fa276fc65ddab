// The audit chain on PostgreSQL, kept by the server (roles-postgresql.sql): its canonical
// JSON and hash, computed in SQL, are byte for byte Refund Desk's (domain/auditchain.cpp)
// for the texts two JSON writers most easily write differently, and a decision a support
// login records with such a text is one `verify` accepts.

#include "pgtestserver.h"

#include "domain/auditchain.h"
#include "store/postgresql/pgconnection.h"
#include "store/postgresql/pgconninfo.h"
#include "store/store.h"

#include <QTest>

#include <limits>

using namespace RefundDesk;
using namespace RefundDesk::Internal;
using namespace RefundDesk::Test;

namespace {

// Every character below 0x20 but NUL, which PostgreSQL's text cannot hold.
QString controlCharacters()
{
    QString text;
    for (char16_t c = 0x01; c < 0x20; ++c)
        text += QChar(c);
    return text;
}

// Everything the rows below test, over and over, to a little more than 100 kB of UTF-8.
QString hundredKilobytes()
{
    const QString piece = QStringLiteral("\"q\" \\b/ ") + controlCharacters()
                          + QStringLiteral("\x7f 😀 退款 مرحبا e\u0301 \u2028 ");
    QString text;
    while (text.toUtf8().size() < 100 * 1024)
        text += piece;
    return text;
}

} // namespace

class tst_PgChain : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void serverHashesAsRefundDesk_data();
    void serverHashesAsRefundDesk();
    void theWholeLogVerifies();

private:
    std::unique_ptr<PgTestServer> m_server;
    std::unique_ptr<PgConnection> m_connection; // the store's owner, for the SQL functions
    std::unique_ptr<Store> m_support;           // alice, a support login
    QString m_db = QStringLiteral("chain");
    int m_decisions = 0;
};

void tst_PgChain::initTestCase()
{
    m_server = std::make_unique<PgTestServer>();
    QVERIFY2(m_server->isRunning(), qPrintable(m_server->lastError()));
    QVERIFY(m_server->createDatabase(m_db));
    auto created = StoreFactory::create(m_server->location(m_db));
    QVERIFY2(created, created ? "" : qPrintable(created.error().message));
    QVERIFY2(m_server->applyRoles(m_db), qPrintable(m_server->lastError()));
    QVERIFY(m_server->exec(QStringLiteral("postgres"),
                           QStringLiteral("CREATE ROLE alice LOGIN IN ROLE refund_desk_support")));
    auto info = PgConnInfo::parse(m_server->location(m_db));
    QVERIFY(info);
    auto connection = PgConnection::connect(*info, false);
    QVERIFY2(connection, connection ? "" : qPrintable(connection.error().message));
    m_connection = std::move(*connection);
    auto support = StoreFactory::open(m_server->location(m_db, QStringLiteral("alice")), Store::OpenMode::ReadWrite);
    QVERIFY2(support, support ? "" : qPrintable(support.error().message));
    m_support = std::move(*support);
}

void tst_PgChain::serverHashesAsRefundDesk_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("resolutionId");
    QTest::addColumn<qint64>("recordedAt");

    const qint64 id = 7;
    const qint64 at = 1'767'225'600'123;
    QTest::newRow("plain") << QStringLiteral("dashboard") << id << at;
    QTest::newRow("empty") << QStringLiteral("") << id << at;
    QTest::newRow("quotes") << QStringLiteral("\"refunded\" said 'the bank'") << id << at;
    QTest::newRow("backslashes") << QStringLiteral("C:\\refunds\\ \\\\ \\n \\u0041 \\\"") << id << at;
    for (char16_t c = 0x01; c < 0x20; ++c)
        QTest::newRow(qPrintable(QStringLiteral("control 0x%1").arg(int(c), 2, 16, QLatin1Char('0'))))
            << (QStringLiteral("a") + QChar(c) + QStringLiteral("b")) << id << at;
    QTest::newRow("every control character") << controlCharacters() << id << at;
    QTest::newRow("DEL") << QStringLiteral("a\x7f" "b") << id << at;
    QTest::newRow("slashes") << QStringLiteral("a/b </script> //") << id << at;
    QTest::newRow("non-BMP emoji") << QStringLiteral("😀 👍🏽 👨‍👩‍👧 🇺🇦 𝄞") << id << at;
    QTest::newRow("CJK") << QStringLiteral("退款已处理 返金済み 환불 완료") << id << at;
    QTest::newRow("right-to-left") << QStringLiteral("مرحبا שלום \u202Eevil\u202C \u200F") << id << at;
    QTest::newRow("combining marks") << QStringLiteral("e\u0301 é Z\u0324\u0354\u0367\u0311\u0353") << id << at;
    QTest::newRow("line and paragraph separators") << QStringLiteral("a\u2028b\u2029c\u0085d") << id << at;
    QTest::newRow("byte order mark and non-characters")
        << QStringLiteral("\uFEFFbom \uFFFE \uFFFF \uFDD0 ") + QString::fromUcs4(U"\U0010FFFF") << id << at;
    QTest::newRow("latin-1 and C1 controls") << QStringLiteral("ñ ü ß \u0080 \u009f \u00a0") << id << at;
    QTest::newRow("a 100 kB note") << hundredKilobytes() << id << at;
    QTest::newRow("integers beyond 2^53") << QStringLiteral("x") << qint64(9'007'199'254'740'993) << qint64(-1);
    QTest::newRow("the largest integers") << QStringLiteral("x") << std::numeric_limits<qint64>::max()
                                          << std::numeric_limits<qint64>::min();
}

void tst_PgChain::serverHashesAsRefundDesk()
{
    QFETCH(QString, text);
    QFETCH(qint64, resolutionId);
    QFETCH(qint64, recordedAt);

    // 1. The SQL functions, with the text in every text field: the same bytes, the same hash.
    for (const bool withNulls : {false, true}) {
        Resolution r;
        r.resolutionId = resolutionId;
        r.operationId = text;
        r.outcome = Outcome::Refunded;
        r.refundId = withNulls ? QString() : text;
        r.evidence = text;
        r.note = withNulls ? QString() : text;
        r.operatorName = text;
        r.recordedAt = recordedAt;
        r.previousStatus = OperationStatus::Checking;
        r.overridesEvidence = withNulls;
        r.prevHash = text;
        PgParams params;
        params.add(r.resolutionId).add(r.operationId).add(QStringLiteral("refunded")).add(r.refundId).add(r.evidence);
        params.add(r.note).add(r.operatorName).add(r.recordedAt).add(QStringLiteral("checking"));
        params.add(qint64(r.overridesEvidence ? 1 : 0)).add(r.prevHash);
        PgResult result = m_connection->exec(
            "SELECT refund_desk_canonical_json($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11), "
            "refund_desk_chain_hash($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
            params);
        QVERIFY2(result.isOk(), qPrintable(result.errorMessage()));
        const std::string canonical = AuditChain::canonicalJson(r);
        const QByteArray server = result.bytes(0, 0);
        if (server != QByteArray::fromStdString(canonical)) {
            qsizetype at = 0;
            while (at < server.size() && at < qsizetype(canonical.size()) && server.at(at) == canonical[size_t(at)])
                ++at;
            QFAIL(qPrintable(QStringLiteral("the canonical forms differ from byte %1: the server's ...%2, Refund "
                                            "Desk's ...%3")
                                 .arg(at)
                                 .arg(QString::fromLatin1(server.mid(at, 24).toHex(' ')),
                                      QString::fromLatin1(QByteArray::fromStdString(canonical).mid(at, 24)
                                                              .toHex(' ')))));
        }
        QCOMPARE(result.text(0, 1), AuditChain::hashOf(r));
    }

    // 2. A decision a support login records with the text: the server fills in the chain,
    // and what is stored hashes back to it here.
    const QString operationId = QStringLiteral("op_%1").arg(++m_decisions);
    QVERIFY2(m_server->exec(m_db, QStringLiteral("INSERT INTO refund_ops (operation_id, order_id, amount_cents, "
                                                 "idempotency_key, status, created_at, updated_at) VALUES ('%1', "
                                                 "'order_%1', 100, 'key_%1', 'unknown', 1, 1)")
                                      .arg(operationId)),
             qPrintable(m_server->lastError()));
    auto operation = m_support->operation(operationId);
    QVERIFY(operation && operation->has_value());
    ResolutionDraft draft;
    draft.operationId = operationId;
    draft.outcome = Outcome::Refunded;
    // A refund id is indexed on the operation: a long text would not fit in the index.
    draft.refundId = QStringLiteral("re_") + (text.size() < 200 ? text : QString());
    draft.evidence = text;
    draft.note = text;
    draft.overridesEvidence = true;
    auto recorded = m_support->recordResolution(draft, SeenState::of(**operation));
    QVERIFY2(recorded, recorded ? "" : qPrintable(recorded.error().message));
    QCOMPARE(recorded->resolutionId, qint64(m_decisions));
    QCOMPARE(recorded->operatorName, QStringLiteral("alice"));
    auto stored = m_support->resolutions(operationId);
    QVERIFY(stored);
    QCOMPARE(stored->size(), size_t(1));
    const Resolution &row = stored->front();
    QCOMPARE(row.hash, recorded->hash);
    QCOMPARE(row.recordedAt, recorded->recordedAt);
    QCOMPARE(row.evidence, draft.evidence.trimmed());
    QCOMPARE(AuditChain::hashOf(row), row.hash);
}

void tst_PgChain::theWholeLogVerifies()
{
    auto log = m_support->resolutionsAfter(0, 1000);
    QVERIFY(log);
    QCOMPARE(qsizetype(log->size()), qsizetype(m_decisions));
    ChainVerifier chain;
    for (const Resolution &r : *log)
        QVERIFY2(chain.add(r), qPrintable(chain.firstBreak() ? chain.firstBreak()->reason : QString()));
    QCOMPARE(chain.verifiedCount(), qint64(m_decisions));
    auto owner = StoreFactory::open(m_server->location(m_db), Store::OpenMode::ReadOnly);
    QVERIFY(owner);
    auto invariants = (*owner)->checkInvariants();
    QVERIFY(invariants);
    QVERIFY2(invariants->empty(), qPrintable(invariants->empty() ? QString() : invariants->front().message));
}

QTEST_GUILESS_MAIN(tst_PgChain)
#include "tst_pgchain.moc"
