// Schema versions 2 and 3 on PostgreSQL: notes whose author and time are the server's,
// refused to the agent and audit roles, the commands that write and show them, and copies
// that carry them both ways. Version 3's response bodies: kept once, in one pipeline with the
// lookups that name them, append-only, with the lookups' rights. The upgrades to version 3:
// tst_pgnotes_upgrades.cpp.

#include "tst_pgnotes.h"

void tst_PgNotes::initTestCase()
{
    m_server = std::make_unique<PgTestServer>();
    QVERIFY2(m_server->isRunning(), qPrintable(m_server->lastError()));
}

std::unique_ptr<Store> tst_PgNotes::open(const QString &location, Store::OpenMode mode)
{
    auto store = StoreFactory::open(location, mode);
    if (!store) {
        qWarning() << store.error().message;
        return nullptr;
    }
    return std::move(store.value());
}

QString tst_PgNotes::makeStore(int version)
{
    const QString name = QStringLiteral("notes_%1").arg(++m_databases);
    if (!m_server->createDatabase(name) || !StoreFactory::create(m_server->location(name)))
        return {};
    const QString rows = QStringLiteral(
        "INSERT INTO refund_ops (operation_id, order_id, amount_cents, currency, idempotency_key, status, attempts, "
        "created_at, updated_at) VALUES ('op_1', 'o1', 3800, 'usd', 'k1', 'unknown', 3, 1, 1), "
        "('op_2', 'o2', 1200, 'usd', 'k2', 'unknown', 1, 1, 1);");
    const QString older = version == 1 ? versionOnePostgres() : version == 2 ? versionTwoPostgres() : QString();
    if (!m_server->exec(name, rows + older))
        return {};
    if (!m_server->applyRoles(name))
        return {};
    const bool made = m_server->exec(
        QStringLiteral("postgres"),
        QStringLiteral("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'alice') "
                       "THEN CREATE ROLE alice LOGIN IN ROLE refund_desk_support; "
                       "CREATE ROLE finance LOGIN IN ROLE refund_desk_audit; "
                       "CREATE ROLE tool LOGIN IN ROLE refund_desk_agent; END IF; END $$"));
    return made ? name : QString();
}

