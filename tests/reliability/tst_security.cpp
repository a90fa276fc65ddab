// Security (docs/RELIABILITY.md): what a person types is only ever data. SQL is never
// built from values (a scan of the sources that would catch it, proven on examples);
// search text, operator names, notes and ids full of SQL metacharacters go through the
// store and the command line verbatim and change nothing else; SQL lives only in the
// store's SQLite files; exports defuse cells a spreadsheet would run (=, +, -, @).

#include "csvreader.h"
#include "reliability.h"
#include "testpaths.h"
#include "teststore.h"

#include "store/store.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace RefundDesk;
using namespace RefundDesk::Reliability;
using RefundDesk::Test::parseCsv;
using RefundDesk::Test::TestStore;

namespace {

struct Finding
{
    int line = 0;
    QString statement;
};

// Splits C++ source into statements (at ';', '{' and '}' outside literals and comments)
// and flags each one that both holds SQL in a string literal (or hands text to SQLite)
// and turns values into text: QString::arg, toUtf8/toLatin1/toStdString, number
// formatting into text, getenv, printf-style SQL (%q, %Q, %w, %s). Identifiers cannot be
// bound; a statement that must splice one (read from the store's own schema, never
// typed by anyone) follows a comment saying "sql-identifiers: <where they come from>".
// Lexical, so not a proof: a value already held in a QByteArray and added with + goes
// unnoticed; the behavioural tests below cover what it cannot see.
QList<Finding> stringBuiltSql(const QString &source)
{
    static const QRegularExpression sqlKeyword(QStringLiteral(
        "\\b(SELECT|INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER|PRAGMA|WHERE|VALUES|ORDER BY|LIMIT|ATTACH|"
        "UNION|JOIN|BEGIN|COMMIT|FROM|INTO|SET|AND|OR|LIKE|GLOB)\\b"));
    static const QRegularExpression sink(QStringLiteral(
        "\\b(sqlite3_exec|sqlite3_prepare\\w*|sqlite3_mprintf|sqlite3_vmprintf|SqliteStatement|cached)\\s*\\("));
    static const QRegularExpression valueToText(QStringLiteral(
        "\\.arg\\s*\\(|\\.(toUtf8|toLatin1|toLocal8Bit|toStdString|constData)\\s*\\(\\s*\\)\\s*\\+|"
        "\\+\\s*[A-Za-z_][\\w.>-]*\\.(toUtf8|toLatin1|toLocal8Bit|toStdString)\\s*\\(|"
        "\\)\\s*\\.(toUtf8|toLatin1|toLocal8Bit|toStdString)\\s*\\(|"
        "QString::number|std::to_string|qgetenv|getenv|asprintf|sqlite3_mprintf|sqlite3_vmprintf"));
    static const QRegularExpression printfSql(QStringLiteral("%[qQws]|%\\d"));

    QList<Finding> findings;
    QString code;     // the statement outside literals
    QString literals; // the statement's string literals
    QString whole;
    int line = 1;
    int statementLine = 1;
    bool allowed = false; // the statement follows a "sql-identifiers:" comment
    auto finish = [&]() {
        const bool sql = sqlKeyword.match(literals).hasMatch();
        const bool handedToSqlite = sink.match(code).hasMatch();
        const bool built = valueToText.match(code).hasMatch()
                           || (sql && printfSql.match(literals).hasMatch());
        if ((sql || handedToSqlite) && built && !allowed)
            findings.append({statementLine, whole.simplified().left(300)});
        allowed = false;
        code.clear();
        literals.clear();
        whole.clear();
        statementLine = line;
    };
    for (qsizetype i = 0; i < source.size(); ++i) {
        const QChar c = source.at(i);
        const QChar next = i + 1 < source.size() ? source.at(i + 1) : QChar();
        if (c == u'/' && next == u'/') {
            const qsizetype start = i;
            while (i < source.size() && source.at(i) != u'\n')
                ++i;
            if (source.mid(start, i - start).contains(QLatin1String("sql-identifiers:")))
                allowed = true;
            --i;
            continue;
        }
        if (c == u'/' && next == u'*') {
            const qsizetype end = source.indexOf(QStringLiteral("*/"), i + 2);
            const qsizetype stop = end < 0 ? source.size() : end + 2;
            line += int(source.mid(i, stop - i).count(u'\n'));
            i = stop - 1;
            continue;
        }
        if (c == u'R' && next == u'"') { // raw string literal R"delim( ... )delim"
            const qsizetype open = source.indexOf(u'(', i + 2);
            const QString delimiter = u')' + source.mid(i + 2, open - i - 2) + u'"';
            const qsizetype end = source.indexOf(delimiter, open);
            const qsizetype stop = end < 0 ? source.size() : end + delimiter.size();
            literals += source.mid(open + 1, (end < 0 ? source.size() : end) - open - 1) + u' ';
            whole += source.mid(i, stop - i);
            line += int(source.mid(i, stop - i).count(u'\n'));
            code += QStringLiteral("\"\"");
            i = stop - 1;
            continue;
        }
        if (c == u'"' || c == u'\'') {
            qsizetype j = i + 1;
            QString text;
            while (j < source.size() && source.at(j) != c) {
                if (source.at(j) == u'\\' && j + 1 < source.size()) {
                    text += source.at(j);
                    ++j;
                }
                text += source.at(j);
                ++j;
            }
            if (c == u'"')
                literals += text + u' ';
            whole += source.mid(i, j - i + 1);
            code += QString(c) + c;
            i = j;
            continue;
        }
        if (c == u'\n')
            ++line;
        whole += c;
        if (c == u';' || c == u'{' || c == u'}') {
            finish();
            continue;
        }
        code += c;
    }
    finish();
    return findings;
}

QStringList sourceFiles(const QString &folder)
{
    QStringList files;
    QDirIterator it(folder, {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    files.sort();
    return files;
}

QString readText(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// Text a person might type, full of SQL and LIKE metacharacters.
const QStringList Injections = {
    QStringLiteral("'"),
    QStringLiteral("''"),
    QStringLiteral("\""),
    QStringLiteral("%"),
    QStringLiteral("_"),
    QStringLiteral("\\"),
    QStringLiteral("\\%"),
    QStringLiteral("op_' OR '1'='1"),
    QStringLiteral("' OR 1=1 --"),
    QStringLiteral("'; DROP TABLE refund_ops; --"),
    QStringLiteral("\"); DELETE FROM resolutions; --"),
    QStringLiteral("x' UNION SELECT operation_id, order_id FROM refund_ops --"),
    QStringLiteral("?1"),
    QStringLiteral(":name"),
    QStringLiteral("@p"),
    QStringLiteral("$1"),
    QStringLiteral("%' ESCAPE '\\"),
    QStringLiteral("*/ SELECT 1 /*"),
    QStringLiteral("\\'; ATTACH DATABASE '/tmp/x.sqlite' AS x; --"),
    QStringLiteral("ünïcødé ' 漢字"),
    QString(QChar(0)) + QStringLiteral("after a NUL"),
};

} // namespace

class tst_Security : public QObject
{
    Q_OBJECT

private slots:
    void scannerCatchesStringBuiltSql_data();
    void scannerCatchesStringBuiltSql();
    void noStringBuiltSqlInTheSources();
    void sqlOnlyInTheStoresSqliteFiles();
    void searchTextIsOnlyData();
    void commandLineValuesAreOnlyData();
    void exportDefusesFormulas();
    void cleanupTestCase();

private:
    qint64 m_inputsTried = 0;
    int m_filesScanned = 0;
    int m_passed = 0;
    QString m_exportNote;
};

void tst_Security::scannerCatchesStringBuiltSql_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<bool>("flagged");
    QTest::newRow("arg into a WHERE") << QStringLiteral(
        "auto s = cached(QStringLiteral(\"SELECT * FROM refund_ops WHERE operation_id = '%1'\").arg(id).toUtf8());")
                                      << true;
    QTest::newRow("concatenated value") << QStringLiteral(
        "QByteArray sql = \"SELECT * FROM refund_ops WHERE order_id = '\" + orderId.toUtf8() + \"'\";") << true;
    QTest::newRow("appended search") << QStringLiteral(
        "sql += \" AND operation_id LIKE '%\" + query.searchText.toUtf8() + \"%'\";") << true;
    QTest::newRow("exec of a built string") << QStringLiteral(
        "sqlite3_exec(m_db, (\"DROP INDEX \" + name).toUtf8().constData(), nullptr, nullptr, nullptr);") << true;
    QTest::newRow("mprintf") << QStringLiteral(
        "char *sql = sqlite3_mprintf(\"UPDATE refund_ops SET claimed_by = '%q'\", name);") << true;
    QTest::newRow("environment into SQL") << QStringLiteral("sqlite3_exec(db, qgetenv(\"EXTRA_SQL\").constData(), 0, 0, 0);")
                                          << true;
    QTest::newRow("number formatted into a LIMIT") << QStringLiteral(
        "auto s = cached(\"SELECT * FROM resolutions LIMIT \" + QString::number(limit).toUtf8());") << true;
    QTest::newRow("bound parameters") << QStringLiteral(
        "auto s = cached(\"SELECT * FROM refund_ops WHERE operation_id = ?1\"); s->bind(1, id);") << false;
    QTest::newRow("fixed fragments") << QStringLiteral(
        "QByteArray sql = QByteArray(\"SELECT \") + OperationColumns + \" FROM refund_ops\";\n"
        "sql += \" ORDER BY \" + sort + direction + \" LIMIT ?5\";") << false;
    QTest::newRow("a message with arg") << QStringLiteral(
        "return Error::conflict(QStringLiteral(\"%1 was already resolved by %2.\").arg(id, name));") << false;
    QTest::newRow("identifiers, declared") << QStringLiteral(
        "// sql-identifiers: index names read back from this file's own schema\n"
        "const QByteArray drop = \"DROP INDEX \\\"\" + index.name.toUtf8() + '\"';") << false;
    QTest::newRow("identifiers, undeclared") << QStringLiteral(
        "const QByteArray drop = \"DROP INDEX \\\"\" + index.name.toUtf8() + '\"';") << true;
    QTest::newRow("a comment") << QStringLiteral(
        "// e.g. QStringLiteral(\"SELECT '%1'\").arg(x) would be wrong\nint x = 1;") << false;
}

void tst_Security::scannerCatchesStringBuiltSql()
{
    QFETCH(QString, source);
    QFETCH(bool, flagged);
    QCOMPARE(!stringBuiltSql(source).isEmpty(), flagged);
}

void tst_Security::noStringBuiltSqlInTheSources()
{
    QStringList found;
    for (const QString &folder : {QStringLiteral("model"), QStringLiteral("cli"), QStringLiteral("ui"),
                                  QStringLiteral("app")}) {
        for (const QString &file : sourceFiles(Test::sourceDir() + QStringLiteral("/") + folder)) {
            ++m_filesScanned;
            for (const Finding &finding : stringBuiltSql(readText(file)))
                found << QStringLiteral("%1:%2: %3").arg(QDir(Test::sourceDir()).relativeFilePath(file))
                             .arg(finding.line).arg(finding.statement);
        }
    }
    QVERIFY2(m_filesScanned > 20, "no sources found");
    QVERIFY2(found.isEmpty(), qPrintable(QStringLiteral("SQL built from values (bind them as parameters):\n")
                                         + found.join(u'\n')));
    ++m_passed;
}

void tst_Security::sqlOnlyInTheStoresSqliteFiles()
{
    // The sqlite3 API only in model/store/sqlite*; nothing else may talk to the database.
    static const QRegularExpression sqliteApi(QStringLiteral("\\bsqlite3(_\\w+|\\.h|\\b)"));
    QStringList found;
    for (const QString &folder : {QStringLiteral("model"), QStringLiteral("cli"), QStringLiteral("ui"),
                                  QStringLiteral("app")}) {
        for (const QString &file : sourceFiles(Test::sourceDir() + QStringLiteral("/") + folder)) {
            const QString relative = QDir(Test::sourceDir()).relativeFilePath(file);
            if (relative.startsWith(QLatin1String("model/store/sqlite")))
                continue;
            const QStringList lines = readText(file).split(u'\n');
            for (int i = 0; i < lines.size(); ++i) {
                const QString line = lines.at(i).trimmed();
                if (line.startsWith(QLatin1String("//")) || line.startsWith(u'*'))
                    continue;
                if (sqliteApi.match(line).hasMatch())
                    found << QStringLiteral("%1:%2: %3").arg(relative).arg(i + 1).arg(line);
            }
        }
    }
    QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
    ++m_passed;
}

void tst_Security::searchTextIsOnlyData()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString db = dir.filePath(QStringLiteral("search.sqlite"));
    QList<Operation> operations;
    {
        TestStore store(db);
        QVERIFY(store.isValid());
        // Operations whose ids, orders and conversations hold the very metacharacters searched for.
        for (int i = 0; i < Injections.size(); ++i) {
            Operation operation = TestStore::operation(QStringLiteral("op_%1").arg(i),
                                                       i % 3 ? OperationStatus::Unknown : OperationStatus::Checking,
                                                       1'700'000'000'000 + i);
            operation.orderId = QStringLiteral("order %1 ").arg(i) + Injections.at(i);
            operation.conversationId = Injections.at((i + 1) % Injections.size());
            operation.claimedBy = operation.status == OperationStatus::Checking ? Injections.at(i) : QString();
            QVERIFY2(store.addOperation(operation), qPrintable(store.lastError()));
            operations << operation;
        }
    }
    const QByteArray before = dumpStore(db);
    auto store = StoreFactory::open(db, Store::OpenMode::ReadWrite);
    QVERIFY2(store, store ? "" : qPrintable(store.error().message));

    auto contains = [](const QString &value, const QString &text) { return !value.isNull() && value.contains(text); };
    for (const QString &text : Injections) {
        if (text.trimmed().isEmpty() || text.contains(QChar(0)))
            continue; // nobody types a NUL into a search field
        // Search: exactly the operations holding the text, literally.
        QueueQuery query;
        query.searchText = text;
        query.sortKey = QueueQuery::SortKey::OperationId;
        const auto page = (*store)->queuePage(query, std::nullopt, 1000);
        QVERIFY2(page, page ? "" : qPrintable(page.error().message));
        QStringList got;
        for (const Operation &operation : *page)
            got << operation.operationId;
        QStringList expected;
        const QString needle = text.trimmed();
        for (const Operation &o : operations) {
            if (contains(o.operationId, needle) || contains(o.orderId, needle) || contains(o.idempotencyKey, needle)
                || contains(o.refundId, needle) || contains(o.conversationId, needle))
                expected << o.operationId;
        }
        got.sort();
        expected.sort();
        QVERIFY2(got == expected, qPrintable(QStringLiteral("search %1: got %2, expected %3")
                                                 .arg(text, got.join(u' '), expected.join(u' '))));
        // Claimed-by filter: exactly the operation claimed under that very name.
        query = QueueQuery();
        query.statusFilter = QueueQuery::StatusFilter::ClaimedBy;
        query.claimedBy = text;
        const auto claimed = (*store)->queuePage(query, std::nullopt, 1000);
        QVERIFY(claimed);
        for (const Operation &operation : *claimed)
            QCOMPARE(operation.claimedBy, text);
        // Lookups by id and order.
        const auto byId = (*store)->operation(text);
        QVERIFY(byId);
        QVERIFY(!byId->has_value());
        const auto byOrder = (*store)->orderOperations(text);
        QVERIFY(byOrder);
        QVERIFY(byOrder->empty());
        m_inputsTried += 4;
    }
    store.value().reset();
    QCOMPARE(dumpStore(db), before);
    ++m_passed;
}

void tst_Security::commandLineValuesAreOnlyData()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString db = dir.filePath(QStringLiteral("cli.sqlite"));
    {
        TestStore store(db);
        QVERIFY(store.isValid());
        for (int i = 0; i < Injections.size(); ++i)
            QVERIFY(store.addOperation(TestStore::operation(QStringLiteral("op_%1").arg(i))));
    }
    // Each operation claimed and resolved by an operator named after an injection, with a
    // note and evidence made of injections too; each must land verbatim on its own row.
    int resolved = 0;
    for (int i = 0; i < Injections.size(); ++i) {
        const QString text = Injections.at(i);
        if (text.contains(QChar(0)))
            continue; // a NUL cannot pass through a command line
        const QString name = QStringLiteral("ann ") + text;
        const QString id = QStringLiteral("op_%1").arg(i);
        Run run = refundDesk({"claim", id, "--db", db, "--operator", name});
        QVERIFY2(run.exitCode == 0, qPrintable(text + u' ' + run.err));
        run = refundDesk({"resolve", id, "--db", db, "--operator", name, "--outcome", "refunded", "--refund-id",
                          QStringLiteral("re_") + text, "--evidence", QStringLiteral("dashboard ") + text, "--note",
                          text + QStringLiteral(" note")});
        QVERIFY2(run.exitCode == 0, qPrintable(text + u' ' + run.err));
        ++resolved;
        m_inputsTried += 4;
    }
    QString error;
    int checked = 0;
    QVERIFY2(forEachRow(db, QStringLiteral("SELECT r.operation_id, r.operator, r.refund_id, r.evidence, r.note, "
                                           "o.status, o.refund_id FROM resolutions r JOIN refund_ops o "
                                           "ON o.operation_id = r.operation_id"),
                        [&](const QStringList &row) {
        const QString text = Injections.at(row.at(0).mid(3).toInt());
        QCOMPARE(row.at(1), (QStringLiteral("ann ") + text).trimmed());
        QCOMPARE(row.at(2), (QStringLiteral("re_") + text).trimmed());
        QCOMPARE(row.at(3), (QStringLiteral("dashboard ") + text).trimmed());
        QCOMPARE(row.at(4), (text + QStringLiteral(" note")).trimmed());
        QCOMPARE(row.at(5), QStringLiteral("refunded"));
        QCOMPARE(row.at(6), row.at(2));
        ++checked;
    }, &error), qPrintable(error));
    QCOMPARE(checked, resolved);
    QCOMPARE(queryCount(db, QStringLiteral("SELECT count(*) FROM refund_ops")), qint64(Injections.size()));

