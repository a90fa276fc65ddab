#include "snapshots.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

#include <sqlite3.h>

#include <memory>

namespace RefundDesk::Test {

Connection openConnection(const QString &path, QString *error)
{
    sqlite3 *db = nullptr;
    const int code = sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READWRITE, nullptr);
    Connection connection(db, sqlite3_close_v2);
    if (code != SQLITE_OK) {
        if (error)
            *error = QString::fromUtf8(db ? sqlite3_errmsg(db) : sqlite3_errstr(code));
        return Connection(nullptr, sqlite3_close_v2);
    }
    sqlite3_busy_timeout(db, 5000);
    return connection;
}

namespace {

QByteArray columnText(sqlite3_stmt *statement, int column)
{
    switch (sqlite3_column_type(statement, column)) {
    case SQLITE_NULL:
        return "NULL";
    case SQLITE_INTEGER:
        return "i:" + QByteArray::number(sqlite3_column_int64(statement, column));
    case SQLITE_FLOAT:
        return "f:" + QByteArray::number(sqlite3_column_double(statement, column), 'g', 17);
    default: {
        const auto *bytes = static_cast<const char *>(sqlite3_column_blob(statement, column));
        const QByteArray value(bytes, sqlite3_column_bytes(statement, column));
        // Long payloads are compared by digest, so dumps of big stores stay small.
        if (value.size() > 256)
            return "h:" + QCryptographicHash::hash(value, QCryptographicHash::Sha256).toHex();
        return "t:" + value.toPercentEncoding();
    }
    }
}

} // namespace

QMap<QString, QByteArray> snapshot(const QString &folder)
{
    QMap<QString, QByteArray> files;
    const QDir root(folder);
    QDirIterator it(folder, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QFileInfo info(path);
        const QString name = root.relativeFilePath(path);
        if (info.isDir()) {
            files.insert(name + u'/', QByteArrayLiteral("folder"));
            continue;
        }
        QFile file(path);
        QByteArray digest = "unreadable";
        if (file.open(QIODevice::ReadOnly)) {
            QCryptographicHash hash(QCryptographicHash::Sha256);
            hash.addData(&file);
            digest = hash.result().toHex();
        }
        files.insert(name, QByteArray::number(info.size()) + ' ' + digest);
    }
    return files;
}

QString describeDifference(const QMap<QString, QByteArray> &before, const QMap<QString, QByteArray> &after)
{
    QStringList lines;
    for (auto it = before.cbegin(); it != before.cend(); ++it) {
        if (!after.contains(it.key()))
            lines << QStringLiteral("removed: %1").arg(it.key());
        else if (after.value(it.key()) != it.value())
            lines << QStringLiteral("changed: %1 (%2 -> %3)")
                         .arg(it.key(), QString::fromLatin1(it.value()), QString::fromLatin1(after.value(it.key())));
    }
    for (auto it = after.cbegin(); it != after.cend(); ++it) {
        if (!before.contains(it.key()))
            lines << QStringLiteral("created: %1").arg(it.key());
    }
    return lines.join(u'\n');
}

QByteArray dumpStore(const QString &path, QString *error, const QStringList &tables)
{
    Connection db = openConnection(path, error);
    if (!db)
        return {};
    QByteArray dump;
    auto fail = [&]() {
        if (error)
            *error = QString::fromUtf8(sqlite3_errmsg(db.get()));
        return QByteArray();
    };
    sqlite3_stmt *raw = nullptr;
    if (sqlite3_prepare_v2(db.get(), "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name", -1, &raw,
                           nullptr) != SQLITE_OK)
        return fail();
    std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt *)> allTables(raw, sqlite3_finalize);
    QList<QByteArray> names;
    int code;
    while ((code = sqlite3_step(allTables.get())) == SQLITE_ROW)
        names << reinterpret_cast<const char *>(sqlite3_column_text(allTables.get(), 0));
    if (code != SQLITE_DONE)
        return fail();
    if (!tables.isEmpty()) {
        names.clear();
        for (const QString &table : tables)
            names << table.toUtf8();
    }
    for (const QByteArray &name : names) {
        dump += "table " + name + '\n';
        // Test code over the store's own table names: every table's rows in key order.
        const QByteArray sql = "SELECT * FROM \"" + name + "\" ORDER BY 1, 2";
        raw = nullptr;
        if (sqlite3_prepare_v2(db.get(), sql.constData(), -1, &raw, nullptr) != SQLITE_OK)
            return fail();
        std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt *)> rows(raw, sqlite3_finalize);
        while ((code = sqlite3_step(rows.get())) == SQLITE_ROW) {
            const int columns = sqlite3_column_count(rows.get());
            for (int c = 0; c < columns; ++c)
                dump += (c ? "|" : "") + columnText(rows.get(), c);
            dump += '\n';
        }
        if (code != SQLITE_DONE)
            return fail();
    }
    return dump;
}

} // namespace RefundDesk::Test
