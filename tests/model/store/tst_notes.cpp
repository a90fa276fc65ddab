// Schema versions 2 and 3 on SQLite: a version 1 store read and refused notes as before,
// the upgrade from version 1 or 2 to 3 (atomic, idempotent), notes and provider lookups
// appended and never changed, each operation's payment read, and a copy that carries them.
// Version 3 keeps each response body once (provider_bodies), named by the lookups that rest
// on it; a version 2 store keeps them inside its lookups, as before.

#include "teststore.h"
#include "versiononestore.h"

#include "audit/auditverifier.h"
#include "domain/lookupbodies.h"
#include "store/schemaversion.h"
#include "store/store.h"
#include "store/storebuilder.h"
#include "store/storecopier.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace RefundDesk;
using RefundDesk::Test::TestStore;

namespace {

NoteDraft draftFor(const QString &operationId, const QString &text, const QDate &followUp = {})
{
    NoteDraft draft;
    draft.operationId = operationId;
    draft.text = text;
    draft.followUpOn = followUp;
    draft.operatorName = QStringLiteral("alice");
    return draft;
}

ProviderLookupDraft lookupFor(const QString &operationId)
{
    ProviderLookupDraft draft;
    draft.operationId = operationId;
    draft.operatorName = QStringLiteral("alice");
    draft.windowFrom = 1'700'000'000'000;
    draft.windowTo = 1'700'000'600'000;
    draft.requests = QStringLiteral(R"([{"method":"GET","path":"/v1/refunds","status":200}])");
    draft.result = QStringLiteral(R"({"complete":true,"refunds":[]})");
    draft.responseSha256 = QString(64, u'a');
    return draft;
}

// What a Stripe client hands over for one operation that read `pages` (their bodies).
ProviderLookupDraft answeredFor(const QString &operationId, const QList<QByteArray> &pages)
{
    ProviderLookupDraft draft = lookupFor(operationId);
    QJsonArray requests;
    for (const QByteArray &page : pages) {
        draft.bodies.push_back(LookupBodies::bodyOf(page));
        requests.append(LookupBodies::request(QStringLiteral("/v1/refunds?limit=100"), 200, QStringLiteral("req_1"),
                                              draft.bodies.back()));
    }
    draft.requests = QString::fromUtf8(QJsonDocument(requests).toJson(QJsonDocument::Compact));
    draft.responseSha256 = LookupBodies::digest(draft.bodies);
    return draft;
}

QByteArray pageOf(const QString &refundId)
{
    return QStringLiteral(R"({"object":"list","data":[{"id":"%1","object":"refund","status":"succeeded"}],"has_more":false})")
        .arg(refundId)
        .toUtf8();
}

} // namespace

class tst_Notes : public QObject
{
    Q_OBJECT

private slots:
    void init();

    void versionOneIsReadAndRefusesNotes();
    void upgradeIsIdempotentAndKeepsEverything_data();
    void upgradeIsIdempotentAndKeepsEverything();
    void paymentIsReadWhereTheOperationIs();
    void failedUpgradeLeavesVersionOne();
    void earlyVersionTwoGetsItsIndexesBack();
    void notesAreKeptInOrderAndNeverChange();
    void badNotesAreRefused();
    void lookupsAreKeptAndNeverChange();
    void copyCarriesNotesAndLookups();
    void bodiesAreKeptOnceAndNamed();
    void verifyChecksEachBodyAndWhatLookupsName();
    void versionTwoKeepsBodiesInsideItsLookups();

private:
    // A store with op_1 and op_2 (both unknown) at schema `version`.
    QString makeStore(const QString &name, int version = 3);

    std::unique_ptr<QTemporaryDir> m_dir;
};

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

void tst_Notes::lookupsAreKeptAndNeverChange()
{
    const QString path = makeStore(QStringLiteral("v3.sqlite"));
    QVERIFY(!path.isEmpty());
    auto store = StoreFactory::open(path, Store::OpenMode::ReadWrite);
    QVERIFY(store);
    ProviderLookupDraft byId = lookupFor(QStringLiteral("op_1"));
    byId.windowFrom.reset();
    byId.windowTo.reset();
    auto first = (*store)->addProviderLookup(lookupFor(QStringLiteral("op_1")));
    QVERIFY2(first, qPrintable(first ? QString() : first.error().message));
    auto second = (*store)->addProviderLookup(byId);
    QVERIFY(second);
    auto lookups = (*store)->providerLookups(QStringLiteral("op_1"));
    QVERIFY(lookups);
    QCOMPARE(lookups->size(), size_t(2));
    const ProviderLookup &kept = lookups->front();
    QCOMPARE(kept.lookupId, first->lookupId);
    QCOMPARE(kept.provider, QStringLiteral("stripe"));
    QCOMPARE(kept.windowFrom, std::optional<qint64>(1'700'000'000'000));
    QCOMPARE(kept.requests, lookupFor(QStringLiteral("op_1")).requests);
    QCOMPARE(kept.result, lookupFor(QStringLiteral("op_1")).result);
    QCOMPARE(kept.responseSha256, QString(64, u'a'));
    QVERIFY(!lookups->back().windowFrom);
    auto reading = (*store)->operationReading(QStringLiteral("op_1"));
    QVERIFY(reading);
    QCOMPARE(reading->lookups.size(), size_t(2));

    TestStore raw(m_dir->filePath(QStringLiteral("raw.sqlite")));
    QVERIFY(raw.exec(QStringLiteral("ATTACH '%1' AS s").arg(path)));
    QVERIFY(!raw.exec(QStringLiteral("UPDATE s.provider_lookups SET result = '{}'")));
    QVERIFY(!raw.exec(QStringLiteral("DELETE FROM s.provider_lookups")));
    QCOMPARE(raw.queryInt(QStringLiteral("SELECT count(*) FROM s.provider_lookups")), 2);
}

