#pragma once

#include <QString>

namespace RefundDesk::Bench {

// The same store on every run: a fixed seed and a fixed simulated "now".
constexpr quint64 Seed = 1;
constexpr qint64 SimulatedNowMs = 1'767'225'600'000; // 2026-01-01T00:00:00Z

// How a demo store came to be: built now, or by an earlier run (its figures kept beside it).
struct BuildInfo
{
    bool ok = false;
    bool cached = false;
    double seconds = 0;
    double rate = 0;
    QString builtAt;
    double loadAtBuild = 0;
    QString error;
};

// A SQLite store and the journal files it may have left beside it.
void removeSqliteFiles(const QString &path);
// Where the store of `operations` operations is cached in `dir`.
QString storePath(const QString &dir, qint64 operations);
// The store, built now or as built by an earlier run (its figures kept beside it).
BuildInfo ensureStore(const QString &path, qint64 operations, bool rebuild);

} // namespace RefundDesk::Bench
