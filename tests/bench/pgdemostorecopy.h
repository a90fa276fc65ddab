#pragma once

#include "latencyproxy.h"
#include "pgtestserver.h"

#include <QProcessEnvironment>
#include <QString>

#include <memory>

namespace RefundDesk::Bench {

// A demo store copied into a PostgreSQL server of the benchmark's own, configured as a
// fresh installation is (fsync on, 128 MB of shared buffers), as `refund-desk copy` copies
// it, then VACUUM (ANALYZE) as autovacuum would have run by then; reached over the server's
// socket, or through a proxy that delays each way by half a round trip. Everything goes
// with the object.
class PgDemoStoreCopy final
{
public:
    PgDemoStoreCopy();

    // Empty when the server holds the copy; else why not.
    QString copy(const QString &demoStore, const QProcessEnvironment &environment);
    // Empty when the proxy listens; else why not.
    QString reachAtRoundTrip(int roundTripMs);

    // The copy over the server's socket, as its superuser.
    QString directLocation() const;
    // The copy through the proxy, as its superuser.
    QString distantLocation() const;
    qint64 databaseBytes();
    // Round trips through the proxy so far: each one costs the client the round trip's time.
    qint64 roundTrips() const { return m_proxy ? m_proxy->roundTrips() : 0; }

private:
    Test::PgTestServer m_server;
    std::unique_ptr<Test::LatencyProxy> m_proxy;
};

} // namespace RefundDesk::Bench
