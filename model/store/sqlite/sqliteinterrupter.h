#pragma once

#include "store/storecanceller.h"

#include <mutex>

struct sqlite3;

namespace RefundDesk::Internal {

// sqlite3_interrupt for one open database: the statement running on it stops with
// SQLITE_INTERRUPT. The store calls close() before it closes the database.
class SqliteInterrupter final : public StoreCanceller
{
public:
    explicit SqliteInterrupter(sqlite3 *db) : m_db(db) {}

    void close();
    void cancel() override;

private:
    std::mutex m_mutex;
    sqlite3 *m_db = nullptr;
};

} // namespace RefundDesk::Internal
