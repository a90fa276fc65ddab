// Schema versions 2 and 3 on SQLite: a version 1 store read and refused notes as before,
// the upgrade from version 1 or 2 to 3 (atomic, idempotent), each operation's payment
// read, and notes appended and never changed. The provider lookups: tst_notes_lookups.cpp.

#include "tst_notes.h"

void tst_Notes::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

QString tst_Notes::makeStore(const QString &name, int version)
{
    const QString path = m_dir->filePath(name);
    TestStore store(path);
    if (!store.addOperation(TestStore::operation(QStringLiteral("op_1")))
        || !store.addOperation(TestStore::operation(QStringLiteral("op_2"))))
        return {};
    if (version == 1 && !store.exec(Test::versionOneSqlite()))
        return {};
    if (version == 2 && !store.exec(Test::versionTwoSqlite()))
        return {};
    return path;
}

void tst_Notes::versionOneIsReadAndRefusesNotes()
{
    const QString path = makeStore(QStringLiteral("v1.sqlite"), 1);
    QVERIFY(!path.isEmpty());
    auto store = StoreFactory::open(path, Store::OpenMode::ReadWrite);
    QVERIFY2(store, qPrintable(store ? QString() : store.error().message));
    QCOMPARE((*store)->schemaVersion(), 1);
    QVERIFY((*store)->mayUpgradeSchema());
    auto reading = (*store)->operationReading(QStringLiteral("op_1"));
    QVERIFY(reading);
    QVERIFY(reading->operation);
    QVERIFY(reading->notes.empty());
    auto invariants = (*store)->checkInvariants();
    QVERIFY(invariants);
    QVERIFY2(invariants->empty(), qPrintable(invariants->empty() ? QString() : invariants->front().message));
    auto counts = (*store)->tableCounts();
    QVERIFY(counts);
    QCOMPARE(counts->notes, 0);

    auto note = (*store)->addNote(draftFor(QStringLiteral("op_1"), QStringLiteral("asked support")));
    QVERIFY(!note);
    QCOMPARE(note.error().exitCode(), 3);
    QVERIFY2(note.error().message.contains(QLatin1String("refund-desk upgrade --db")), qPrintable(note.error().message));
    auto lookup = (*store)->addProviderLookup(lookupFor(QStringLiteral("op_1")));
    QVERIFY(!lookup);
    QCOMPARE(lookup.error().exitCode(), 3);
}

void tst_Notes::upgradeIsIdempotentAndKeepsEverything_data()
{
    QTest::addColumn<int>("from");
    QTest::newRow("from version 1") << 1;
    QTest::newRow("from version 2") << 2;
}

void tst_Notes::upgradeIsIdempotentAndKeepsEverything()
{
    QFETCH(int, from);
    const QString path = makeStore(QStringLiteral("old.sqlite"), from);
    QVERIFY(!path.isEmpty());
    {
        auto store = StoreFactory::open(path, Store::OpenMode::ReadWrite);
        QVERIFY(store);
        QCOMPARE((*store)->schemaVersion(), from);
        QVERIFY((*store)->mayUpgradeSchema());
        // Read as before, with no payment.
        auto old = (*store)->operation(QStringLiteral("op_1"));
        QVERIFY2(old, qPrintable(old ? QString() : old.error().message));
        QVERIFY(*old && (*old)->paymentId.isNull());
        auto before = (*store)->upgradeSchema();
        QVERIFY2(before, qPrintable(before ? QString() : before.error().message));
        QCOMPARE(*before, from);
        QCOMPARE((*store)->schemaVersion(), 3);
        // The same connection writes notes at once, and reads the new column.
        auto note = (*store)->addNote(draftFor(QStringLiteral("op_1"), QStringLiteral("asked support")));
        QVERIFY2(note, qPrintable(note ? QString() : note.error().message));
        auto operation = (*store)->operation(QStringLiteral("op_1"));
        QVERIFY2(operation, qPrintable(operation ? QString() : operation.error().message));
        QVERIFY(*operation && (*operation)->paymentId.isNull());
        auto again = (*store)->upgradeSchema();
        QVERIFY(again);
        QCOMPARE(*again, 3);
    }
    auto reopened = StoreFactory::open(path, Store::OpenMode::ReadWrite);
    QVERIFY(reopened);
    QCOMPARE((*reopened)->schemaVersion(), 3);
    auto invariants = (*reopened)->checkInvariants();
    QVERIFY(invariants);
    QVERIFY2(invariants->empty(), qPrintable(invariants->empty() ? QString() : invariants->front().message));
    auto notes = (*reopened)->notes(QStringLiteral("op_1"));
    QVERIFY(notes);
    QCOMPARE(notes->size(), size_t(1));
    // Decisions go on as before.
    auto operation = (*reopened)->operation(QStringLiteral("op_1"));
    QVERIFY(operation && *operation);
    ResolutionDraft decision;
    decision.operationId = QStringLiteral("op_1");
    decision.outcome = Outcome::Failed;
    decision.evidence = QStringLiteral("dashboard");
    decision.operatorName = QStringLiteral("alice");
    QVERIFY((*reopened)->recordResolution(decision, SeenState::of(**operation)));
    // The upgraded store has what a new one has, no more and no less.
    TestStore fresh(m_dir->filePath(QStringLiteral("fresh.sqlite")));
    TestStore upgraded(m_dir->filePath(QStringLiteral("unused.sqlite")));
    const QString objects = QStringLiteral("SELECT group_concat(type || ':' || name, ',') FROM "
                                           "(SELECT type, name FROM sqlite_schema ORDER BY type, name)");
    QVERIFY(upgraded.exec(QStringLiteral("ATTACH '%1' AS up").arg(path)));
    QCOMPARE(upgraded.queryText(QStringLiteral("SELECT group_concat(type || ':' || name, ',') FROM "
                                               "(SELECT type, name FROM up.sqlite_schema ORDER BY type, name)")),
             fresh.queryText(objects));
}