void tst_Notes::copyCarriesNotesAndLookups()
{
    const QString path = makeStore(QStringLiteral("v3.sqlite"));
    QVERIFY(!path.isEmpty());
    {
        auto store = StoreFactory::open(path, Store::OpenMode::ReadWrite);
        QVERIFY(store);
        QVERIFY((*store)->addNote(draftFor(QStringLiteral("op_1"), QStringLiteral("one"), QDate(2031, 1, 2))));
        QVERIFY((*store)->addNote(draftFor(QStringLiteral("op_2"), QStringLiteral("two"))));
        QVERIFY((*store)->addProviderLookup(lookupFor(QStringLiteral("op_2"))));
        QVERIFY((*store)->addProviderLookups({answeredFor(QStringLiteral("op_1"), {pageOf(QStringLiteral("re_1"))}),
                                              answeredFor(QStringLiteral("op_2"), {pageOf(QStringLiteral("re_1")),
                                                                                    pageOf(QStringLiteral("re_2"))})}));
    }
    {
        TestStore raw(m_dir->filePath(QStringLiteral("raw.sqlite")));
        QVERIFY(raw.exec(QStringLiteral("ATTACH '%1' AS s").arg(path)));
        QVERIFY(raw.exec(QStringLiteral("UPDATE s.refund_ops SET payment_id = 'pi_2' WHERE operation_id = 'op_2'")));
    }
    const QString copyPath = m_dir->filePath(QStringLiteral("copy.sqlite"));
    {
        auto source = StoreFactory::open(path, Store::OpenMode::ReadOnly);
        QVERIFY(source);
        auto builder = StoreBuilder::createNew(copyPath);
        QVERIFY(builder);
        StoreCopier copier(**source, **builder);
        copier.setPageSize(1); // every table over more than one page
        auto copied = copier.copy();
        QVERIFY2(copied, qPrintable(copied ? QString() : copied.error().message));
        QCOMPARE(copied->notes, 2);
        QCOMPARE(copied->lookups, 3);
        QCOMPARE(copied->bodies, 2);
        QVERIFY((*builder)->finish());
    }
    auto copy = StoreFactory::open(copyPath, Store::OpenMode::ReadWrite);
    QVERIFY(copy);
    QCOMPARE((*copy)->schemaVersion(), 3);
    auto paid = (*copy)->operation(QStringLiteral("op_2"));
    QVERIFY(paid && *paid);
    QCOMPARE((*paid)->paymentId, QStringLiteral("pi_2"));
    auto notes = (*copy)->notesAfter(0, 10);
    QVERIFY(notes);
    QCOMPARE(notes->size(), size_t(2));
    QCOMPARE(notes->front().text, QStringLiteral("one"));
    QCOMPARE(notes->front().followUpOn, QDate(2031, 1, 2));
    QCOMPARE(notes->front().operatorName, QStringLiteral("alice"));
    auto lookups = (*copy)->providerLookupsAfter(0, 10);
    QVERIFY(lookups);
    QCOMPARE(lookups->size(), size_t(3));
    QCOMPARE(lookups->front().operationId, QStringLiteral("op_2"));
    // The bodies came along, and the lookups that name them read them in the copy.
    QVERIFY((*copy)->readBodiesInto(*lookups));
    QCOMPARE(lookups->back().bodies.size(), size_t(2));
    QCOMPARE(lookups->back().bodies.back().text, pageOf(QStringLiteral("re_2")));
    AuditVerifier verifier(**copy);
    auto report = verifier.run();
    QVERIFY(report);
    QVERIFY2(report->intact(), qPrintable(report->violations.empty() ? QString() : report->violations.front().message));
    // The next note follows the copied ones.
    auto next = (*copy)->addNote(draftFor(QStringLiteral("op_1"), QStringLiteral("three")));
    QVERIFY(next);
    QCOMPARE(next->noteId, 3);
}

