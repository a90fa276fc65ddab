// The top of the operation panel: the badge says the state in a word or two (who checks
// it), and a refunded operation's long refund id goes to the facts, which wrap, so the
// panel never takes the queue's room for it.

#include "teststore.h"

#include "items/operationsnapshot.h"
#include "ui/console/panel/operationheader.h"

#include <QLabel>
#include <QtTest>

using namespace RefundDesk;
using namespace RefundDesk::Test;

class tst_OperationHeader : public QObject
{
    Q_OBJECT

private slots:
    void aRefundIdGoesToTheFacts();
    void aClaimIsInTheBadge();
};

namespace {

constexpr qint64 Now = 1'767'225'600'000;

OperationSnapshot snapshotOf(OperationStatus status)
{
    OperationSnapshot snapshot;
    snapshot.operation = TestStore::operation(QStringLiteral("op_1"), status, Now - 3'600'000);
    return snapshot;
}

} // namespace

void tst_OperationHeader::aRefundIdGoesToTheFacts()
{
    const QString refundId = QStringLiteral("re_qOUr8ZELImReMl5eA4R875Ua");
    OperationSnapshot snapshot = snapshotOf(OperationStatus::Refunded);
    snapshot.operation.refundId = refundId;
    OperationHeader header;
    header.showSnapshot(snapshot, Now);
    QCOMPARE(header.statusText(), QStringLiteral("REFUNDED"));
    const auto *facts = header.findChild<QLabel *>(QStringLiteral("operationFacts"));
    QVERIFY(facts);
    QVERIFY2(facts->text().startsWith(QStringLiteral("Refund %1 · Created").arg(refundId)),
             qPrintable(facts->text()));
    // The header asks for no more width than its title and a one-word badge.
    OperationHeader unknown;
    unknown.showSnapshot(snapshotOf(OperationStatus::Unknown), Now);
    QVERIFY2(header.minimumSizeHint().width() <= unknown.minimumSizeHint().width() + 20,
             qPrintable(QStringLiteral("%1 against %2")
                            .arg(header.minimumSizeHint().width())
                            .arg(unknown.minimumSizeHint().width())));
}

void tst_OperationHeader::aClaimIsInTheBadge()
{
    OperationSnapshot snapshot = snapshotOf(OperationStatus::Checking);
    snapshot.operation.claimedBy = QStringLiteral("bob");
    OperationHeader header;
    header.showSnapshot(snapshot, Now);
    QVERIFY2(header.statusText().startsWith(QStringLiteral("CHECKING — bob since")), qPrintable(header.statusText()));
}

QTEST_MAIN(tst_OperationHeader)
#include "tst_operationheader.moc"
