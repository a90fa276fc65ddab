#pragma once

#include <QString>

namespace RefundDesk::Test {

// A Unix socket that takes connections and never answers them. Put in place of a
// server's socket, it is what a host that accepts and then falls silent (overloaded,
// frozen, half cut off) looks like to a client: its connect succeeds, and its wait for
// the first answer lasts until its own timeout. The connections are never accepted: they
// wait in the socket's backlog, and closing the socket resets them all.
class SilentListener final
{
public:
    explicit SilentListener(const QString &path);
    ~SilentListener();
    SilentListener(const SilentListener &) = delete;
    SilentListener &operator=(const SilentListener &) = delete;

    bool isListening() const { return m_fd >= 0; }
    const QString &lastError() const { return m_lastError; }
    // Stops listening and removes the socket file, so that the real server can take it.
    void close();

private:
    QString m_path;
    int m_fd = -1;
    QString m_lastError;
};

} // namespace RefundDesk::Test
