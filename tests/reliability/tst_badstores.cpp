// Bad stores (docs/RELIABILITY.md): whatever file --db names — missing, empty, text,
// binary, another application's SQLite, a newer schema, a folder, a truncated copy, a
// corrupted page, a store on a full disk — every command gives that case's own message
// and exit 3, and nothing in the folder is created or changed.

#include "reliability.h"
#include "testpaths.h"
#include "teststore.h"

#include "demo/demostore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/mount.h>
#include <unistd.h>

#include <cerrno>
#include <memory>

using namespace RefundDesk;
using namespace RefundDesk::Reliability;
using RefundDesk::Test::TestStore;

namespace {

enum class Case {
    Missing, Empty, Text, Binary, OtherApplication, NewerSchema, Folder, Truncated, CorruptedSchemaPage,
    CorruptedOperationsPage
};

// What each case's message must say, and no other case's may.
QString phraseOf(Case kind)
{
    switch (kind) {
    case Case::Missing: return QStringLiteral("does not exist");
    case Case::Empty: return QStringLiteral("is empty (0 bytes)");
    case Case::Text:
    case Case::Binary: return QStringLiteral("it is not an SQLite database");
    case Case::OtherApplication: return QStringLiteral("is an SQLite database but not a Refund Desk store");
    case Case::NewerSchema: return QStringLiteral("newer than this Refund Desk understands");
    case Case::Folder: return QStringLiteral("is a folder, not a store");
    case Case::Truncated: return QStringLiteral("is cut short");
    case Case::CorruptedSchemaPage:
    case Case::CorruptedOperationsPage: return QStringLiteral("is damaged");
    }
    return {};
}

const QList<Case> AllCases = {Case::Missing,     Case::Empty,  Case::Text,      Case::Binary,
                              Case::OtherApplication, Case::NewerSchema, Case::Folder, Case::Truncated,
                              Case::CorruptedSchemaPage, Case::CorruptedOperationsPage};
const QString FullDiskPhrase = QStringLiteral("is full");

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

// Every command that takes --db, on `db`: the reads, then the writes. SQLite finds damage
// where it reads, so a store damaged in its operations table only is tried with the
// commands that read operations (import-events writes events without reading any).
QList<QStringList> commandsOn(const QString &db, const QString &eventsFile, Case kind)
{
    QList<QStringList> commands = {
        {"queue", "--db", db},
        {"queue", "--json", "--db", db},
        {"show", "op_5521", "--db", db},
        {"claim", "op_5521", "--operator", "ann", "--db", db},
        {"release", "op_5521", "--operator", "ann", "--db", db},
        {"resolve", "op_5521", "--operator", "ann", "--outcome", "failed", "--evidence", "dashboard", "--db", db},
    };
    commands.append({"verify", "--db", db});
    commands.append({"export", "--db", db});
    if (kind != Case::CorruptedOperationsPage)
        commands.append({"import-events", eventsFile, "--db", db});
    return commands;
}

// Unmounts the small file system when the test ends, however it ends.
struct Mount
{
    QString path;
    ~Mount()
    {
        if (!path.isEmpty())
            umount2(QFile::encodeName(path).constData(), MNT_DETACH);
    }
};

// Fills the file system holding `folder` to the last byte.
bool fill(const QString &folder)
{
    QFile filler(folder + QStringLiteral("/filler"));
    if (!filler.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered))
        return false;
    const QByteArray chunk(64 * 1024, 'x');
    while (filler.write(chunk) == chunk.size()) {
    }
    while (filler.write("x", 1) == 1) {
    }
    return true;
}

} // namespace

class tst_BadStores : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void badStore_data();
    void badStore();
    void fullDisk();
    void cleanupTestCase();

private:
    QString build(Case kind, const QString &folder);

    QTemporaryDir m_dir;
    QString m_demoStore;
    QString m_eventsFile;
    qint64 m_commandsRun = 0;
    int m_casesPassed = 0;
    bool m_fullDiskPassed = false;
    QStringList m_messages;
};

