// The store's writes on SQLite: claims and take-overs, conflicts that name the winner,
// snapshots, resolutions that are atomic, chained and made once, and a read-only store.

#include "tst_store.h"

void tst_Store::claimReleaseAndTakeOver()
{
    auto store = openStore();
    QVERIFY(store);
    auto op = store->operation(QStringLiteral("op_1"));
    QVERIFY(op && op->has_value());
    auto claimed = store->claim(QStringLiteral("op_1"), SeenState::of(**op), QStringLiteral("ann"), false);
    QVERIFY2(claimed, qPrintable(claimed ? QString() : claimed.error().message));
    QCOMPARE(claimed->status, OperationStatus::Checking);
    QCOMPARE(claimed->claimedBy, QStringLiteral("ann"));
    QCOMPARE(claimed->version, (*op)->version + 1);
    QCOMPARE(m_store->queryText(QStringLiteral("SELECT status || ':' || claimed_by FROM refund_ops WHERE operation_id = 'op_1'")),
             QStringLiteral("checking:ann"));

    // Claiming one's own claim again changes nothing.
    auto again = store->claim(QStringLiteral("op_1"), SeenState::of(*claimed), QStringLiteral("ann"), false);
    QVERIFY(again);
    QCOMPARE(again->version, claimed->version);

    // Someone else must take it over explicitly.
    auto refused = store->claim(QStringLiteral("op_1"), SeenState::of(*claimed), QStringLiteral("carl"), false);
    QVERIFY(!refused);
    QCOMPARE(refused.error().kind, ErrorKind::Conflict);
    QVERIFY(refused.error().message.contains(QStringLiteral("ann")));
    auto taken = store->claim(QStringLiteral("op_1"), SeenState::of(*claimed), QStringLiteral("carl"), true);
    QVERIFY(taken);
    QCOMPARE(taken->claimedBy, QStringLiteral("carl"));

    // Only the claimant releases.
    auto notYours = store->release(QStringLiteral("op_1"), SeenState::of(*taken), QStringLiteral("ann"));
    QVERIFY(!notYours);
    QCOMPARE(notYours.error().kind, ErrorKind::Conflict);
    auto released = store->release(QStringLiteral("op_1"), SeenState::of(*taken), QStringLiteral("carl"));
    QVERIFY(released);
    QCOMPARE(released->status, OperationStatus::Unknown);
    QVERIFY(released->claimedBy.isNull());
    QCOMPARE(m_store->queryInt(QStringLiteral("SELECT claimed_by IS NULL AND claimed_at IS NULL FROM refund_ops "
                                              "WHERE operation_id = 'op_1'")), 1);
}

void tst_Store::secondClaimConflictsAndNamesTheWinner()
{
    auto first = openStore();
    auto second = openStore();
    QVERIFY(first && second);
    auto seenByFirst = first->operation(QStringLiteral("op_1"));
    auto seenBySecond = second->operation(QStringLiteral("op_1"));
    QVERIFY(seenByFirst && seenBySecond);
    QVERIFY(first->claim(QStringLiteral("op_1"), SeenState::of(**seenByFirst), QStringLiteral("ann"), false));
    auto lost = second->claim(QStringLiteral("op_1"), SeenState::of(**seenBySecond), QStringLiteral("bob"), false);
    QVERIFY(!lost);
    QCOMPARE(lost.error().kind, ErrorKind::Conflict);
    QCOMPARE(lost.error().exitCode(), 4);
    QVERIFY2(lost.error().message.contains(QStringLiteral("ann")), qPrintable(lost.error().message));
    QCOMPARE(m_store->queryText(QStringLiteral("SELECT claimed_by FROM refund_ops WHERE operation_id = 'op_1'")),
             QStringLiteral("ann"));
}

void tst_Store::snapshotSeesOneMomentAndRefusesWrites()
{
    auto reader = openStore();
    auto writer = openStore();
    QVERIFY(reader && writer);
    auto seen = writer->operation(QStringLiteral("op_1"));
    QVERIFY(seen && seen->has_value());
    {
        const ReadSnapshot snapshot(*reader);
        QVERIFY(!snapshot.error());
        auto before = reader->operation(QStringLiteral("op_1"));
        QVERIFY(before && before->has_value());
        QVERIFY((*before)->claimedBy.isNull());
        // Another connection's claim lands while the snapshot is open...
        QVERIFY(writer->claim(QStringLiteral("op_1"), SeenState::of(**seen), QStringLiteral("ann"), false));
        {
            const ReadSnapshot nested(*reader);
            QVERIFY(!nested.error());
        }
        // ...and stays out of it, also after a nested snapshot ended.
        auto during = reader->operation(QStringLiteral("op_1"));
        QVERIFY(during && during->has_value());
        QVERIFY((*during)->claimedBy.isNull());
        // The snapshot's own connection may not write: its view is not the store's.
        auto op3 = reader->operation(QStringLiteral("op_3"));
        QVERIFY(op3 && op3->has_value());
        auto refused = reader->claim(QStringLiteral("op_3"), SeenState::of(**op3), QStringLiteral("bob"), false);
        QVERIFY(!refused);
        QVERIFY2(refused.error().message.contains(QStringLiteral("read snapshot")), qPrintable(refused.error().message));
        QCOMPARE(m_store->queryInt(QStringLiteral("SELECT count(*) FROM refund_ops WHERE claimed_by = 'bob'")), 1);
    }
    auto after = reader->operation(QStringLiteral("op_1"));
    QVERIFY(after && after->has_value());
    QCOMPARE((*after)->claimedBy, QStringLiteral("ann"));
    auto op3 = reader->operation(QStringLiteral("op_3"));
    QVERIFY(op3 && op3->has_value());
    QVERIFY(reader->claim(QStringLiteral("op_3"), SeenState::of(**op3), QStringLiteral("bob"), false));
}

