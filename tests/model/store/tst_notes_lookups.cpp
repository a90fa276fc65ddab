// Provider lookups on SQLite: appended and never changed, carried by a copy; version 3 keeps
// each response body once (provider_bodies), named by the lookups that rest on it, and
// verify checks each; a version 2 store keeps them inside its lookups, as before.

#include "tst_notes.h"

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