void tst_BadStores::initTestCase()
{
    QVERIFY(m_dir.isValid());
    keepIfAsked(m_dir);
    // A real store to truncate and to damage.
    m_demoStore = m_dir.filePath(QStringLiteral("demo.sqlite"));
    SimulationOptions options;
    options.operations = 3000;
    options.seed = 3;
    options.nowMs = 1'767'225'600'000;
    const auto summary = DemoStore::generate(m_demoStore, options);
    QVERIFY2(summary, summary ? "" : qPrintable(summary.error().message));
    m_eventsFile = m_dir.filePath(QStringLiteral("events.jsonl"));
    QVERIFY(writeFile(m_eventsFile, TestStore::refundEventPayload("evt_bad_1", "refund.updated", "re_1", "succeeded",
                                                                  3800, "usd", "op_5521", "key", 1'767'000'000)
                                            .toUtf8()
                                        + '\n'));
}

QString tst_BadStores::build(Case kind, const QString &folder)
{
    const QString db = folder + QStringLiteral("/store.sqlite");
    QString error;
    switch (kind) {
    case Case::Missing:
        break;
    case Case::Empty:
        writeFile(db, {});
        break;
    case Case::Text:
        writeFile(db, "order_id,amount_cents,status\n4417,3800,unknown\n");
        break;
    case Case::Binary: {
        QByteArray bytes(8192, '\0');
        QRandomGenerator random(8);
        for (char &byte : bytes)
            byte = char(random.bounded(256));
        writeFile(db, bytes);
        break;
    }
    case Case::OtherApplication:
        // Another program's SQLite database: a notes app.
        execSql(db, QStringLiteral("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);"
                                   "INSERT INTO notes (body) VALUES ('call the bank');"),
                &error, true);
        break;
    case Case::NewerSchema: {
        { TestStore store(db); store.addOperation(TestStore::operation(QStringLiteral("op_5521"))); }
        execSql(db, QStringLiteral("PRAGMA user_version = 4"), &error);
        break;
    }
    case Case::Folder:
        QDir().mkpath(db);
        writeFile(db + QStringLiteral("/notes.txt"), "a folder named like a store");
        break;
    case Case::Truncated: {
        // A copy that stopped at a quarter.
        QFile::copy(m_demoStore, db);
        QFile file(db);
        file.resize(QFileInfo(m_demoStore).size() / 4);
        break;
    }
    case Case::CorruptedSchemaPage:
    case Case::CorruptedOperationsPage: {
        // Noise over the schema's page (page 1 after its 100-byte file header), or over
        // the root page of refund_ops.
        const qint64 pageSize = queryCount(m_demoStore, QStringLiteral("PRAGMA page_size"));
        qint64 from = 100;
        if (kind == Case::CorruptedOperationsPage) {
            from = (queryCount(m_demoStore, QStringLiteral("SELECT rootpage FROM sqlite_schema "
                                                           "WHERE name = 'refund_ops'")) - 1) * pageSize;
        }
        QFile::copy(m_demoStore, db);
        QFile file(db);
        if (file.open(QIODevice::ReadWrite) && file.seek(from)) {
            QByteArray noise(int(pageSize - from % pageSize), '\0');
            QRandomGenerator random(9);
            for (char &byte : noise)
                byte = char(random.bounded(256));
            file.write(noise);
        }
        break;
    }
    }
    if (!error.isEmpty())
        qWarning("building the store: %s", qPrintable(error));
    return db;
}

void tst_BadStores::badStore_data()
{
    QTest::addColumn<int>("kind");
    const QStringList names = {"missing",         "empty",        "text",
                               "binary",          "another application's SQLite", "newer schema",
                               "a folder",        "truncated copy", "corrupted schema page",
                               "corrupted operations page"};
    for (int i = 0; i < AllCases.size(); ++i)
        QTest::newRow(qPrintable(names.at(i))) << int(AllCases.at(i));
}

void tst_BadStores::badStore()
{
    QFETCH(int, kind);
    const Case badCase = Case(kind);
    const QString folder = m_dir.filePath(QString::fromLatin1(QTest::currentDataTag()).replace(u' ', u'_')
                                              .remove(u'\''));
    QVERIFY(QDir().mkpath(folder));
    const QString db = build(badCase, folder);
    const auto before = snapshot(folder);

    const QString phrase = phraseOf(badCase);
    for (const QStringList &command : commandsOn(db, m_eventsFile, badCase)) {
        const Run run = refundDesk(command);
        ++m_commandsRun;
        const QString what = command.join(u' ') + QStringLiteral(" -> exit %1: %2").arg(run.exitCode).arg(run.err);
        QVERIFY2(run.exitCode == 3, qPrintable(what));
        QVERIFY2(run.err.contains(phrase), qPrintable(what));
        QVERIFY2(run.out.isEmpty() || command.first() == QLatin1String("export"), qPrintable(what));
        for (const Case other : AllCases) {
            if (phraseOf(other) != phrase)
                QVERIFY2(!run.err.contains(phraseOf(other)), qPrintable(what));
        }
        QVERIFY2(!run.err.contains(FullDiskPhrase), qPrintable(what));
        if (command.first() == QLatin1String("queue") && command.size() == 3)
            m_messages << QStringLiteral("%1: %2").arg(QString::fromLatin1(QTest::currentDataTag()),
                                                     run.err.trimmed().replace(db, QStringLiteral("PATH")));
    }
    const auto after = snapshot(folder);
    QVERIFY2(after == before, qPrintable(describeDifference(before, after)));
    ++m_casesPassed;
}

void tst_BadStores::fullDisk()
{
    const QString folder = m_dir.filePath(QStringLiteral("full"));
    QVERIFY(QDir().mkpath(folder));
    Mount guard;
    // RD_RELIABILITY_NO_MOUNT=1 tries the fallback where mounting is possible.
    const bool mounted = geteuid() == 0 && qgetenv("RD_RELIABILITY_NO_MOUNT") != "1"
                         && mount("tmpfs", QFile::encodeName(folder).constData(), "tmpfs", 0, "size=1m,mode=0755") == 0;
    if (mounted)
        guard.path = folder;
    const QString db = folder + QStringLiteral("/store.sqlite");
    {
        TestStore store(db);
        QVERIFY2(store.isValid(), qPrintable(store.lastError()));
        QVERIFY(store.addOperation(TestStore::operation(QStringLiteral("op_5521"))));
        Operation claimed = TestStore::operation(QStringLiteral("op_claimed"), OperationStatus::Checking);
        claimed.claimedBy = QStringLiteral("ann");
        QVERIFY(store.addOperation(claimed));
    }
    const QStringList writes[] = {
        {"claim", "op_5521", "--operator", "bob", "--db", db},
        {"release", "op_claimed", "--operator", "ann", "--db", db},
        {"resolve", "op_5521", "--operator", "bob", "--outcome", "failed", "--evidence", "dashboard", "--note",
         QString(60000, u'n'), "--db", db},
        {"import-events", m_eventsFile, "--db", db},
    };
    const QByteArray dump = dumpStore(db);
    QVERIFY(!dump.isEmpty());
    Figures figures(QStringLiteral("bad-stores-full-disk"));

    if (!mounted) {
        // No small file system to fill: SQLite's page limit stands in for the disk's end.
        qInfo("cannot mount a small file system here (not root, or not permitted): using max_page_count");
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("RD_TEST_MAX_PAGE_COUNT"),
                           QString::number(queryCount(db, QStringLiteral("PRAGMA page_count"))));
        const auto before = snapshot(folder);
        const Run run = runProgram(Test::testingAppPath(), writes[2], 60000, environment);
        QVERIFY2(run.exitCode == 3 && run.err.contains(FullDiskPhrase), qPrintable(run.err));
        QCOMPARE(dumpStore(db), dump);
        const auto after = snapshot(folder);
        QVERIFY2(after == before, qPrintable(describeDifference(before, after)));
        ++m_commandsRun;
        figures.add(QStringLiteral("full disk"), QStringLiteral("simulated with PRAGMA max_page_count (no mount)"));
        figures.write();
        m_fullDiskPassed = true;
        return;
    }

    // 1. The usual case: the refund tool is connected (its -wal and -shm exist) when the disk
    // fills up. (The store file is hashed before: reading it with QFile while a connection
    // of this process is open would drop that connection's locks.)
    const QByteArray storeFile = snapshot(folder).value(QStringLiteral("store.sqlite"));
    auto tool = std::make_unique<WriteLockProbe>(db);
    QVERIFY(tool->isValid());
    QVERIFY(!tool->isHeld()); // a first read and write lock: the -wal and -shm files are set up
    QVERIFY(fill(folder));
    int commands = 0;
    for (const QStringList &command : writes) {
        const Run run = refundDesk(command);
        ++commands;
        const QString what = command.first() + QStringLiteral(" -> exit %1: %2").arg(run.exitCode).arg(run.err);
        QVERIFY2(run.exitCode == 3 && run.err.contains(FullDiskPhrase) && run.err.contains("Nothing was written"),
                 qPrintable(what));
        if (command.first() == QLatin1String("resolve"))
            m_messages << QStringLiteral("full disk: %1").arg(run.err.trimmed().replace(db, QStringLiteral("PATH")));
    }
    // Reading a full disk still works.
    for (const QStringList &read : {QStringList{"queue", "--db", db}, QStringList{"show", "op_5521", "--db", db}}) {
        const Run run = refundDesk(read);
        ++commands;
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    }
    QCOMPARE(dumpStore(db), dump);
    tool.reset(); // the last connection: its WAL is checkpointed and removed, freeing a little room
    QCOMPARE(snapshot(folder).value(QStringLiteral("store.sqlite")), storeFile);

    // 2. Nobody is connected: the first write cannot even set up SQLite's -shm file.
    QVERIFY(fill(folder));
    const auto before = snapshot(folder);
    const Run run = refundDesk(writes[0]);
    ++commands;
    QVERIFY2(run.exitCode == 3 && run.err.contains(FullDiskPhrase), qPrintable(run.err));
    m_messages << QStringLiteral("full disk, nobody connected: %1")
                      .arg(run.err.trimmed().replace(db, QStringLiteral("PATH")));
    const auto after = snapshot(folder);
    // SQLite itself leaves an empty -wal and a stub -shm it re-initialises on the next open;
    // the store and everything else are untouched.
    for (auto it = after.cbegin(); it != after.cend(); ++it) {
        if (it.key() != QLatin1String("store.sqlite-wal") && it.key() != QLatin1String("store.sqlite-shm"))
            QVERIFY2(before.value(it.key()) == it.value(), qPrintable(describeDifference(before, after)));
    }
    QCOMPARE(after.value(QStringLiteral("store.sqlite-wal")).left(2), QByteArray("0 "));
    QFile::remove(folder + QStringLiteral("/filler"));
    QCOMPARE(dumpStore(db), dump);
    m_commandsRun += commands;
    figures.add(QStringLiteral("full disk"), QStringLiteral("a 1 MiB tmpfs filled to the last byte"));
    figures.add(QStringLiteral("commands run on the full disk"), commands);
    figures.add(QStringLiteral("rows changed"), 0);
    figures.write();
    m_fullDiskPassed = true;
}

void tst_BadStores::cleanupTestCase()
{
    Figures figures(QStringLiteral("bad-stores"));
    figures.add(QStringLiteral("kinds of bad store"), AllCases.size() + 1);
    figures.add(QStringLiteral("commands run against them"), m_commandsRun);
    figures.add(QStringLiteral("exit code"), QStringLiteral("3 for every one (reads on the full disk: 0)"));
    figures.add(QStringLiteral("files created or changed"), 0);
    for (const QString &message : m_messages)
        figures.add(QStringLiteral("message"), message);
    if (m_casesPassed == AllCases.size() && m_fullDiskPassed)
        figures.write();
}

QTEST_GUILESS_MAIN(tst_BadStores)
#include "tst_badstores.moc"
