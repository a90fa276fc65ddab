// Another program holding the store's write lock: it begins an IMMEDIATE transaction,
// writes a webhook event it never commits, says "locked at MS", holds the lock for
// --hold-ms or until it reads "release" on its input, whichever comes first, then rolls
// back, says "released at MS" and exits 0 (MS: milliseconds since the epoch, so that a test
// can order other programs' moves against the lock without timing them). Nothing it wrote
// stays in the store.
//
// rd_lock_holder --db PATH --hold-ms N

#include "helperprogram.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>

using namespace RefundDesk::Helpers;

namespace {

// Waits up to `ms` for a "release" line on standard input. The end of the input (a closed
// pipe, /dev/null) is not a release: the hold then runs its course.
void holdUntilReleased(long long ms)
{
    const long long until = steadyMs() + ms;
    std::string input;
    bool inputOpen = true;
    for (long long left = ms; left > 0; left = until - steadyMs()) {
        if (!inputOpen) {
            sleepMs(left);
            return;
        }
        pollfd in{STDIN_FILENO, POLLIN, 0};
        if (poll(&in, 1, int(std::min(left, 1000LL))) <= 0)
            continue;
        char buffer[64];
        const ssize_t read = ::read(STDIN_FILENO, buffer, sizeof buffer);
        if (read <= 0) {
            inputOpen = false;
            continue;
        }
        input.append(buffer, size_t(read));
        if (input.find("release") != std::string::npos)
            return;
    }
}

} // namespace

int main(int argc, char **argv)
{
    const Arguments arguments(argc, argv);
    Connection connection(arguments.text("db"));
    if (!connection.isOpen())
        return 1;
    if (!connection.exec("BEGIN IMMEDIATE"))
        return 1;
    Statement insert(connection.get(),
                     "INSERT INTO webhook_events (event_id, type, created, received_at, payload) "
                     "VALUES ('evt_lock_holder', 'refund.updated', ?1, ?2, '{}')");
    insert.bind(1, nowMs() / 1000).bind(2, nowMs());
    if (insert.step() != SQLITE_DONE)
        return 1;
    std::printf("locked at %lld\n", nowMs());
    std::fflush(stdout);
    holdUntilReleased(arguments.number("hold-ms", 8000));
    if (!connection.exec("ROLLBACK"))
        return 1;
    std::printf("released at %lld\n", nowMs());
    std::fflush(stdout);
    return 0;
}
