#pragma once

#include <QElapsedTimer>
#include <QString>

QT_BEGIN_NAMESPACE
class QTextStream;
QT_END_NAMESPACE

namespace RefundDesk::Cli {

class CliContext;

// Progress of a long command on standard error: one line rewritten in place on a
// terminal (at most a few times a second), a line per tenth when redirected, and nothing
// at all for small jobs that finish at once.
class ProgressPrinter final
{
public:
    // Lines "refund-desk <command>: <label>: 5,000 of 80,000 (6%)" on the command's
    // standard error.
    ProgressPrinter(CliContext &context, const QString &label);

    // done of total units so far; always returns true (the command is not cancelled).
    bool update(qint64 done, qint64 total);
    // Ends the line on a terminal.
    void finish();

private:
    QTextStream &m_err;
    QString m_prefix;
    QString m_label;
    bool m_terminal = false;
    bool m_started = false;
    int m_lastTenth = 0;
    QElapsedTimer m_sincePrint;
};

} // namespace RefundDesk::Cli
