#pragma once

#include "domain/result.h"

#include <QString>

namespace RefundDesk::Internal {

class PgConnInfo;

// Why a connection to `info` failed, from libpq's message (`detail`, on one line), as one
// sentence that says what to change: a password, a login, a database, a standby that
// takes no writes, each TLS failure, pg_hba.conf, and last a server that is not reachable.
Error connectFailure(const PgConnInfo &info, const QString &detail);

} // namespace RefundDesk::Internal
