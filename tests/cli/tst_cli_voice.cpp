// The command line speaks like the console: usage lines that name the command and its
// arguments, the operator chosen as the console chooses it, a queue with a header and the
// verdict, counts in the language's plural forms, every message prefixed with its command.

#include "tst_cli.h"

#include "domain/money.h"

namespace {

// A run's environment: no display, the settings in `configHome`, `login` as the login
// name, and no language of the machine's own (the runs say which they want).
QProcessEnvironment deskEnvironment(const QString &configHome, const QString &login)
{
    QProcessEnvironment environment = environmentWithoutDisplay();
    for (const char *name : {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"})
        environment.remove(QString::fromLatin1(name));
    environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), configHome);
    environment.insert(QStringLiteral("USER"), login);
    environment.insert(QStringLiteral("LOGNAME"), login);
    return environment;
}

// Where the console keeps its settings under `configHome`: the operator name among them.
QString settingsFile(const QString &configHome)
{
    return configHome + QStringLiteral("/RefundDesk/refund-desk.conf");
}

bool saveOperatorName(const QString &configHome, const QString &name)
{
    if (!QDir().mkpath(configHome + QStringLiteral("/RefundDesk")))
        return false;
    QFile file(settingsFile(configHome));
    if (!file.open(QIODevice::WriteOnly))
        return false;
    return file.write(QStringLiteral("[operator]\nname=%1\n").arg(name).toUtf8()) > 0;
}

QByteArray fileContents(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// `count` unknown operations op_p1 … whose webhook says their refund succeeded: what the
// batch from evidence records.
bool addSettledOperations(TestStore &store, int count)
{
    for (int i = 1; i <= count; ++i) {
        const Operation operation = TestStore::operation(QStringLiteral("op_p%1").arg(i));
        if (!store.addOperation(operation)
            || !store.addEvent(refundEvent(operation, QStringLiteral("evt_p%1").arg(i), QStringLiteral("re_p%1").arg(i),
                                           QStringLiteral("succeeded"))))
            return false;
    }
    return true;
}

} // namespace

void tst_Cli::usageLinesNameTheCommand_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("usage");
    QTest::newRow("the console") << QString() << QStringLiteral("Usage: refund-desk [options]");
    QTest::newRow("init") << QStringLiteral("init") << QStringLiteral("Usage: refund-desk init [options]");
    QTest::newRow("queue") << QStringLiteral("queue") << QStringLiteral("Usage: refund-desk queue [options]");
    for (const char *command : {"show", "claim", "release", "resolve", "note"})
        QTest::newRow(command) << QString::fromLatin1(command)
                               << QStringLiteral("Usage: refund-desk %1 [options] OPERATION_ID").arg(QLatin1String(command));
    QTest::newRow("ask-stripe") << QStringLiteral("ask-stripe")
                                << QStringLiteral("Usage: refund-desk ask-stripe [options] [OPERATION_ID]");
    QTest::newRow("import-events") << QStringLiteral("import-events")
                                   << QStringLiteral("Usage: refund-desk import-events [options] FILE");
}

