#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

#include <vector>

namespace RefundDesk::Bench {

// The figures of one store size on one backend, by name (see bench_scale.cpp and
// guisession.cpp).
struct SizeFigures
{
    qint64 operations = 0;
    // sqlite, postgresql (over the server's Unix socket), postgresql-20ms or
    // postgresql-200ms (the same database through a proxy with that round trip)
    QString backend = QStringLiteral("sqlite");
    QMap<QString, double> values;
};

// The table the benchmark prints and the targets of docs/PERFORMANCE.md checked
// against it.
class BenchReport final
{
public:
    void add(const SizeFigures &figures) { m_sizes.push_back(figures); }
    void setHeader(const QString &header) { m_header = header; }

    // A Markdown table: one row per figure, one column per size and backend, in the
    // order added.
    QString table() const;
    // One line per target and backend: met or missed, with the figures it compares.
    QStringList targets() const;
    bool allTargetsMet() const;

private:
    std::vector<const SizeFigures *> ofBackend(const QString &backend) const;
    QStringList targetsOf(const QString &backend) const;
    QStringList targetsAtADistance(const QString &far) const;

    QString m_header;
    std::vector<SizeFigures> m_sizes;
};

QString sizeLabel(qint64 operations);
QString backendLabel(const QString &backend); // SQLite, PostgreSQL (socket), PostgreSQL (20 ms)
// Every backend the benchmark measures, in the order of the table's columns.
const QStringList &knownBackends();
// The round trip a PostgreSQL backend is measured at through the proxy, in ms; 0 for the
// socket and for SQLite.
int roundTripMsOf(const QString &backend);

} // namespace RefundDesk::Bench