void tst_Store::resolutionIsAtomicAndChained()
{
    auto store = openStore();
    QVERIFY(store);
    for (const QString &id : {QStringLiteral("op_1"), QStringLiteral("op_3")}) {
        auto op = store->operation(id);
        QVERIFY(op && op->has_value());
        ResolutionDraft draft;
        draft.operationId = id;
        draft.outcome = id == QLatin1String("op_1") ? Outcome::Refunded : Outcome::Failed;
        draft.refundId = id == QLatin1String("op_1") ? QStringLiteral("re_1") : QString();
        draft.evidence = QStringLiteral("dashboard");
        // Pasted from a file: a byte order mark first, which reading back must keep.
        draft.note = id == QLatin1String("op_3") ? QStringLiteral("\uFEFFas the bank wrote") : QString();
        draft.operatorName = QStringLiteral("ann");
        auto recorded = store->recordResolution(draft, SeenState::of(**op));
        QVERIFY2(recorded, qPrintable(recorded ? QString() : recorded.error().message));
        QCOMPARE(recorded->previousStatus, OperationStatus::Unknown);
    }
    QCOMPARE(m_store->queryText(QStringLiteral("SELECT status || ':' || refund_id FROM refund_ops WHERE operation_id = 'op_1'")),
             QStringLiteral("refunded:re_1"));
    QCOMPARE(m_store->queryText(QStringLiteral("SELECT status FROM refund_ops WHERE operation_id = 'op_3'")),
             QStringLiteral("failed"));
    QCOMPARE(m_store->queryInt(QStringLiteral("SELECT refund_id IS NULL FROM refund_ops WHERE operation_id = 'op_3'")), 1);

    auto log = store->resolutionsAfter(0, 10);
    QVERIFY(log);
    QCOMPARE(log->size(), size_t(2));
    QCOMPARE(log->at(0).prevHash, AuditChain::genesisHash());
    QCOMPARE(log->at(1).prevHash, log->at(0).hash);
    ChainVerifier verifier;
    for (const Resolution &r : *log)
        QVERIFY(verifier.add(r));
    auto perOperation = store->resolutions(QStringLiteral("op_3"));
    QVERIFY(perOperation);
    QCOMPARE(perOperation->size(), size_t(1));
    QCOMPARE(perOperation->front().outcome, Outcome::Failed);
    QCOMPARE(perOperation->front().note, QStringLiteral("\uFEFFas the bank wrote"));
}

void tst_Store::secondResolutionConflicts()
{
    auto first = openStore();
    auto second = openStore();
    QVERIFY(first && second);
    auto seen = first->operation(QStringLiteral("op_1"));
    QVERIFY(seen && seen->has_value());
    ResolutionDraft draft;
    draft.operationId = QStringLiteral("op_1");
    draft.outcome = Outcome::Failed;
    draft.evidence = QStringLiteral("dashboard");
    draft.operatorName = QStringLiteral("ann");
    QVERIFY(first->recordResolution(draft, SeenState::of(**seen)));
    draft.operatorName = QStringLiteral("bob");
    draft.outcome = Outcome::Refunded;
    draft.refundId = QStringLiteral("re_9");
    auto lost = second->recordResolution(draft, SeenState::of(**seen));
    QVERIFY(!lost);
    QCOMPARE(lost.error().exitCode(), 4);
    QVERIFY2(lost.error().message.contains(QStringLiteral("ann")), qPrintable(lost.error().message));
    QCOMPARE(m_store->queryInt(QStringLiteral("SELECT count(*) FROM resolutions")), 1);
    QCOMPARE(m_store->queryText(QStringLiteral("SELECT status FROM refund_ops WHERE operation_id = 'op_1'")),
             QStringLiteral("failed"));
}

void tst_Store::resolutionOfSomeoneElsesClaimConflicts()
{
    auto store = openStore();
    QVERIFY(store);
    auto op = store->operation(QStringLiteral("op_2")); // claimed by bob
    QVERIFY(op && op->has_value());
    ResolutionDraft draft;
    draft.operationId = QStringLiteral("op_2");
    draft.outcome = Outcome::Failed;
    draft.evidence = QStringLiteral("dashboard");
    draft.operatorName = QStringLiteral("ann");
    auto refused = store->recordResolution(draft, SeenState::of(**op));
    QVERIFY(!refused);
    QCOMPARE(refused.error().kind, ErrorKind::Conflict);
    QVERIFY(refused.error().message.contains(QStringLiteral("bob")));
    draft.operatorName = QStringLiteral("bob");
    QVERIFY(store->recordResolution(draft, SeenState::of(**op)));
}

void tst_Store::readOnlyStoreRefusesWrites()
{
    auto store = openStore(Store::OpenMode::ReadOnly);
    QVERIFY(store);
    QVERIFY(store->isReadOnly());
    auto op = store->operation(QStringLiteral("op_1"));
    QVERIFY(op && op->has_value());
    auto claimed = store->claim(QStringLiteral("op_1"), SeenState::of(**op), QStringLiteral("ann"), false);
    QVERIFY(!claimed);
    QCOMPARE(claimed.error().exitCode(), 3);
    QVERIFY(claimed.error().message.contains(QStringLiteral("read-only")));
    QCOMPARE(m_store->queryText(QStringLiteral("SELECT status FROM refund_ops WHERE operation_id = 'op_1'")),
             QStringLiteral("unknown"));
}
