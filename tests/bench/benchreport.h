#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

#include <vector>

namespace RefundDesk::Bench {

// The figures of one store size, by name (see bench_scale.cpp and guisession.cpp).
struct SizeFigures
{
    qint64 operations = 0;
    QMap<QString, double> values;
};

// The table the benchmark prints and the targets of docs/PERFORMANCE.md checked
// against it.
class BenchReport final
{
public:
    void add(const SizeFigures &figures) { m_sizes.push_back(figures); }
    void setHeader(const QString &header) { m_header = header; }

    // A Markdown table: one row per figure, one column per size.
    QString table() const;
    // One line per target: met or missed, with the figures it compares.
    QStringList targets() const;
    bool allTargetsMet() const;

private:
    const SizeFigures *size(qint64 operations) const;
    const SizeFigures *smallest() const;
    const SizeFigures *largest() const;

    QString m_header;
    std::vector<SizeFigures> m_sizes;
};

QString sizeLabel(qint64 operations);

} // namespace RefundDesk::Bench
