#pragma once

#include <QObject>
#include <QTimer>

#include <csignal>

namespace RefundDesk::Cli {

// Ctrl+C for a command that asks Stripe: while it lives, SIGINT no longer kills the
// program but is noted, and interrupted() follows within a tenth of a second on the
// event loop, so that the command stops asking and keeps what it has. The handler that
// was there before comes back when it goes.
class InterruptWatch final : public QObject
{
    Q_OBJECT

public:
    static constexpr int ExitCode = 130; // as a shell reports a command ended by Ctrl+C

    explicit InterruptWatch(QObject *parent = nullptr);
    ~InterruptWatch() override;

    bool wasInterrupted() const;

signals:
    void interrupted();

private:
    QTimer m_poll;
    void (*m_previous)(int) = nullptr;
    bool m_told = false;
};

} // namespace RefundDesk::Cli
