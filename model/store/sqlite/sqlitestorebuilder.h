#pragma once

#include "store/storebuilder.h"

#include <QByteArray>
#include <QString>

#include <memory>
#include <vector>

struct sqlite3;

namespace RefundDesk::Internal {

class SqliteStatement;
class SqliteTransaction;

// StoreBuilder over a new SQLite file, built as PATH-building beside its path and moved to
// the path by finish(): an interrupted build never leaves a file at the path. The schema
// is applied as for any store (WAL first); then, for the bulk load, the file is marked as
// no store yet (user_version 0), the journal and fsync are switched off (a failed build
// removes the file rather than rolling back), the page cache is bounded with temporary
// files on disk (the build's memory does not grow with the store) and the schema's
// indexes are dropped. Rows go through prepared statements kept for the whole build,
// committed every RowsPerTransaction rows. finish() commits, creates the indexes again
// from the schema's text (the unique ones check the rows on the way), switches back to
// WAL with synchronous=NORMAL, analyses, writes the schema version and truncates the WAL.
// Destroyed unfinished, the builder removes its file.
class SqliteStoreBuilder final : public StoreBuilder
{
public:
    static constexpr int RowsPerTransaction = 50'000;

    static Result<std::unique_ptr<StoreBuilder>> create(const QString &path);
    ~SqliteStoreBuilder() override;

    Result<void> setMeta(const QString &key, const QString &value) override;
    Result<void> addOperation(const Operation &operation) override;
    Result<void> addAttempt(const Attempt &attempt) override;
    Result<void> addEvent(const WebhookEvent &event) override;
    Result<void> addStoredEvent(const StoredEvent &event) override;
    Result<void> addResolution(const Resolution &resolution) override;
    Result<void> addNote(const OperationNote &note) override;
    Result<void> addProviderLookup(const ProviderLookup &lookup) override;
    Result<void> addResponseBody(const ResponseBody &body) override;
    Result<void> finish() override;

private:
    SqliteStoreBuilder(sqlite3 *db, const QString &path, const QString &buildingPath);

    // Where the store is built until finish() moves it to `path`.
    static QString buildingPath(const QString &path);

    Result<void> deferIndexes();
    Result<void> createDeferredIndexes();
    Result<void> prepare();
    // Steps a bound insert, resets it and counts the row towards the transaction.
    Result<void> insert(SqliteStatement &statement, const char *what);
    Result<void> ensureTransaction();
    Result<void> commit();
    Error errorFor(int code, const QString &doing) const;
    QString pragmaText(const char *sql);
    Result<void> usable() const;
    void closeAndRemove();

    sqlite3 *m_db = nullptr;
    QString m_path;
    QString m_buildingPath;
    bool m_finished = false;
    struct DeferredIndex
    {
        QString name;
        QByteArray sql;
    };
    std::vector<DeferredIndex> m_deferredIndexes;
    std::unique_ptr<SqliteTransaction> m_transaction;
    int m_rowsInTransaction = 0;
    std::unique_ptr<SqliteStatement> m_setMeta;
    std::unique_ptr<SqliteStatement> m_insertOperation;
    std::unique_ptr<SqliteStatement> m_insertAttempt;
    std::unique_ptr<SqliteStatement> m_insertEvent;
    std::unique_ptr<SqliteStatement> m_insertResolution;
    std::unique_ptr<SqliteStatement> m_insertNote;
    std::unique_ptr<SqliteStatement> m_insertLookup;
    std::unique_ptr<SqliteStatement> m_insertBody;
};

} // namespace RefundDesk::Internal