void tst_Notes::paymentIsReadWhereTheOperationIs()
{
    const QString path = makeStore(QStringLiteral("v3.sqlite"));
    QVERIFY(!path.isEmpty());
    {
        TestStore raw(m_dir->filePath(QStringLiteral("raw.sqlite")));
        QVERIFY(raw.exec(QStringLiteral("ATTACH '%1' AS s").arg(path)));
        QVERIFY2(raw.exec(QStringLiteral("UPDATE s.refund_ops SET payment_id = 'pi_1' WHERE operation_id = 'op_1'")),
                 qPrintable(raw.lastError()));
    }
    auto store = StoreFactory::open(path, Store::OpenMode::ReadWrite);
    QVERIFY(store);
    auto one = (*store)->operation(QStringLiteral("op_1"));
    QVERIFY(one && *one);
    QCOMPARE((*one)->paymentId, QStringLiteral("pi_1"));
    auto reading = (*store)->operationReading(QStringLiteral("op_1"));
    QVERIFY(reading && reading->operation);
    QCOMPARE(reading->operation->paymentId, QStringLiteral("pi_1"));
    auto order = (*store)->orderOperations((*one)->orderId);
    QVERIFY(order);
    QVERIFY(!order->empty());
    for (const Operation &operation : *order)
        QCOMPARE(operation.paymentId, operation.operationId == QLatin1String("op_1") ? QStringLiteral("pi_1") : QString());
    auto page = (*store)->operationsAfter(std::nullopt, 10);
    QVERIFY(page);
    QCOMPARE(page->size(), size_t(2));
    QCOMPARE(page->at(0).paymentId, QStringLiteral("pi_1"));
    QVERIFY(page->at(1).paymentId.isNull());
    // A decision keeps it.
    ResolutionDraft decision;
    decision.operationId = QStringLiteral("op_1");
    decision.outcome = Outcome::Failed;
    decision.evidence = QStringLiteral("dashboard");
    decision.operatorName = QStringLiteral("alice");
    QVERIFY((*store)->recordResolution(decision, SeenState::of(**one)));
    auto decided = (*store)->operation(QStringLiteral("op_1"));
    QVERIFY(decided && *decided);
    QCOMPARE((*decided)->status, OperationStatus::Failed);
    QCOMPARE((*decided)->paymentId, QStringLiteral("pi_1"));
}

