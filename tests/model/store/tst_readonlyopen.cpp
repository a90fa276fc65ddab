// Read-only done right: a store opened read-only creates and changes no file, not even
// SQLite's -wal and -shm; a WAL store copied to a folder its reader may not write still
// opens (immutable, and says so); write commands on it exit 3. The copies are read by
// another user, since root would bypass the file modes.

#include "auditteststore.h"
#include "clirun.h"
#include "testpaths.h"

#include "audit/auditverifier.h"
#include "store/store.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <pwd.h>
#include <unistd.h>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

constexpr qint64 T0 = 1'717'243'200'000;
constexpr qint64 Hour = 3'600'000;

struct FileState
{
    qint64 size = 0;
    qint64 modified = 0;
    qint64 changed = 0;
    QFile::Permissions permissions;
    QByteArray sha256;

    bool operator==(const FileState &other) const = default;
};

// Every entry in the folder, hidden ones included, with what would show any change.
QMap<QString, FileState> snapshot(const QString &folder)
{
    QMap<QString, FileState> files;
    QDirIterator it(folder, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
    while (it.hasNext()) {
        const QFileInfo info(it.next());
        FileState state;
        state.size = info.size();
        state.modified = info.lastModified().toMSecsSinceEpoch();
        state.changed = info.metadataChangeTime().toMSecsSinceEpoch();
        state.permissions = info.permissions();
        QFile file(info.filePath());
        if (file.open(QIODevice::ReadOnly)) {
            QCryptographicHash hash(QCryptographicHash::Sha256);
            hash.addData(&file);
            state.sha256 = hash.result().toHex();
        }
        files.insert(info.fileName(), state);
    }
    return files;
}

QString describe(const QMap<QString, FileState> &files)
{
    QStringList lines;
    for (auto it = files.cbegin(); it != files.cend(); ++it)
        lines << QStringLiteral("%1 %2 bytes %3").arg(it.key()).arg(it->size).arg(QString::fromLatin1(it->sha256.left(12)));
    return lines.join(QStringLiteral("; "));
}

bool setMode(const QString &path, QFile::Permissions permissions)
{
    return QFile::setPermissions(path, permissions);
}

const QFile::Permissions ReadOnlyFile = QFile::ReadOwner | QFile::ReadUser | QFile::ReadGroup | QFile::ReadOther;
const QFile::Permissions ReadOnlyFolder = ReadOnlyFile | QFile::ExeOwner | QFile::ExeUser | QFile::ExeGroup
                                          | QFile::ExeOther;
const QFile::Permissions OpenFolder = ReadOnlyFolder | QFile::WriteOwner | QFile::WriteUser | QFile::WriteGroup
                                      | QFile::WriteOther;
const QFile::Permissions OwnerFolder = ReadOnlyFolder | QFile::WriteOwner | QFile::WriteUser;

} // namespace

class tst_ReadOnlyOpen : public QObject
{
    Q_OBJECT

private:
    // How to run a program as someone the file modes apply to: nothing to add when this
    // test is not root; setpriv to the nobody user when it is.
    QStringList m_asOtherUser;
    bool m_canRunAsOtherUser = false;

    CliRun runAsOtherUser(const QString &program, const QStringList &arguments)
    {
        QStringList command = m_asOtherUser;
        command << program << arguments;
        const QString first = command.takeFirst();
        return runProgram(first, command);
    }

    CliRun cli(const QStringList &arguments) { return runAsOtherUser(Test::appPath(), arguments); }

    // A store with three resolutions checkpointed into the main file and two more still in
    // its -wal file, held open by `s` (so -wal and -shm exist).
    bool fillStore(AuditTestStore &s)
    {
        if (!s.isValid()
            || !s.store().addOperation(TestStore::operation(QStringLiteral("op_9"), OperationStatus::Unknown, T0)))
            return false;
        for (int i = 1; i <= 3; ++i) {
            if (!s.addResolved(QStringLiteral("op_%1").arg(i), i % 2 ? Outcome::Refunded : Outcome::Failed,
                               QStringLiteral("alice"), T0 + i * Hour))
                return false;
        }
        if (!s.store().exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)")))
            return false;
        for (int i = 4; i <= 5; ++i) {
            if (!s.addResolved(QStringLiteral("op_%1").arg(i), Outcome::Failed, QStringLiteral("bob"), T0 + i * Hour))
                return false;
        }
        return true;
    }

private slots:
    void initTestCase()
    {
        if (geteuid() != 0) {
            m_canRunAsOtherUser = true;
            return;
        }
        const QString setpriv = QStandardPaths::findExecutable(QStringLiteral("setpriv"));
        const passwd *nobody = getpwnam("nobody");
        if (setpriv.isEmpty() || !nobody)
            return;
        m_asOtherUser = {setpriv, QStringLiteral("--reuid=%1").arg(nobody->pw_uid),
                         QStringLiteral("--regid=%1").arg(nobody->pw_gid), QStringLiteral("--clear-groups")};
        m_canRunAsOtherUser = true;
    }

