#pragma once

#include <QString>

namespace RefundDesk {

// The SQLite library loaded at run time, e.g. "3.40.1".
QString sqliteLibraryVersion();

} // namespace RefundDesk
