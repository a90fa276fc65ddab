#pragma once

#include <QStringList>

namespace RefundDesk {

// The database libraries the store runs on, with the versions loaded at run time (e.g.
// "SQLite 3.40.1"): for --version and for bug reports.
QStringList storeLibraryVersions();

} // namespace RefundDesk
