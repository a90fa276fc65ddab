#pragma once

#include "store/storecanceller.h"

#include <mutex>

struct pg_conn;
struct pg_cancel;

namespace RefundDesk::Internal {

// libpq's cancel request for one connection (PQcancel, which opens a connection of its
// own to the server and waits for it, so it runs on the caller's thread, never the
// connection's). The connection hands it its libpq connection again after each reconnect.
class PgCanceller final : public StoreCanceller
{
public:
    PgCanceller() = default;
    ~PgCanceller() override;
    PgCanceller(const PgCanceller &) = delete;
    PgCanceller &operator=(const PgCanceller &) = delete;

    // The connection whose statements cancel() stops from now on; none after close().
    void reset(pg_conn *conn);
    void close() { reset(nullptr); }
    void cancel() override;

private:
    std::mutex m_mutex;
    pg_cancel *m_cancel = nullptr;
};

} // namespace RefundDesk::Internal
