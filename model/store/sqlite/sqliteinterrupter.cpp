#include "store/sqlite/sqliteinterrupter.h"

#include <sqlite3.h>

namespace RefundDesk::Internal {

void SqliteInterrupter::close()
{
    std::lock_guard lock(m_mutex);
    m_db = nullptr;
}

void SqliteInterrupter::cancel()
{
    std::lock_guard lock(m_mutex);
    if (m_db)
        sqlite3_interrupt(m_db);
}

} // namespace RefundDesk::Internal
