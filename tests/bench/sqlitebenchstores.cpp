// bench_scale's SQLite demo stores: built by the simulator, cached between runs.

#include "sqlitebenchstores.h"

#include "benchlog.h"
#include "processstats.h"

#include "demo/demostore.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSettings>

#include <unistd.h>

namespace RefundDesk::Bench {

// A SQLite store and the journal files it may have left beside it.
void removeSqliteFiles(const QString &path)
{
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
        QFile::remove(path + suffix);
}

QString storePath(const QString &dir, qint64 operations)
{
    return QDir(dir).filePath(QStringLiteral("demo-%1-seed%2.sqlite").arg(operations).arg(Seed));
}

// The store, built now or as built by an earlier run (its figures kept beside it).
BuildInfo ensureStore(const QString &path, qint64 operations, bool rebuild)
{
    BuildInfo info;
    const QString infoPath = path + QStringLiteral(".build.ini");
    if (rebuild) {
        removeSqliteFiles(path);
        QFile::remove(path + QStringLiteral(".build.ini"));
    }
    if (QFileInfo::exists(path) && QFileInfo::exists(infoPath)) {
        QSettings saved(infoPath, QSettings::IniFormat);
        info.ok = true;
        info.cached = true;
        info.seconds = saved.value(QStringLiteral("seconds")).toDouble();
        info.rate = saved.value(QStringLiteral("rate")).toDouble();
        info.builtAt = saved.value(QStringLiteral("built_at")).toString();
        info.loadAtBuild = saved.value(QStringLiteral("load")).toDouble();
        return info;
    }
    QFile::remove(path);
    const QString building = path + QStringLiteral(".building");
    removeSqliteFiles(building);

    SimulationOptions options;
    options.operations = operations;
    options.seed = Seed;
    options.nowMs = SimulatedNowMs;
    err() << "building a store of " << operations << " operations in " << path << " ...\n";
    err().flush();
    const double load = ProcessStats::loadAverage();
    QElapsedTimer timer;
    timer.start();
    const auto summary = DemoStore::generate(building, options);
    info.seconds = double(timer.nsecsElapsed()) / 1e9;
    if (!summary) {
        info.error = summary.error().message;
        return info;
    }
    if (!QFile::rename(building, path)) {
        info.error = QStringLiteral("cannot rename %1 to %2").arg(building, path);
        return info;
    }
    // Measured at rest: the new store's pages go to disk now, or the kernel writes them
    // back while the next measurements run (a gigabyte and a half at 1M) and slows them.
    if (QFile written(path); written.open(QIODevice::ReadOnly))
        ::fsync(written.handle());
    info.ok = true;
    info.rate = double(operations) / info.seconds;
    info.builtAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    info.loadAtBuild = load;
    QSettings saved(infoPath, QSettings::IniFormat);
    saved.setValue(QStringLiteral("seconds"), info.seconds);
    saved.setValue(QStringLiteral("rate"), info.rate);
    saved.setValue(QStringLiteral("built_at"), info.builtAt);
    saved.setValue(QStringLiteral("load"), load);
    saved.sync();
    return info;
}

} // namespace RefundDesk::Bench