void tst_Notes::failedUpgradeLeavesVersionOne()
{
    const QString path = makeStore(QStringLiteral("v1.sqlite"), 1);
    QVERIFY(!path.isEmpty());
    {
        // An index of that name elsewhere makes the upgrade fail after its first table.
        TestStore raw(m_dir->filePath(QStringLiteral("other.sqlite")));
        QVERIFY(raw.exec(QStringLiteral("ATTACH '%1' AS v1").arg(path)));
        QVERIFY(raw.exec(QStringLiteral("CREATE INDEX v1.operation_notes_operation ON refund_ops(order_id)")));
    }
    auto store = StoreFactory::open(path, Store::OpenMode::ReadWrite);
    QVERIFY(store);
    auto upgraded = (*store)->upgradeSchema();
    QVERIFY(!upgraded);
    QCOMPARE(upgraded.error().exitCode(), 3);
    QVERIFY2(upgraded.error().message.contains(QLatin1String("still version 1")), qPrintable(upgraded.error().message));
    QCOMPARE((*store)->schemaVersion(), 1);
    store->reset();

    TestStore check(m_dir->filePath(QStringLiteral("check.sqlite")));
    QVERIFY(check.exec(QStringLiteral("ATTACH '%1' AS v1").arg(path)));
    QCOMPARE(check.queryInt(QStringLiteral("PRAGMA v1.user_version")), 1);
    QCOMPARE(check.queryInt(QStringLiteral("SELECT count(*) FROM pragma_table_info('refund_ops', 'v1') "
                                           "WHERE name = 'payment_id'")),
             0);
    QCOMPARE(check.queryInt(QStringLiteral("SELECT count(*) FROM v1.sqlite_schema WHERE name IN "
                                           "('operation_notes', 'provider_lookups')")),
             0);
    auto reopened = StoreFactory::open(path, Store::OpenMode::ReadOnly);
    QVERIFY(reopened);
    QCOMPARE((*reopened)->schemaVersion(), 1);
}

void tst_Notes::earlyVersionTwoGetsItsIndexesBack()
{
    // A version 2 store made before the follow-up index joined version 2.
    const QString path = makeStore(QStringLiteral("early.sqlite"), 2);
    QVERIFY(!path.isEmpty());
    // The indexes of Refund Desk's own part, as the schema text creates them; none in the
    // refund tool's version 1 part.
    QFile schema(QStringLiteral(":/refunddesk/schema.sql"));
    QVERIFY(schema.open(QIODevice::ReadOnly));
    const QByteArray text = schema.readAll();
    QVERIFY(Internal::schemaIndexes(text, 1).empty());
    QStringList names;
    for (const Internal::SchemaIndex &index : Internal::schemaIndexes(text, 2)) {
        names << index.name;
        QVERIFY2(index.statement.startsWith("CREATE INDEX IF NOT EXISTS " + index.name.toLatin1() + " ON "),
                 index.statement.constData());
    }
    QCOMPARE(names, (QStringList{"operation_notes_operation", "operation_notes_follow_up", "provider_lookups_operation"}));

    TestStore raw(m_dir->filePath(QStringLiteral("raw.sqlite")));
    QVERIFY(raw.exec(QStringLiteral("ATTACH '%1' AS early").arg(path)));
    QVERIFY(raw.exec(QStringLiteral("DROP INDEX early.operation_notes_follow_up")));
    const QString present = QStringLiteral("SELECT count(*) FROM early.sqlite_schema WHERE type = 'index' AND "
                                           "name = 'operation_notes_follow_up'");
    QCOMPARE(raw.queryInt(present), 0);
    {
        auto readOnly = StoreFactory::open(path, Store::OpenMode::ReadOnly);
        QVERIFY(readOnly);
        auto missing = (*readOnly)->missingIndexes();
        QVERIFY2(missing, qPrintable(missing ? QString() : missing.error().message));
        QCOMPARE(*missing, QStringList{"operation_notes_follow_up"});
        auto refused = (*readOnly)->addMissingIndexes();
        QVERIFY(!refused);
        QCOMPARE(refused.error().exitCode(), 3);
    }
    auto store = StoreFactory::open(path, Store::OpenMode::ReadWrite);
    QVERIFY(store);
    auto added = (*store)->addMissingIndexes();
    QVERIFY2(added, qPrintable(added ? QString() : added.error().message));
    QCOMPARE(*added, QStringList{"operation_notes_follow_up"});
    auto none = (*store)->missingIndexes();
    QVERIFY(none);
    QVERIFY(none->isEmpty());
    auto again = (*store)->addMissingIndexes();
    QVERIFY(again);
    QVERIFY(again->isEmpty());
    QCOMPARE(raw.queryInt(present), 1);
    // Partial, as the schema makes it.
    const QString sql = raw.queryText(QStringLiteral("SELECT sql FROM early.sqlite_schema WHERE name = 'operation_notes_follow_up'"));
    QVERIFY2(sql.simplified().endsWith(QLatin1String("ON operation_notes(follow_up_on, operation_id) WHERE follow_up_on IS NOT NULL")),
             qPrintable(sql));
    auto invariants = (*store)->checkInvariants();
    QVERIFY(invariants);
    QVERIFY(invariants->empty());
}

