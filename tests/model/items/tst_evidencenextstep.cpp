// The line under the evidence: what the verdict allows next, said only to a person who may
// decide the operation.

#include "items/evidencenextstep.h"
#include "items/operationsnapshot.h"

#include <QtTest>

using namespace RefundDesk;

class tst_EvidenceNextStep : public QObject
{
    Q_OBJECT

private slots:
    void sentence_data();
    void sentence();
};

void tst_EvidenceNextStep::sentence_data()
{
    QTest::addColumn<Verdict>("verdict");
    QTest::addColumn<OperationStatus>("status");
    QTest::addColumn<QString>("claimedBy");
    QTest::addColumn<bool>("readOnly");
    QTest::addColumn<QString>("expected");

    const QString free;
    const QString alice = QStringLiteral("alice"); // the person running the console
    const QString bob = QStringLiteral("bob");
    const auto unknown = OperationStatus::Unknown;
    const auto checking = OperationStatus::Checking;

    QTest::newRow("refunded") << Verdict::Refunded << unknown << free << false
                              << "Stripe shows refund re_1 succeeded: record refunded (Ctrl+R), or leave it to the "
                                 "batch (Ctrl+Shift+R).";
    QTest::newRow("failed, claimed by me") << Verdict::Failed << checking << alice << false
                                           << "Stripe shows refund re_1 failed: record failed (Ctrl+R), or leave it to "
                                              "the batch (Ctrl+Shift+R).";
    QTest::newRow("not_found") << Verdict::NotFound << unknown << free << false
                               << "Stripe lists no refund of this operation: record failed (Ctrl+R), or leave it "
                                  "to the batch (Ctrl+Shift+R).";
    QTest::newRow("pending") << Verdict::Pending << unknown << free << false
                             << "Refund re_1 has not finished at Stripe: nothing to record yet; ask Stripe again "
                                "later (Ctrl+K).";
    QTest::newRow("conflict") << Verdict::Conflict << checking << alice << false
                              << "The evidence disagrees with itself: no batch records this, and an outcome needs an "
                                 "override with a note; copy a case for Stripe's support (Ctrl+Shift+K).";
    QTest::newRow("other_refund") << Verdict::OtherRefund << unknown << free << false
                                  << "A refund this store did not make moved money on this payment: find out in "
                                     "Stripe's Dashboard whether it is this one; an outcome needs an override with a "
                                     "note.";
    QTest::newRow("none") << Verdict::None << unknown << free << false
                          << "No evidence yet: ask Stripe (Ctrl+K), or look the idempotency key up in Stripe's "
                             "Dashboard.";
    // Nothing to say where the person may not decide: the notice says who holds it.
    QTest::newRow("a colleague's claim") << Verdict::NotFound << checking << bob << false << QString();
    QTest::newRow("read-only") << Verdict::Refunded << unknown << free << true << QString();
    QTest::newRow("read-only, conflict") << Verdict::Conflict << unknown << free << true << QString();
    QTest::newRow("decided") << Verdict::Refunded << OperationStatus::Refunded << free << false << QString();
    QTest::newRow("tool still working") << Verdict::None << OperationStatus::Open << free << false << QString();
}

void tst_EvidenceNextStep::sentence()
{
    QFETCH(Verdict, verdict);
    QFETCH(OperationStatus, status);
    QFETCH(QString, claimedBy);
    QFETCH(bool, readOnly);
    QFETCH(QString, expected);

    OperationSnapshot snapshot;
    snapshot.operation.operationId = QStringLiteral("op_1");
    snapshot.operation.status = status;
    snapshot.operation.claimedBy = claimedBy;
    snapshot.evidence.verdict = verdict;
    if (verdict == Verdict::Refunded || verdict == Verdict::Failed || verdict == Verdict::Pending)
        snapshot.evidence.namedRefundId = QStringLiteral("re_1");
    QCOMPARE(EvidenceNextStep::sentence(snapshot, QStringLiteral("alice"), readOnly), expected);
}

QTEST_GUILESS_MAIN(tst_EvidenceNextStep)
#include "tst_evidencenextstep.moc"
