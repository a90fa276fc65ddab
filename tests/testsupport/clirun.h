#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace RefundDesk::Test {

// One run of the built refund-desk executable, the way scripts and other programs use it.
struct CliRun
{
    int exitCode = -1; // -1: did not finish in time; -2: crashed
    QByteArray out;
    QString err;

    QString outText() const { return QString::fromUtf8(out); }
};

CliRun runRefundDesk(const QStringList &arguments, int timeoutMs = 60'000);

} // namespace RefundDesk::Test