    // Ids that are injections name no operation, and list nothing.
    for (const QString &text : Injections) {
        if (text.contains(QChar(0)))
            continue;
        const Run run = refundDesk({"show", text, "--db", db, "--json"});
        QVERIFY2(run.exitCode == 2 && run.out.isEmpty(), qPrintable(text + u' ' + run.err));
        ++m_inputsTried;
    }
    const QString problems = verifyStore(db);
    QVERIFY2(problems.isEmpty(), qPrintable(problems));
    ++m_passed;
}

void tst_Security::exportDefusesFormulas()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString db = dir.filePath(QStringLiteral("export.sqlite"));
    const QStringList formulas = {QStringLiteral("=HYPERLINK(\"http://evil.example\",\"click\")"),
                                  QStringLiteral("+SUM(1,2)"),
                                  QStringLiteral("-2+3+cmd|' /C calc'!A0"),
                                  QStringLiteral("@SUM(1+1)*cmd|' /C calc'!A0"),
                                  QStringLiteral("\t=1+1"),
                                  QStringLiteral("\r=1+1"),
                                  QStringLiteral("=1,\"2\"\n=3")};
    {
        TestStore store(db);
        QVERIFY(store.isValid());
        for (int i = 0; i < formulas.size(); ++i)
            QVERIFY(store.addOperation(TestStore::operation(QStringLiteral("op_%1").arg(i))));
    }
    for (int i = 0; i < formulas.size(); ++i) {
        const QString formula = formulas.at(i);
        const Run run = refundDesk({"resolve", QStringLiteral("op_%1").arg(i), "--db", db, "--operator", formula,
                                    "--outcome", "refunded", "--refund-id", formula, "--evidence", formula, "--note",
                                    formula});
        QVERIFY2(run.exitCode == 0, qPrintable(formula + u' ' + run.err));
    }
    QStringList recorded;
    for (const QString &formula : formulas)
        recorded << formula.trimmed();
    const Run run = refundDesk({"export", "--db", db, "--format", "csv"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QList<QStringList> rows;
    QString problem;
    QVERIFY2(parseCsv(run.out, rows, &problem), qPrintable(problem));
    QCOMPARE(rows.size(), formulas.size() + 1);
    const QStringList header = rows.first();
    int cells = 0;
    for (int r = 1; r < rows.size(); ++r) {
        for (int c = 0; c < rows.at(r).size(); ++c) {
            const QString cell = rows.at(r).at(c);
            if (!cell.isEmpty()) {
                const QChar first = cell.at(0);
                QVERIFY2(first != u'=' && first != u'+' && first != u'@' && first != u'\t' && first != u'\r'
                             && (first != u'-' || QRegularExpression(QStringLiteral("^-\\d+(\\.\\d+)?$"))
                                                      .match(cell).hasMatch()),
                         qPrintable(QStringLiteral("%1 = %2").arg(header.value(c), cell)));
            }
        }
        // The values are all there (as recorded: trimmed), defused by a leading apostrophe.
        for (const char *column : {"operator", "refund_id", "evidence", "note"}) {
            const QString cell = rows.at(r).value(header.indexOf(QLatin1String(column)));
            QVERIFY2(cell.startsWith(u'\'') && recorded.contains(cell.mid(1)),
                     qPrintable(QStringLiteral("%1 = %2").arg(QLatin1String(column), cell)));
            ++cells;
        }
    }
    m_inputsTried += cells;
    m_exportNote = QStringLiteral("%1 formula cells exported, each defused with a leading apostrophe").arg(cells);
    ++m_passed;
}

void tst_Security::cleanupTestCase()
{
    Figures figures(QStringLiteral("security"));
    figures.add(QStringLiteral("source files scanned for SQL built from values"), m_filesScanned);
    figures.add(QStringLiteral("scanner examples (8 bad it must flag, 5 good it must not)"), 13);
    figures.add(QStringLiteral("injection strings"), qint64(Injections.size()));
    figures.add(QStringLiteral("inputs tried (searches, filters, lookups, command-line values, export cells)"),
                m_inputsTried);
    if (!m_exportNote.isEmpty())
        figures.add(QStringLiteral("export"), m_exportNote);
    figures.add(QStringLiteral("SQL built from values found"), 0);
    if (m_passed == 5 || (m_passed == 4 && m_exportNote.isEmpty()))
        figures.write();
}

QTEST_GUILESS_MAIN(tst_Security)
#include "tst_security.moc"
