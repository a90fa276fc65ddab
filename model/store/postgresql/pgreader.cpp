#include "store/postgresql/pgreader.h"

#include "store/postgresql/pgconnection.h"
#include "store/postgresql/pgrows.h"

#include <QCoreApplication>

namespace RefundDesk::Internal {

std::optional<Error> PgReader::beginSnapshot()
{
    if (m_snapshotDepth == 0) {
        if (auto lost = m_connection.ensureConnected())
            return lost;
        // No round trip of its own: BEGIN travels with the snapshot's first statement, in
        // its unit, so nothing of the snapshot runs outside it (a failed BEGIN answers for
        // those statements).
        m_snapshotBegin = m_connection.sendWithNext("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    }
    ++m_snapshotDepth;
    return std::nullopt;
}

void PgReader::endSnapshot()
{
    if (m_snapshotDepth == 0 || --m_snapshotDepth > 0)
        return;
    // A snapshot that read nothing never began on the server.
    if (m_connection.withdraw(m_snapshotBegin))
        return;
    // Nothing was written, so its end has nothing to report and nobody waits for it: it
    // travels with the next pipeline (dataVersion() sends it, if nothing else does first,
    // so that the change notifications held back during a transaction come through).
    if (m_connection.isConnected())
        m_connection.sendWithNext("ROLLBACK");
}

std::optional<Error> PgReader::ready()
{
    if (m_snapshotDepth > 0)
        return std::nullopt;
    return m_connection.ensureConnected();
}

PgResult PgReader::read(const QByteArray &sql, const PgParams &params, const QString &doing,
                        std::optional<Error> &error)
{
    if (auto lost = ready()) {
        error = *lost;
        return PgResult();
    }
    PgResult result = m_connection.exec(sql, params);
    if (!result.isOk())
        error = m_connection.errorFor(result, doing);
    return result;
}

std::optional<Error> PgReader::pipelineFailure(const std::vector<PgResult> &answers, std::initializer_list<int> statements,
                                               bool ownTransaction, const QString &doing)
{
    for (int index : statements) {
        const PgResult &answer = answers[size_t(index)];
        if (answer.isOk())
            continue;
        // The transaction failed halfway: its end rides with the next pipeline.
        if (ownTransaction && m_connection.isConnected() && m_connection.inTransaction())
            m_connection.sendWithNext("ROLLBACK");
        return m_connection.errorFor(answer, doing);
    }
    return std::nullopt;
}

Result<std::vector<Operation>> PgReader::readOperations(const QByteArray &sql, const PgParams &params,
                                                         const QString &doing)
{
    std::optional<Error> error;
    PgResult result = read(sql, params, doing, error);
    if (error)
        return *error;
    std::vector<Operation> rows;
    rows.reserve(size_t(result.rows()));
    for (int row = 0; row < result.rows(); ++row)
        rows.push_back(operationFrom(result, row));
    return rows;
}

Result<std::vector<Resolution>> PgReader::readResolutions(const QByteArray &sql, const PgParams &params)
{
    std::optional<Error> error;
    PgResult result = read(sql, params, QCoreApplication::translate("Store", "reading the audit log", "what the store was doing when it failed"), error);
    if (error)
        return *error;
    std::vector<Resolution> rows;
    rows.reserve(size_t(result.rows()));
    for (int row = 0; row < result.rows(); ++row)
        rows.push_back(resolutionFrom(result, row));
    return rows;
}

} // namespace RefundDesk::Internal