void tst_Notes::bodiesAreKeptOnceAndNamed()
{
    const QString path = makeStore(QStringLiteral("v3.sqlite"));
    QVERIFY(!path.isEmpty());
    auto store = StoreFactory::open(path, Store::OpenMode::ReadWrite);
    QVERIFY(store);
    // Two operations that one listing page covered, and one that read a second page too.
    const QByteArray shared = pageOf(QStringLiteral("re_shared"));
    const QByteArray own = pageOf(QStringLiteral("re_own"));
    auto kept = (*store)->addProviderLookups({answeredFor(QStringLiteral("op_1"), {shared}),
                                              answeredFor(QStringLiteral("op_2"), {shared, own})});
    QVERIFY2(kept, qPrintable(kept ? QString() : kept.error().message));
    QCOMPARE(kept->size(), size_t(2));
    QCOMPARE(kept->at(1).operationId, QStringLiteral("op_2"));
    // Asked again later: the page Stripe sent again is not kept twice.
    QVERIFY((*store)->addProviderLookup(answeredFor(QStringLiteral("op_1"), {shared})));

    TestStore raw(m_dir->filePath(QStringLiteral("raw.sqlite")));
    QVERIFY(raw.exec(QStringLiteral("ATTACH '%1' AS s").arg(path)));
    QCOMPARE(raw.queryInt(QStringLiteral("SELECT count(*) FROM s.provider_bodies")), 2);
    QCOMPARE(raw.queryInt(QStringLiteral("SELECT count(*) FROM s.provider_lookups")), 3);
    QCOMPARE(raw.queryInt(QStringLiteral("SELECT count(*) FROM s.provider_lookups WHERE requests LIKE '%re_shared%'")), 0);
    QCOMPARE(raw.queryText(QStringLiteral("SELECT body FROM s.provider_bodies WHERE body_sha256 = '%1'")
                               .arg(LookupBodies::addressOf(shared))),
             QString::fromUtf8(shared));

    auto lookups = (*store)->providerLookups(QStringLiteral("op_2"));
    QVERIFY(lookups);
    QCOMPARE(lookups->size(), size_t(1));
    QVERIFY(lookups->front().bodies.empty()); // read only where asked for
    QCOMPARE(lookups->front().responseSha256,
             LookupBodies::digest(QStringList{LookupBodies::addressOf(shared), LookupBodies::addressOf(own)}));
    QCOMPARE(LookupBodies::sha256Of(lookups->front()), lookups->front().responseSha256);
    QVERIFY((*store)->readBodiesInto(*lookups));
    QCOMPARE(lookups->front().bodies.size(), size_t(2));
    QCOMPARE(lookups->front().bodies.front().text, shared);
    QCOMPARE(lookups->front().bodies.back().text, own);
    // Read with its bodies in place, the lookup is what Stripe answered.
    const QJsonArray requests = QJsonDocument::fromJson(LookupBodies::requestsWithBodies(lookups->front()).toUtf8()).array();
    QCOMPARE(requests.size(), 2);
    QCOMPARE(requests.at(1).toObject().value(QLatin1String("body")).toString(), QString::fromUtf8(own));

    // Append-only.
    QVERIFY(!raw.exec(QStringLiteral("UPDATE s.provider_bodies SET body = '{}'")));
    QVERIFY(!raw.exec(QStringLiteral("DELETE FROM s.provider_bodies")));
    QCOMPARE(raw.queryInt(QStringLiteral("SELECT count(*) FROM s.provider_bodies")), 2);
}

