#pragma once

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>

#include <memory>

struct sqlite3;

// Before-and-after pictures for tests that prove something changed nothing: of a folder's
// files and of a store's rows.
namespace RefundDesk::Test {

// Every file under `folder` (recursively) with its size and SHA-256, and every subfolder:
// two snapshots are equal when nothing was created, removed or changed.
QMap<QString, QByteArray> snapshot(const QString &folder);
// What differs between two snapshots, one line per file; empty when they are equal.
QString describeDifference(const QMap<QString, QByteArray> &before, const QMap<QString, QByteArray> &after);

// Every row of every table of a store, in primary-key order, as text: equal dumps mean
// equal contents whatever the files look like (WAL or not). Opens and closes its own
// connection. Empty with `error` set when the store cannot be read. With `tables`, only
// those tables, in that order.
QByteArray dumpStore(const QString &path, QString *error = nullptr, const QStringList &tables = {});

// A read-write connection of the test's own to the store at `path` (5 s busy timeout),
// closed when it goes; null with `error` set when it cannot be opened.
using Connection = std::unique_ptr<sqlite3, int (*)(sqlite3 *)>;
Connection openConnection(const QString &path, QString *error = nullptr);

} // namespace RefundDesk::Test
