#include "silentlistener.h"

#include <QFile>

#include <cerrno>
#include <cstring>

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace RefundDesk::Test {

SilentListener::SilentListener(const QString &path)
    : m_path(path)
{
    const QByteArray name = QFile::encodeName(path);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    if (size_t(name.size()) >= sizeof(address.sun_path)) {
        m_lastError = QStringLiteral("the socket path %1 is too long").arg(path);
        return;
    }
    std::memcpy(address.sun_path, name.constData(), size_t(name.size()));
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        m_lastError = QStringLiteral("no socket: %1").arg(QString::fromLocal8Bit(std::strerror(errno)));
        return;
    }
    // A backlog far larger than the connects a test makes: none of them is ever refused.
    if (::bind(fd, reinterpret_cast<const sockaddr *>(&address), sizeof(address)) != 0 || ::listen(fd, 256) != 0) {
        m_lastError = QStringLiteral("cannot listen on %1: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno)));
        ::close(fd);
        return;
    }
    m_fd = fd;
}

SilentListener::~SilentListener()
{
    close();
}

void SilentListener::close()
{
    if (m_fd < 0)
        return;
    ::close(m_fd);
    m_fd = -1;
    QFile::remove(m_path);
}

} // namespace RefundDesk::Test