void tst_Cli::usageLinesNameTheCommand()
{
    QFETCH(QString, command);
    QFETCH(QString, usage);
    const QProcessEnvironment environment = deskEnvironment(m_dir->path(), QStringLiteral("lena"));
    const QStringList arguments = command.isEmpty() ? QStringList{"--help"} : QStringList{command, "--help"};
    const CliRun run = runRefundDesk(arguments, 60'000, environment);
    QCOMPARE(run.exitCode, 0);
    const QStringList lines = run.outText().split(u'\n');
    QCOMPARE(lines.constFirst(), usage);
    // An argument of the usage line is explained under "Arguments:".
    const QString argument = usage.section(u' ', -1).remove(u'[').remove(u']');
    if (argument == u"OPERATION_ID" || argument == u"FILE")
        QVERIFY2(run.outText().contains(QRegularExpression(QStringLiteral("^  %1 ").arg(argument),
                                                           QRegularExpression::MultilineOption)),
                 qPrintable(run.outText()));

    // Every command's help begins so, never with the path the program was started by.
    if (!command.isEmpty())
        return;
    for (const QString &listed : listedCommands()) {
        const CliRun help = runRefundDesk({listed, "--help"}, 60'000, environment);
        QVERIFY2(help.outText().startsWith(QStringLiteral("Usage: refund-desk %1 [options]").arg(listed)),
                 qPrintable(help.outText().section(u'\n', 0, 0)));
    }
}

void tst_Cli::operatorIsChosenAsTheConsoleChooses_data()
{
    QTest::addColumn<QStringList>("arguments"); // after the command's name and --db
    QTest::addColumn<QString>("saved");         // the console's saved operator name, or none
    QTest::addColumn<QString>("recorded");
    QTest::addColumn<QString>("recordedSql");
    const QStringList claim{"claim", "op_5521"};
    const QStringList note{"note", "op_5521", "--text", "asked support"};
    const QStringList resolve{"resolve", "op_5521", "--outcome", "failed", "--evidence", "dashboard"};
    const QString claimedBy = QStringLiteral("SELECT claimed_by FROM refund_ops WHERE operation_id = 'op_5521'");
    const QString noteBy = QStringLiteral("SELECT group_concat(operator) FROM operation_notes");
    const QString resolvedBy = QStringLiteral("SELECT group_concat(operator) FROM resolutions");
    QTest::newRow("claim: the login name") << claim << QString() << QStringLiteral("lena") << claimedBy;
    QTest::newRow("claim: the saved name") << claim << QStringLiteral("Dana Smith") << QStringLiteral("Dana Smith")
                                           << claimedBy;
    QTest::newRow("claim: --operator first") << (claim + QStringList{"--operator", "erin"}) << QStringLiteral("Dana Smith")
                                             << QStringLiteral("erin") << claimedBy;
    QTest::newRow("note: the login name") << note << QString() << QStringLiteral("lena") << noteBy;
    QTest::newRow("note: the saved name") << note << QStringLiteral("Dana Smith") << QStringLiteral("Dana Smith") << noteBy;
    QTest::newRow("resolve: the saved name") << resolve << QStringLiteral("Dana Smith") << QStringLiteral("Dana Smith")
                                             << resolvedBy;
    QTest::newRow("resolve: the login name") << resolve << QString() << QStringLiteral("lena") << resolvedBy;
}

// Without --operator the command acts under the name the console would: the saved one,
// else the login name; and it leaves the saved name as it was.
void tst_Cli::operatorIsChosenAsTheConsoleChooses()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, saved);
    QFETCH(QString, recorded);
    QFETCH(QString, recordedSql);
    const QString configHome = m_dir->filePath(QStringLiteral("config"));
    QVERIFY(QDir().mkpath(configHome));
    if (!saved.isEmpty())
        QVERIFY(saveOperatorName(configHome, saved));
    const QByteArray settingsBefore = fileContents(settingsFile(configHome));
    const QProcessEnvironment environment = deskEnvironment(configHome, QStringLiteral("lena"));
    QCOMPARE(runRefundDesk({"upgrade", "--db", db()}, 60'000, environment).exitCode, 0);

    const CliRun run = runRefundDesk(arguments + QStringList{"--db", db()}, 60'000, environment);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(m_store->queryText(recordedSql), recorded);
    QVERIFY2(run.outText().contains(recorded), qPrintable(run.outText()));
    QCOMPARE(fileContents(settingsFile(configHome)), settingsBefore);
}

void tst_Cli::blankOperatorIsAUsageError_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("claim") << QStringList{"claim", "op_5521"};
    QTest::newRow("resolve") << QStringList{"resolve", "op_5521", "--outcome", "failed", "--evidence", "dashboard"};
    QTest::newRow("note") << QStringList{"note", "op_5521", "--text", "asked support"};
    QTest::newRow("resolve-from-evidence") << QStringList{"resolve-from-evidence", "--note", "settled"};
    QTest::newRow("ask-stripe") << QStringList{"ask-stripe", "op_5521"};
}

// `--operator ""` says nobody: a usage error, as in the console, and nothing is written.
void tst_Cli::blankOperatorIsAUsageError()
{
    QFETCH(QStringList, arguments);
    const QProcessEnvironment environment = deskEnvironment(m_dir->path(), QStringLiteral("lena"));
    QCOMPARE(runRefundDesk({"upgrade", "--db", db()}, 60'000, environment).exitCode, 0);
    const CliRun run = runRefundDesk(arguments + QStringList{"--db", db(), "--operator", "  "}, 60'000, environment);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.startsWith(QStringLiteral("refund-desk %1: --operator needs a name").arg(arguments.constFirst())),
             qPrintable(run.err));
    QCOMPARE(m_store->queryText(QStringLiteral("SELECT status FROM refund_ops WHERE operation_id = 'op_5521'")),
             QStringLiteral("unknown"));
    QCOMPARE(m_store->queryInt(QStringLiteral("SELECT count(*) FROM operation_notes")), 0);
}

// A header, then each operation with the verdict queue --json gives it.
void tst_Cli::queueHasAHeaderAndTheVerdict()
{
    Operation reference = TestStore::operation(QStringLiteral("op_5521"));
    reference.idempotencyKey = QStringLiteral("c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa");
    QVERIFY(m_store->addEvent(refundEvent(reference, QStringLiteral("evt_1"), QStringLiteral("re_1"),
                                          QStringLiteral("succeeded"))));
    QVERIFY(m_store->addEvent(refundEvent(TestStore::operation(QStringLiteral("op_2")), QStringLiteral("evt_2"),
                                          QStringLiteral("re_2"), QStringLiteral("failed"))));
    const QProcessEnvironment environment = deskEnvironment(m_dir->path(), QStringLiteral("lena"));
    const CliRun json = runRefundDesk({"queue", "--db", db(), "--json"}, 60'000, environment);
    QCOMPARE(json.exitCode, 0);
    QMap<QString, QJsonObject> rows;
    for (const QJsonValue &row : QJsonDocument::fromJson(json.out).array())
        rows.insert(row.toObject().value(QLatin1String("operation_id")).toString(), row.toObject());
    QCOMPARE(rows.size(), 2);

    const CliRun text = runRefundDesk({"queue", "--db", db()}, 60'000, environment);
    QCOMPARE(text.exitCode, 0);
    const QStringList lines = text.outText().split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 1 + rows.size());
    QCOMPARE(lines.constFirst(), QStringLiteral("Operation\tOrder\tAmount\tStatus\tVerdict\tAttempts\tKey window\tClaimed by"));
    QStringList verdicts;
    for (const QString &line : lines.mid(1)) {
        const QStringList fields = line.split(u'\t');
        QCOMPARE(fields.size(), 8);
        const QJsonObject row = rows.value(fields.at(0));
        QVERIFY2(!row.isEmpty(), qPrintable(line));
        QCOMPARE(fields.at(1), row.value(QLatin1String("order_id")).toString());
        QCOMPARE(fields.at(2), Money::format(row.value(QLatin1String("amount_cents")).toInteger(),
                                             row.value(QLatin1String("currency")).toString()));
        QCOMPARE(fields.at(3), row.value(QLatin1String("status")).toString());
        QCOMPARE(fields.at(4), row.value(QLatin1String("verdict")).toString());
        QCOMPARE(fields.at(5).toLongLong(), row.value(QLatin1String("attempts")).toInteger());
        const QString claimedBy = row.value(QLatin1String("claimed_by")).toString();
        QCOMPARE(fields.at(7), claimedBy.isEmpty() ? QStringLiteral("-") : claimedBy);
        verdicts << fields.at(0) + u'=' + fields.at(4);
    }
    QCOMPARE(verdicts, QStringList({"op_5521=refunded", "op_2=failed"}));
}

void tst_Cli::countsUseTheLanguagesPlurals_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("expected");
    QTest::newRow("en, one") << QStringLiteral("en") << 1 << QStringLiteral("1 operation settled by the evidence:");
    QTest::newRow("en, two") << QStringLiteral("en") << 2 << QStringLiteral("2 operations settled by the evidence:");
    QTest::newRow("ru, one") << QStringLiteral("ru") << 1 << QStringLiteral("1 операция решена доказательствами:");
    QTest::newRow("ru, two") << QStringLiteral("ru") << 2 << QStringLiteral("2 операции решены доказательствами:");
    QTest::newRow("ru, five") << QStringLiteral("ru") << 5 << QStringLiteral("5 операций решены доказательствами:");
}

// What counts is said in the forms of the language, never with "(s)".
void tst_Cli::countsUseTheLanguagesPlurals()
{
    QFETCH(QString, language);
    QFETCH(int, count);
    QFETCH(QString, expected);
    QVERIFY(addSettledOperations(*m_store, count));
    const QProcessEnvironment environment = deskEnvironment(m_dir->path(), QStringLiteral("lena"));
    const CliRun run = runRefundDesk({"resolve-from-evidence", "--db", db(), "--note", "settled", "--lang", language},
                                     60'000, environment);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.outText().split(u'\n').contains(expected), qPrintable(run.outText()));
    QVERIFY2(!run.outText().contains(QLatin1String("(s)")), qPrintable(run.outText()));
    // The rest of the plan's counts too: the decisions it would record.
    if (language == u"en") {
        const QString decisions = count == 1 ? QStringLiteral("record 1 decision.") : QStringLiteral("record these %1 decisions.").arg(count);
        QVERIFY2(run.outText().contains(decisions), qPrintable(run.outText()));
    }
}

// Run again once all is recorded: one sentence where the plan and its totals were.
void tst_Cli::rerunWithNothingToDoSaysSo()
{
    QVERIFY(addSettledOperations(*m_store, 2));
    const QProcessEnvironment environment = deskEnvironment(m_dir->path(), QStringLiteral("lena"));
    const QStringList batch{"resolve-from-evidence", "--db", db(), "--note", "settled"};
    const CliRun recorded = runRefundDesk(batch + QStringList{"--yes"}, 60'000, environment);
    QVERIFY2(recorded.exitCode == 0, qPrintable(recorded.err));
    QVERIFY2(recorded.outText().contains(QLatin1String("Decided 2 of 2; 0 skipped")), qPrintable(recorded.outText()));

    const CliRun again = runRefundDesk(batch + QStringList{"--yes"}, 60'000, environment);
    QCOMPARE(again.exitCode, 5);
    QVERIFY2(!again.outText().contains(QLatin1String("Totals:")), qPrintable(again.outText()));
    QVERIFY2(!again.outText().contains(QLatin1String("settled by the evidence:")), qPrintable(again.outText()));
    QVERIFY2(again.outText().endsWith(QLatin1String("Nothing is settled by the evidence; nothing was recorded.\n")),
             qPrintable(again.outText()));

    // An empty queue: nothing left out either, so the sentence alone.
    const QString empty = m_dir->filePath(QStringLiteral("empty.sqlite"));
    QCOMPARE(runRefundDesk({"init", "--db", empty}, 60'000, environment).exitCode, 0);
    const CliRun nothing = runRefundDesk({"resolve-from-evidence", "--db", empty, "--note", "settled"}, 60'000, environment);
    QCOMPARE(nothing.exitCode, 5);
    QCOMPARE(nothing.outText(), QStringLiteral("Nothing to do: no operation in the queue is settled by the evidence, and "
                                               "nothing was recorded.\n"));
}

void tst_Cli::pastFollowUpIsRefused_data()
{
    QTest::addColumn<int>("daysFromToday");
    QTest::addColumn<int>("exitCode");
    QTest::newRow("years ago") << -2000 << 2;
    QTest::newRow("yesterday") << -1 << 2;
    QTest::newRow("today") << 0 << 0;
    QTest::newRow("tomorrow") << 1 << 0;
}

void tst_Cli::pastFollowUpIsRefused()
{
    QFETCH(int, daysFromToday);
    QFETCH(int, exitCode);
    const QProcessEnvironment environment = deskEnvironment(m_dir->path(), QStringLiteral("lena"));
    QCOMPARE(runRefundDesk({"upgrade", "--db", db()}, 60'000, environment).exitCode, 0);
    const QString day = QDate::currentDate().addDays(daysFromToday).toString(Qt::ISODate);
    const CliRun run = runRefundDesk({"note", "op_5521", "--db", db(), "--text", "asked support", "--follow-up", day},
                                     60'000, environment);
    QCOMPARE(run.exitCode, exitCode);
    QCOMPARE(m_store->queryInt(QStringLiteral("SELECT count(*) FROM operation_notes")), exitCode == 0 ? 1 : 0);
    if (exitCode == 0)
        return;
    // What is wrong, and what to do instead.
    QVERIFY2(run.err.startsWith(QStringLiteral("refund-desk note: --follow-up %1 is in the past.").arg(day)), qPrintable(run.err));
    QVERIFY2(run.err.contains(QStringLiteral("Give today (%1) or a later day").arg(QDate::currentDate().toString(Qt::ISODate))),
             qPrintable(run.err));
}

// ask-stripe's own usage errors begin with the command, as every other message does.
void tst_Cli::askStripeWithoutOperationIsPrefixed()
{
    const QProcessEnvironment environment = deskEnvironment(m_dir->path(), QStringLiteral("lena"));
    for (const QStringList &arguments : {QStringList{"ask-stripe", "--db", db()},
                                         QStringList{"ask-stripe", "op_5521", "--all-without-evidence", "--db", db()},
                                         QStringList{"ask-stripe", "--all-without-evidence", "--limit", "x", "--db", db()}}) {
        const CliRun run = runRefundDesk(arguments, 60'000, environment);
        QCOMPARE(run.exitCode, 2);
        const QStringList lines = run.err.split(u'\n', Qt::SkipEmptyParts);
        QVERIFY2(!lines.isEmpty() && lines.constFirst().startsWith(QLatin1String("refund-desk ask-stripe: ")), qPrintable(run.err));
        QVERIFY2(run.err.contains(QLatin1String("refund-desk ask-stripe --help")), qPrintable(run.err));
    }
}