void tst_Notes::notesAreKeptInOrderAndNeverChange()
{
    const QString path = makeStore(QStringLiteral("v3.sqlite"));
    QVERIFY(!path.isEmpty());
    auto store = StoreFactory::open(path, Store::OpenMode::ReadWrite);
    QVERIFY(store);
    QCOMPARE((*store)->schemaVersion(), 3);
    const QDate followUp(2031, 3, 14);
    auto first = (*store)->addNote(draftFor(QStringLiteral("op_2"), QStringLiteral("  Asked Stripe support, case 12345\n"
                                                                                  "they answer within two days  "),
                                            followUp));
    QVERIFY2(first, qPrintable(first ? QString() : first.error().message));
    QCOMPARE(first->text, QStringLiteral("Asked Stripe support, case 12345\nthey answer within two days"));
    QCOMPARE(first->firstLine(), QStringLiteral("Asked Stripe support, case 12345"));
    QVERIFY(first->recordedAt > 0);
    QVERIFY((*store)->addNote(draftFor(QStringLiteral("op_1"), QStringLiteral("customer asked"))));
    QVERIFY((*store)->addNote(draftFor(QStringLiteral("op_2"), QStringLiteral("still nothing"))));

    auto notes = (*store)->notesOf({QStringLiteral("op_2"), QStringLiteral("op_1")});
    QVERIFY(notes);
    QStringList order;
    for (const OperationNote &note : *notes)
        order << QStringLiteral("%1#%2").arg(note.operationId).arg(note.noteId);
    QCOMPARE(order, QStringList({"op_2#1", "op_2#3", "op_1#2"}));
    QCOMPARE(notes->front().followUpOn, followUp);
    QVERIFY(!notes->back().followUpOn.isValid());

    TestStore raw(m_dir->filePath(QStringLiteral("raw.sqlite")));
    QVERIFY(raw.exec(QStringLiteral("ATTACH '%1' AS s").arg(path)));
    QCOMPARE(raw.queryText(QStringLiteral("SELECT follow_up_on FROM s.operation_notes WHERE note_id = 1")),
             QStringLiteral("2031-03-14"));
    QVERIFY(!raw.exec(QStringLiteral("UPDATE s.operation_notes SET text = 'rewritten' WHERE note_id = 1")));
    QVERIFY(raw.lastError().contains(QLatin1String("append-only")));
    QVERIFY(!raw.exec(QStringLiteral("DELETE FROM s.operation_notes")));
    QVERIFY(!raw.exec(QStringLiteral("INSERT INTO s.operation_notes (operation_id, text, follow_up_on, operator, "
                                     "recorded_at) VALUES ('op_1', 'x', '2031-02-30', 'bob', 1)")));
    QCOMPARE(raw.queryInt(QStringLiteral("SELECT count(*) FROM s.operation_notes")), 3);

    // verify notices a note's guard gone.
    QVERIFY(raw.exec(QStringLiteral("DROP TRIGGER s.operation_notes_no_delete")));
    auto broken = (*store)->checkInvariants();
    QVERIFY(broken);
    QCOMPARE(broken->size(), size_t(1));
    QVERIFY2(broken->front().message.contains(QLatin1String("a note could be edited or deleted")),
             qPrintable(broken->front().message));
}

void tst_Notes::badNotesAreRefused()
{
    const QString path = makeStore(QStringLiteral("v3.sqlite"));
    QVERIFY(!path.isEmpty());
    auto store = StoreFactory::open(path, Store::OpenMode::ReadWrite);
    QVERIFY(store);
    auto empty = (*store)->addNote(draftFor(QStringLiteral("op_1"), QStringLiteral("  \n ")));
    QVERIFY(!empty);
    QCOMPARE(empty.error().kind, ErrorKind::Refused);
    NoteDraft nobody = draftFor(QStringLiteral("op_1"), QStringLiteral("text"));
    nobody.operatorName.clear();
    QVERIFY(!(*store)->addNote(nobody));
    auto missing = (*store)->addNote(draftFor(QStringLiteral("op_404"), QStringLiteral("text")));
    QVERIFY(!missing);
    QCOMPARE(missing.error().kind, ErrorKind::Usage);
    QVERIFY(missing.error().message.contains(QLatin1String("op_404")));
    auto notes = (*store)->notesAfter(0, 10);
    QVERIFY(notes);
    QVERIFY(notes->empty());
}

QTEST_GUILESS_MAIN(tst_Notes)