void tst_Notes::verifyChecksEachBodyAndWhatLookupsName()
{
    const QString path = makeStore(QStringLiteral("v3.sqlite"));
    QVERIFY(!path.isEmpty());
    const QByteArray first = pageOf(QStringLiteral("re_first"));
    const QByteArray second = pageOf(QStringLiteral("re_second"));
    {
        auto store = StoreFactory::open(path, Store::OpenMode::ReadWrite);
        QVERIFY(store);
        QVERIFY((*store)->addProviderLookups({answeredFor(QStringLiteral("op_1"), {first}),
                                              answeredFor(QStringLiteral("op_2"), {first, second})}));
    }
    const auto violations = [&path]() -> QStringList {
        auto store = StoreFactory::open(path, Store::OpenMode::ReadOnly);
        if (!store)
            return {QStringLiteral("cannot open")};
        AuditVerifier verifier(**store);
        auto report = verifier.run();
        if (!report)
            return {report.error().message};
        QStringList found;
        // Those about the provider's answers (a guard dropped to edit them is reported too).
        for (const InvariantViolation &v : report->violations) {
            if (v.invariant.startsWith(QLatin1String("each ")))
                found << QStringLiteral("%1 (%2): %3").arg(v.invariant).arg(v.count).arg(v.message);
        }
        return found;
    };
    QCOMPARE(violations(), QStringList());

    TestStore raw(m_dir->filePath(QStringLiteral("raw.sqlite")));
    QVERIFY(raw.exec(QStringLiteral("ATTACH '%1' AS s").arg(path)));
    // A body edited after it was kept.
    QVERIFY(raw.exec(QStringLiteral("DROP TRIGGER s.provider_bodies_no_update")));
    QVERIFY(raw.exec(QStringLiteral("UPDATE s.provider_bodies SET body = replace(body, 're_second', 're_secone') "
                                    "WHERE body_sha256 = '%1'").arg(LookupBodies::addressOf(second))));
    QStringList found = violations();
    QCOMPARE(found.size(), 1);
    QVERIFY2(found.front().startsWith(QLatin1String("each response body is as the provider sent it"))
                 && found.front().contains(LookupBodies::addressOf(second)),
             qPrintable(found.join(u'\n')));
    // A body removed: the lookup that names it is broken too.
    QVERIFY(raw.exec(QStringLiteral("DROP TRIGGER s.provider_bodies_no_delete")));
    QVERIFY(raw.exec(QStringLiteral("DELETE FROM s.provider_bodies WHERE body_sha256 = '%1'")
                         .arg(LookupBodies::addressOf(second))));
    found = violations();
    QCOMPARE(found.size(), 1);
    QVERIFY2(found.front().startsWith(QLatin1String("each provider lookup rests on the bodies it names"))
                 && found.front().contains(QLatin1String("does not hold")),
             qPrintable(found.join(u'\n')));
    // A lookup whose digest no longer matches the bodies it names.
    QVERIFY(raw.exec(QStringLiteral("DROP TRIGGER s.provider_lookups_no_update")));
    QVERIFY(raw.exec(QStringLiteral("UPDATE s.provider_lookups SET response_sha256 = '%1' WHERE operation_id = 'op_1'")
                         .arg(QString(64, u'b'))));
    found = violations();
    QCOMPARE(found.size(), 1);
    QVERIFY2(found.front().startsWith(QLatin1String("each provider lookup rests on the bodies it names (2): "
                                                     "provider lookup 1 has the SHA-256"))
                 && found.front().contains(QLatin1String("edited after it was kept")),
             qPrintable(found.join(u'\n')));
}

void tst_Notes::versionTwoKeepsBodiesInsideItsLookups()
{
    const QString path = makeStore(QStringLiteral("v2.sqlite"), 2);
    QVERIFY(!path.isEmpty());
    const QByteArray first = pageOf(QStringLiteral("re_first"));
    const QByteArray second = pageOf(QStringLiteral("re_second"));
    auto store = StoreFactory::open(path, Store::OpenMode::ReadWrite);
    QVERIFY(store);
    QCOMPARE((*store)->schemaVersion(), 2);
    auto kept = (*store)->addProviderLookup(answeredFor(QStringLiteral("op_1"), {first, second}));
    QVERIFY2(kept, qPrintable(kept ? QString() : kept.error().message));
    // As version 2 keeps them: each body in its request, and the SHA-256 of the bodies.
    QVERIFY(!LookupBodies::namesBodies(kept->requests));
    QVERIFY(kept->requests.contains(QLatin1String("re_second")));
    QCOMPARE(kept->responseSha256,
             QString::fromLatin1(QCryptographicHash::hash(first + second, QCryptographicHash::Sha256).toHex()));
    QCOMPARE(LookupBodies::sha256Of(*kept), kept->responseSha256);

    // Upgraded, the store keeps it as it was, and verify finds it whole.
    QVERIFY((*store)->upgradeSchema());
    auto after = (*store)->providerLookups(QStringLiteral("op_1"));
    QVERIFY(after);
    QCOMPARE(after->size(), size_t(1));
    QCOMPARE(after->front().requests, kept->requests);
    QCOMPARE(LookupBodies::sha256Of(after->front()), kept->responseSha256);
    QCOMPARE(LookupBodies::requestsWithBodies(after->front()), kept->requests);
    // Asked again on version 3: the new lookup names its bodies.
    auto named = (*store)->addProviderLookup(answeredFor(QStringLiteral("op_1"), {first}));
    QVERIFY(named);
    QVERIFY(LookupBodies::namesBodies(named->requests));
    AuditVerifier verifier(**store);
    auto report = verifier.run();
    QVERIFY(report);
    QVERIFY2(report->intact(), qPrintable(report->violations.empty() ? QString() : report->violations.front().message));
}

QTEST_GUILESS_MAIN(tst_Notes)
#include "tst_notes.moc"
