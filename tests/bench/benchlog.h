#pragma once

#include <QTextStream>

namespace RefundDesk::Bench {

// Where bench_scale says what it is doing: standard error, one stream for all its files.
inline QTextStream &err()
{
    static QTextStream stream(stderr);
    return stream;
}

} // namespace RefundDesk::Bench
