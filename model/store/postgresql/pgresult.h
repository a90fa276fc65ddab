#pragma once

#include <QByteArray>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

struct pg_result;

namespace RefundDesk::Internal {

// One PGresult, cleared when the last copy goes (the RAII guard of every libpq answer),
// and typed readers of its text-format cells. Copies share the answer: a failure can
// stand for the statements of a pipeline that it kept from running.
class PgResult final
{
public:
    PgResult() = default;
    explicit PgResult(pg_result *result);

    // A command or query that completed (PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_COPY_IN), or
    // a pipeline's sync point.
    bool isOk() const;
    bool isNull() const { return !m_result; }
    // The five-character SQLSTATE of a failure, empty when there is none.
    QByteArray sqlState() const;
    // The server's primary message, or libpq's when the command never reached it.
    QString errorMessage() const;

    int rows() const;
    qint64 affectedRows() const;
    bool isNull(int row, int column) const;
    // A NULL cell reads as a null QString, as the SQLite backend reads one.
    QString text(int row, int column) const;
    QByteArray bytes(int row, int column) const;
    qint64 integer(int row, int column) const;
    std::optional<qint64> optionalInteger(int row, int column) const;
    bool boolean(int row, int column) const;

    // PGRES_PIPELINE_ABORTED: the statement was not run because one before it in the
    // same pipeline failed.
    bool wasSkipped() const;

private:
    std::shared_ptr<pg_result> m_result;
};

// Every row of a result, each read by rowFrom (pgrows.h's readers).
template<typename Row>
std::vector<Row> rowsOf(const PgResult &result, Row (*rowFrom)(const PgResult &, int))
{
    std::vector<Row> rows;
    rows.reserve(size_t(result.rows()));
    for (int row = 0; row < result.rows(); ++row)
        rows.push_back(rowFrom(result, row));
    return rows;
}

} // namespace RefundDesk::Internal
