#pragma once

#include "domain/operation.h"
#include "domain/resolution.h"
#include "domain/result.h"
#include "store/postgresql/pgparams.h"
#include "store/postgresql/pgresult.h"

#include <QByteArray>
#include <QString>

#include <initializer_list>
#include <optional>
#include <vector>

namespace RefundDesk::Internal {

class PgConnection;

// The reads of a store's connection. Outside a read snapshot a lost connection is
// restored first (in steps: failing at once while the reconnect is under way); inside
// one it is not, since a new session could not continue the snapshot. The snapshot's
// BEGIN costs no round trip of its own: it rides with the snapshot's first statement.
class PgReader final
{
public:
    explicit PgReader(PgConnection &connection) : m_connection(connection) {}

    bool inSnapshot() const { return m_snapshotDepth > 0; }
    std::optional<Error> beginSnapshot();
    void endSnapshot();

    // Restores a lost connection unless a snapshot is open; the error when it cannot.
    std::optional<Error> ready();
    // Runs a read; `error` says what went wrong, while `doing`.
    PgResult read(const QByteArray &sql, const PgParams &params, const QString &doing, std::optional<Error> &error);
    Result<std::vector<Operation>> readOperations(const QByteArray &sql, const PgParams &params, const QString &doing);
    Result<std::vector<Resolution>> readResolutions(const QByteArray &sql, const PgParams &params);
    // The error of the first of `statements` (indexes into a pipeline's answers) that
    // failed; a transaction the pipeline opened itself is then ended with the next one.
    std::optional<Error> pipelineFailure(const std::vector<PgResult> &answers, std::initializer_list<int> statements,
                                         bool ownTransaction, const QString &doing);

private:
    PgConnection &m_connection;
    int m_snapshotDepth = 0;
    int m_snapshotBegin = 0; // the ticket of its BEGIN, waiting for the first statement
};

} // namespace RefundDesk::Internal
