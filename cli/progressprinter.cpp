#include "progressprinter.h"

#include "clicontext.h"

#include <QCoreApplication>
#include <QLocale>
#include <QTextStream>

#include <cstdio>

#ifdef Q_OS_WIN
#include <io.h>
#define RD_ISATTY _isatty
#define RD_FILENO _fileno
#else
#include <unistd.h>
#define RD_ISATTY isatty
#define RD_FILENO fileno
#endif

namespace RefundDesk::Cli {

namespace {

constexpr qint64 QuietBelow = 50'000; // rows: small jobs end before anyone waits
constexpr qint64 TerminalIntervalMs = 200;

} // namespace

ProgressPrinter::ProgressPrinter(CliContext &context, const QString &label)
    : m_err(context.err())
    , m_prefix(QStringLiteral("refund-desk %1: ").arg(context.command()))
    , m_label(label)
    , m_terminal(RD_ISATTY(RD_FILENO(stderr)) != 0)
{
    m_sincePrint.start();
}

bool ProgressPrinter::update(qint64 done, qint64 total)
{
    if (total < QuietBelow || done <= 0)
        return true;
    const QLocale c = QLocale::c();
    const int percent = int(100 * done / std::max<qint64>(total, 1));
    const QString line = m_prefix
        + QCoreApplication::translate("Cli", "%1: %2 of %3 (%4%)", "progress: what, done, total, percent")
              .arg(m_label, c.toString(done), c.toString(total))
              .arg(percent);
    if (m_terminal) {
        if (m_sincePrint.elapsed() < TerminalIntervalMs && done < total)
            return true;
        m_err << '\r' << line;
        m_sincePrint.restart();
    } else {
        const int tenth = percent / 10;
        if (tenth <= m_lastTenth)
            return true;
        m_lastTenth = tenth;
        m_err << line << '\n';
    }
    m_started = true;
    m_err.flush();
    return true;
}

void ProgressPrinter::finish()
{
    if (m_started && m_terminal) {
        m_err << '\n';
        m_err.flush();
    }
    m_started = false;
}

} // namespace RefundDesk::Cli