    // In process, as whoever runs the test: a read-only open of a closed WAL store makes
    // no -wal or -shm (SQLite would), reads everything, and says it is a snapshot.
    void readOnlyOpenCreatesNothing()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("store.sqlite"));
        {
            AuditTestStore s(path);
            QVERIFY2(fillStore(s), qPrintable(s.lastError()));
        }
        QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));
        const auto before = snapshot(dir.path());
        QString note;
        {
            auto store = StoreFactory::open(path, Store::OpenMode::ReadOnly);
            QVERIFY2(store.ok(), qPrintable(store.ok() ? QString() : store.error().message));
            QVERIFY((*store)->isReadOnly());
            // A snapshot: what a person sees of it stops at this moment.
            QCOMPARE((*store)->freshness(), Store::Freshness::Snapshot);
            note = (*store)->openNote();
            auto report = AuditVerifier(**store).run();
            QVERIFY(report.ok());
            QVERIFY2(report->intact(), qPrintable(report->problems().join(u'\n')));
            QCOMPARE(report->verifiedCount, 5);
            auto queue = (*store)->queuePage(QueueQuery{}, std::nullopt, 10);
            QVERIFY(queue.ok());
            QCOMPARE(queue->size(), size_t(1));
            // A write is refused with the store's reason, and changes nothing.
            auto claim = (*store)->claim(QStringLiteral("op_9"), SeenState::of(queue->front()),
                                         QStringLiteral("eve"), false);
            QVERIFY(!claim.ok());
            QCOMPARE(claim.error().exitCode(), 3);
        }
        const auto after = snapshot(dir.path());
        QVERIFY2(after == before, qPrintable(describe(before) + QStringLiteral(" -> ") + describe(after)));
        QVERIFY2(note.contains(QStringLiteral("snapshot")), qPrintable(note));
        QVERIFY(!note.contains(QStringLiteral("-wal file holds")));
    }

    // With the writer still open, -wal and -shm exist: the read-only open shares them
    // (no snapshot), sees the writer's newest commits and creates no file.
    void readOnlyOpenBesideALiveWriter()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("store.sqlite"));
        AuditTestStore s(path);
        QVERIFY2(fillStore(s), qPrintable(s.lastError()));
        QVERIFY(QFile::exists(path + QStringLiteral("-wal")));
        QVERIFY(QFile::exists(path + QStringLiteral("-shm")));
        const QStringList namesBefore = QDir(dir.path()).entryList(QDir::Files | QDir::Hidden);

        auto store = StoreFactory::open(path, Store::OpenMode::ReadOnly);
        QVERIFY(store.ok());
        QVERIFY((*store)->isReadOnly());
        QCOMPARE((*store)->openNote(), QString());
        QCOMPARE((*store)->freshness(), Store::Freshness::Live);
        auto count = (*store)->auditCount(AuditQuery{});
        QVERIFY(count.ok());
        QCOMPARE(*count, 5);

        // A commit after opening shows: this is a live read, not a snapshot.
        QVERIFY(s.addResolved(QStringLiteral("op_6"), Outcome::Failed, QStringLiteral("carol"), T0 + 6 * Hour));
        count = (*store)->auditCount(AuditQuery{});
        QVERIFY(count.ok());
        QCOMPARE(*count, 6);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), namesBefore);
    }

    // A copy made with its -wal file but without the -shm: the snapshot cannot read the
    // changes in that -wal, and says it is incomplete rather than merely a snapshot.
    void snapshotOfAnIncompleteCopySaysSo()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("store.sqlite"));
        const QString copyPath = dir.filePath(QStringLiteral("copy.sqlite"));
        {
            AuditTestStore s(path);
            QVERIFY2(fillStore(s), qPrintable(s.lastError()));
            for (const QString &suffix : {QString(), QStringLiteral("-wal")})
                QVERIFY(QFile::copy(path + suffix, copyPath + suffix));
        }
        QVERIFY(QFileInfo(copyPath + QStringLiteral("-wal")).size() > 0);
        QVERIFY(!QFile::exists(copyPath + QStringLiteral("-shm")));
        auto store = StoreFactory::open(copyPath, Store::OpenMode::ReadOnly);
        QVERIFY2(store.ok(), qPrintable(store.ok() ? QString() : store.error().message));
        QCOMPARE((*store)->freshness(), Store::Freshness::IncompleteSnapshot);
        QVERIFY2((*store)->openNote().contains(QStringLiteral("-wal file holds")), qPrintable((*store)->openNote()));
        auto count = (*store)->auditCount(AuditQuery{});
        QVERIFY(count.ok());
        QCOMPARE(*count, 3); // the two in the -wal are missing, as it says
    }

    void ownReadWriteOpenStaysWritable()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("store.sqlite"));
        {
            AuditTestStore s(path);
            QVERIFY(fillStore(s));
        }
        auto store = StoreFactory::open(path, Store::OpenMode::ReadWrite);
        QVERIFY(store.ok());
        QVERIFY(!(*store)->isReadOnly());
        QCOMPARE((*store)->openNote(), QString());
        QCOMPARE((*store)->freshness(), Store::Freshness::Live);
    }

    void copyReadByAnotherUser_data()
    {
        QTest::addColumn<QStringList>("copied");      // suffixes of the files copied
        QTest::addColumn<bool>("folderWritable");     // the copy's folder open to everyone
        QTest::addColumn<int>("visible");             // resolutions the reader sees
        QTest::addColumn<QString>("note");            // part of the open note, or empty for none

        QTest::newRow("checkpointed copy, read-only folder")
            << QStringList{QString()} << false << 3 << QStringLiteral("Read-only snapshot");
        QTest::newRow("copy with -wal but no -shm, read-only folder")
            << QStringList{QString(), QStringLiteral("-wal")} << false << 3
            << QStringLiteral("-wal file holds");
        QTest::newRow("copy with -wal and -shm, read-only folder")
            << QStringList{QString(), QStringLiteral("-wal"), QStringLiteral("-shm")} << false << 5 << QString();
        QTest::newRow("read-only file in a folder anyone may write")
            << QStringList{QString()} << true << 3 << QStringLiteral("Read-only snapshot");
    }

    void copyReadByAnotherUser()
    {
        QFETCH(QStringList, copied);
        QFETCH(bool, folderWritable);
        QFETCH(int, visible);
        QFETCH(QString, note);
        if (!m_canRunAsOtherUser)
            QSKIP("Running as root without setpriv or a nobody user: the file modes cannot be tested.");

        QTemporaryDir base;
        QVERIFY(setMode(base.path(), ReadOnlyFolder | QFile::WriteOwner | QFile::WriteUser));
        const QString source = base.filePath(QStringLiteral("source"));
        const QString copy = base.filePath(QStringLiteral("copy"));
        QVERIFY(QDir().mkpath(source));
        QVERIFY(QDir().mkpath(copy));
        const QString sourcePath = source + QStringLiteral("/store.sqlite");
        const QString copyPath = copy + QStringLiteral("/store.sqlite");
        {
            AuditTestStore s(sourcePath);
            QVERIFY2(fillStore(s), qPrintable(s.lastError()));
            // Copied while the writer is open, as a file copy of a live store would be.
            for (const QString &suffix : copied)
                QVERIFY(QFile::copy(sourcePath + suffix, copyPath + suffix));
        }
        for (const QString &suffix : copied)
            QVERIFY(setMode(copyPath + suffix, ReadOnlyFile));
        QVERIFY(setMode(copy, folderWritable ? OpenFolder : ReadOnlyFolder));
        const auto restoreMode = qScopeGuard([&copy] { setMode(copy, OwnerFolder); }); // for the clean-up
        const auto before = snapshot(copy);

        // The test means something only if the reader really may not write here.
        const CliRun touch = runAsOtherUser(QStringLiteral("/bin/sh"),
                                         {QStringLiteral("-c"), QStringLiteral("echo x >> \"$1\""), QStringLiteral("sh"),
                                          copyPath});
        QVERIFY2(touch.exitCode != 0, "the other user could write the store: the test proves nothing");

        // Everything a reader does, then the proof that no file changed, then what each said.
        const CliRun verify = cli({QStringLiteral("verify"), QStringLiteral("--db"), copyPath});
        const CliRun exported = cli({QStringLiteral("export"), QStringLiteral("--db"), copyPath,
                                  QStringLiteral("--format"), QStringLiteral("json")});
        const CliRun queue = cli({QStringLiteral("queue"), QStringLiteral("--db"), copyPath});
        const CliRun claim = cli({QStringLiteral("claim"), QStringLiteral("op_9"), QStringLiteral("--db"), copyPath,
                               QStringLiteral("--operator"), QStringLiteral("eve")});
        // The console opens such a store read-only by itself (its audit window too).
        QTemporaryDir shots;
        QVERIFY(setMode(shots.path(), OpenFolder));
        const QString picture = shots.filePath(QStringLiteral("console.png"));
        const CliRun console = cli({QStringLiteral("--db"), copyPath, QStringLiteral("--operator"), QStringLiteral("eve"),
                                 QStringLiteral("--screenshot"), picture});

        const auto after = snapshot(copy);
        QVERIFY2(after == before, qPrintable(describe(before) + QStringLiteral(" -> ") + describe(after)));

        QVERIFY2(verify.exitCode == 0, qPrintable(verify.err));
        QVERIFY2(verify.out.startsWith(QStringLiteral("verified %1 resolutions, chain intact through #%1\n")
                                           .arg(visible).toUtf8()),
                 verify.out.constData());
        if (note.isEmpty())
            QVERIFY2(!verify.err.contains(QStringLiteral("note:")), qPrintable(verify.err));
        else
            QVERIFY2(verify.err.contains(note), qPrintable(verify.err));

        QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
        const nlohmann::json doc = nlohmann::json::parse(exported.out.toStdString(), nullptr, false);
        QVERIFY(doc.is_array());
        QCOMPARE(int(doc.size()), visible);

        QVERIFY2(queue.exitCode == 0, qPrintable(queue.err));
        QVERIFY(queue.out.contains("op_9"));

        // Write commands stop with exit 3 and say why.
        QCOMPARE(claim.exitCode, 3);
        QVERIFY2(claim.err.contains(QStringLiteral("cannot be written")), qPrintable(claim.err));
        QVERIFY2(claim.err.contains(QStringLiteral("Nothing was written")), qPrintable(claim.err));
        QVERIFY2(claim.err.contains(QStringLiteral("you may not write this store (the file is read-only for you)")),
                 qPrintable(claim.err));

        QVERIFY2(console.exitCode == 0, qPrintable(console.err));
        QVERIFY(QFileInfo(picture).size() > 0);
    }

    // A store anyone may write, in a folder anyone may write: a -wal file the user may not
    // write makes a write command stop (exit 3, naming it); one that is not there (the
    // store's last user deleted it on closing) is no reason to, and the claim goes through.
    void journalFilesOnlyCountWhenTheyExist_data()
    {
        QTest::addColumn<bool>("walKept");
        QTest::newRow("a -wal file read-only for the user") << true;
        QTest::newRow("no -wal or -shm file") << false;
    }

    void journalFilesOnlyCountWhenTheyExist()
    {
        QFETCH(bool, walKept);
        if (!m_canRunAsOtherUser)
            QSKIP("Running as root without setpriv or a nobody user: the file modes cannot be tested.");
        QTemporaryDir base;
        QVERIFY(setMode(base.path(), OpenFolder | QFile::WriteOther));
        const QString path = base.filePath(QStringLiteral("store.sqlite"));
        {
            AuditTestStore s(path);
            QVERIFY2(fillStore(s), qPrintable(s.lastError()));
            if (walKept) // a copy of the live -wal, kept once the writer has gone
                QVERIFY(QFile::copy(path + QStringLiteral("-wal"), base.filePath(QStringLiteral("kept-wal"))));
        }
        QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));
        if (walKept) {
            QVERIFY(QFile::rename(base.filePath(QStringLiteral("kept-wal")), path + QStringLiteral("-wal")));
            QVERIFY(setMode(path + QStringLiteral("-wal"), ReadOnlyFile));
        }
        QVERIFY(setMode(path, ReadOnlyFile | QFile::WriteOwner | QFile::WriteUser | QFile::WriteGroup
                                  | QFile::WriteOther));

        const CliRun claim = cli({QStringLiteral("claim"), QStringLiteral("op_9"), QStringLiteral("--db"), path,
                                  QStringLiteral("--operator"), QStringLiteral("eve")});
        if (walKept) {
            QCOMPARE(claim.exitCode, 3);
            QVERIFY2(claim.err.contains(QStringLiteral("its -wal file is read-only for you")), qPrintable(claim.err));
        } else {
            QVERIFY2(claim.exitCode == 0, qPrintable(claim.err));
        }
    }
};

QTEST_GUILESS_MAIN(tst_ReadOnlyOpen)
#include "tst_readonlyopen.moc"