void tst_PgNotes::serverKeepsTheAuthorAndTheTime()
{
    const QString name = makeStore();
    QVERIFY2(!name.isEmpty(), qPrintable(m_server->lastError()));
    auto alice = open(m_server->location(name, QStringLiteral("alice")));
    QVERIFY(alice);
    QVERIFY(!alice->addNote(draftFor(QStringLiteral("op_1"), QStringLiteral("x"), QStringLiteral("mallory"))));
    const qint64 before = QDateTime::currentMSecsSinceEpoch();
    auto note = alice->addNote(draftFor(QStringLiteral("op_1"), QStringLiteral("asked")));
    QVERIFY2(note, qPrintable(note ? QString() : note.error().message));
    QCOMPARE(note->operatorName, QStringLiteral("alice"));
    QVERIFY(note->recordedAt >= before - 60'000);
    QVERIFY(!alice->addNote(draftFor(QStringLiteral("op_404"), QStringLiteral("x"))));

    // Past Refund Desk, in SQL of one's own: another name is refused, another time replaced.
    QVERIFY(!m_server->exec(name, QStringLiteral("INSERT INTO operation_notes (operation_id, text, operator, "
                                                 "recorded_at) VALUES ('op_1', 'forged', 'mallory', 1)"),
                            QStringLiteral("alice")));
    QVERIFY2(m_server->lastError().contains(QLatin1String("may not write to operation_notes as mallory")),
             qPrintable(m_server->lastError()));
    QVERIFY(m_server->exec(name, QStringLiteral("INSERT INTO operation_notes (operation_id, text, operator, recorded_at) "
                                                "VALUES ('op_1', 'backdated', 'alice', 1)"),
                           QStringLiteral("alice")));
    QVERIFY(m_server->queryInt(name, QStringLiteral("SELECT recorded_at FROM operation_notes WHERE text = 'backdated'"))
            >= before - 60'000);
    QVERIFY(!m_server->exec(name, QStringLiteral("UPDATE operation_notes SET text = 'rewritten'"),
                            QStringLiteral("alice")));
    QVERIFY(!m_server->exec(name, QStringLiteral("DELETE FROM operation_notes")));
    QVERIFY(!m_server->exec(name, QStringLiteral("TRUNCATE operation_notes")));
    QCOMPARE(m_server->query(name, QStringLiteral("SELECT count(*) FROM operation_notes")), QStringLiteral("2"));

    // Lookups alike.
    ProviderLookupDraft lookup;
    lookup.operationId = QStringLiteral("op_2");
    lookup.requests = QStringLiteral("[]");
    lookup.result = QStringLiteral(R"({"complete":true,"refunds":[]})");
    lookup.responseSha256 = QString(64, u'b');
    auto kept = alice->addProviderLookup(lookup);
    QVERIFY2(kept, qPrintable(kept ? QString() : kept.error().message));
    QCOMPARE(kept->operatorName, QStringLiteral("alice"));
    auto lookups = alice->providerLookups(QStringLiteral("op_2"));
    QVERIFY(lookups);
    QCOMPARE(lookups->size(), size_t(1));
    QCOMPARE(lookups->front().result, lookup.result);
    QVERIFY(!m_server->exec(name, QStringLiteral("UPDATE provider_lookups SET result = '{}'")));

    // Answers kept in one pipeline: each body once, the lookups naming them; the bodies
    // append-only for every login, the owner too.
    const QByteArray shared = R"({"object":"list","data":[{"id":"re_shared","object":"refund"}],"has_more":false})";
    const QByteArray own = R"({"object":"list","data":[{"id":"re_own","object":"refund"}],"has_more":false})";
    const auto answered = [](const QString &operationId, const QList<QByteArray> &pages) {
        ProviderLookupDraft draft;
        draft.operationId = operationId;
        draft.result = QStringLiteral(R"({"complete":true,"refunds":[]})");
        QJsonArray requests;
        for (const QByteArray &page : pages) {
            draft.bodies.push_back(LookupBodies::bodyOf(page));
            requests.append(LookupBodies::request(QStringLiteral("/v1/refunds"), 200, QStringLiteral("req_1"),
                                                  draft.bodies.back()));
        }
        draft.requests = QString::fromUtf8(QJsonDocument(requests).toJson(QJsonDocument::Compact));
        draft.responseSha256 = LookupBodies::digest(draft.bodies);
        return draft;
    };
    auto added = alice->addProviderLookups({answered(QStringLiteral("op_1"), {shared}),
                                             answered(QStringLiteral("op_2"), {shared, own}),
                                             answered(QStringLiteral("op_1"), {own})});
    QVERIFY2(added, qPrintable(added ? QString() : added.error().message));
    QCOMPARE(added->size(), size_t(3));
    QCOMPARE(added->at(1).operationId, QStringLiteral("op_2"));
    QCOMPARE(added->at(1).operatorName, QStringLiteral("alice"));
    QCOMPARE(m_server->query(name, QStringLiteral("SELECT count(*) FROM provider_bodies")), QStringLiteral("2"));
    QCOMPARE(m_server->query(name, QStringLiteral("SELECT count(*) FROM provider_lookups WHERE requests LIKE '%re_shared%'")),
             QStringLiteral("0"));
    std::vector<ProviderLookup> named{added->at(1)};
    QVERIFY(alice->readBodiesInto(named));
    QCOMPARE(named.front().bodies.size(), size_t(2));
    QCOMPARE(named.front().bodies.back().text, own);
    // A pipeline that fails keeps nothing, the bodies it brought included.
    auto failed = alice->addProviderLookups({answered(QStringLiteral("op_1"), {QByteArray("{\"new\":1}")}),
                                             answered(QStringLiteral("op_404"), {own})});
    QVERIFY(!failed);
    QCOMPARE(m_server->query(name, QStringLiteral("SELECT count(*) FROM provider_bodies")), QStringLiteral("2"));
    QCOMPARE(m_server->query(name, QStringLiteral("SELECT count(*) FROM provider_lookups")), QStringLiteral("4"));
    QVERIFY(!m_server->exec(name, QStringLiteral("UPDATE provider_bodies SET body = '{}'"), QStringLiteral("alice")));
    QVERIFY(!m_server->exec(name, QStringLiteral("UPDATE provider_bodies SET body = '{}'")));
    QVERIFY(!m_server->exec(name, QStringLiteral("DELETE FROM provider_bodies")));
    QVERIFY(!m_server->exec(name, QStringLiteral("TRUNCATE provider_bodies")));
    QCOMPARE(m_server->query(name, QStringLiteral("SELECT count(*) FROM provider_bodies")), QStringLiteral("2"));
    {
        AuditVerifier verifier(*alice);
        auto report = verifier.run();
        QVERIFY(report);
        QVERIFY2(report->intact(), qPrintable(report->violations.empty() ? QString() : report->violations.front().message));
    }
    // An edited body is found.
    QVERIFY(m_server->exec(name, QStringLiteral("ALTER TABLE provider_bodies DISABLE TRIGGER provider_bodies_no_update; "
                                                "UPDATE provider_bodies SET body = replace(body, 're_own', 're_own2'); "
                                                "ALTER TABLE provider_bodies ENABLE TRIGGER provider_bodies_no_update;")));
    {
        AuditVerifier verifier(*alice);
        auto report = verifier.run();
        QVERIFY(report);
        QCOMPARE(report->violations.size(), size_t(1));
        QCOMPARE(report->violations.front().invariant, QStringLiteral("each response body is as the provider sent it"));
    }

    // verify notices a note's guard gone.
    auto before2 = alice->checkInvariants();
    QVERIFY(before2);
    QVERIFY2(before2->empty(), qPrintable(before2->empty() ? QString() : before2->front().message));
    QVERIFY(m_server->exec(name, QStringLiteral("DROP TRIGGER operation_notes_no_update ON operation_notes")));
    auto broken = alice->checkInvariants();
    QVERIFY(broken);
    QCOMPARE(broken->size(), size_t(1));
    QVERIFY2(broken->front().message.contains(QLatin1String("operation_notes_no_update")),
             qPrintable(broken->front().message));
}

void tst_PgNotes::commandsWriteAndShowNotes()
{
    const QString name = makeStore(1);
    QVERIFY2(!name.isEmpty(), qPrintable(m_server->lastError()));
    const QString alice = m_server->location(name, QStringLiteral("alice"));
    CliRun run = runRefundDesk({"note", "op_1", "--db", alice, "--text", "asked"});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(QLatin1String("refund-desk upgrade")), qPrintable(run.err));
    run = runRefundDesk({"upgrade", "--db", alice});
    QCOMPARE(run.exitCode, 3);
    run = runRefundDesk({"upgrade", "--db", m_server->location(name)});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.outText().contains(QLatin1String("from schema version 1 to 3")), qPrintable(run.outText()));
    run = runRefundDesk({"upgrade", "--db", m_server->location(name)});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.outText().contains(QLatin1String("already")));
    run = runRefundDesk({"note", "op_1", "--db", alice, "--text", "Asked Stripe support, case 12345", "--follow-up",
                         "2031-03-14"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    run = runRefundDesk({"note", "op_1", "--db", alice, "--text", "x", "--operator", "mallory"});
    QCOMPARE(run.exitCode, 5);
    run = runRefundDesk({"show", "op_1", "--db", alice, "--json"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonArray notes = QJsonDocument::fromJson(run.out).object().value("notes").toArray();
    QCOMPARE(notes.size(), 1);
    QCOMPARE(notes.at(0).toObject().value("operator").toString(), QStringLiteral("alice"));
    QCOMPARE(notes.at(0).toObject().value("follow_up_on").toString(), QStringLiteral("2031-03-14"));
    QCOMPARE(notes.at(0).toObject().value("text").toString(), QStringLiteral("Asked Stripe support, case 12345"));
}

void tst_PgNotes::copiesCarryNotesBothWays()
{
    const QString name = makeStore();
    QVERIFY2(!name.isEmpty(), qPrintable(m_server->lastError()));
    {
        auto alice = open(m_server->location(name, QStringLiteral("alice")));
        QVERIFY(alice);
        NoteDraft first = draftFor(QStringLiteral("op_1"), QStringLiteral("one"));
        first.followUpOn = QDate(2031, 1, 2);
        QVERIFY(alice->addNote(first));
        QVERIFY(alice->addNote(draftFor(QStringLiteral("op_2"), QStringLiteral("two"))));
        ProviderLookupDraft lookup;
        lookup.operationId = QStringLiteral("op_2");
        lookup.result = QStringLiteral(R"({"complete":true,"refunds":[]})");
        lookup.bodies.push_back(LookupBodies::bodyOf(R"({"object":"list","data":[],"has_more":false})"));
        lookup.requests = QString::fromUtf8(QJsonDocument(QJsonArray{LookupBodies::request(
            QStringLiteral("/v1/refunds"), 200, QStringLiteral("req_1"), lookup.bodies.back())}).toJson(QJsonDocument::Compact));
        lookup.responseSha256 = LookupBodies::digest(lookup.bodies);
        QVERIFY(alice->addProviderLookup(lookup));
    }
    const QString file = m_dir.filePath(QStringLiteral("copy.sqlite"));
    CliRun run = runRefundDesk({"copy", "--from", m_server->location(name), "--to", file});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    auto copy = open(file, Store::OpenMode::ReadOnly);
    QVERIFY(copy);
    auto notes = copy->notesAfter(0, 10);
    QVERIFY(notes);
    QCOMPARE(notes->size(), size_t(2));
    QCOMPARE(notes->front().operatorName, QStringLiteral("alice"));
    QCOMPARE(notes->front().followUpOn, QDate(2031, 1, 2));
    QVERIFY2(run.outText().contains(QRegularExpression(QStringLiteral("\nprovider_bodies +1 +1\n"))), qPrintable(run.outText()));
    auto bodies = copy->responseBodiesAfter(QString(), 10);
    QVERIFY(bodies);
    QCOMPARE(bodies->size(), size_t(1));
    QCOMPARE(bodies->front().text, QByteArray(R"({"object":"list","data":[],"has_more":false})"));

    // And back to a server: the ids, names and times as they were; new ones follow.
    const QString back = QStringLiteral("notes_back");
    QVERIFY(m_server->createDatabase(back));
    run = runRefundDesk({"copy", "--from", file, "--to", m_server->location(back)});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(m_server->query(back, QStringLiteral("SELECT string_agg(note_id || ' ' || operator || ' ' || text, ', ' "
                                                  "ORDER BY note_id) FROM operation_notes")),
             QStringLiteral("1 alice one, 2 alice two"));
    QCOMPARE(m_server->query(back, QStringLiteral("SELECT body_sha256 FROM provider_bodies")), bodies->front().sha256);
    QCOMPARE(m_server->query(back, QStringLiteral("SELECT recorded_at FROM operation_notes WHERE note_id = 1")),
             QString::number(notes->front().recordedAt));
    auto owner = open(m_server->location(back));
    QVERIFY(owner);
    auto next = owner->addNote(draftFor(QStringLiteral("op_1"), QStringLiteral("three")));
    QVERIFY2(next, qPrintable(next ? QString() : next.error().message));
    QCOMPARE(next->noteId, 3);
}

QTEST_GUILESS_MAIN(tst_PgNotes)
