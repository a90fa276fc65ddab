#pragma once

#include "domain/operation.h"
#include "domain/result.h"
#include "store/queuepagereading.h"
#include "store/queuequery.h"

#include <QDate>
#include <QString>

#include <optional>
#include <vector>

namespace RefundDesk::Internal {

class PgConnection;
class PgReader;

// PgStore's reads of the queue: a page, its keys, the views' counts, and a page with its
// verdict inputs in one pipeline. Each is one statement built by QueueSql, its values bound
// in the order it uses them; notes (schema version 2) count in the views that need them.
class PgQueueReader final
{
public:
    PgQueueReader(PgReader &reader, PgConnection &connection, int schemaVersion)
        : m_reader(reader)
        , m_connection(connection)
        , m_versionTwo(schemaVersion >= 2)
        , m_schemaVersion(schemaVersion)
    {
    }

    Result<std::vector<Operation>> page(const QueueQuery &query, const std::optional<QueueCursor> &after, int limit);
    // The page with each row's QueueRowDetail (follow-up, last attempt), in one statement.
    Result<QueueRows> rows(const QueueQuery &query, const std::optional<QueueCursor> &after, int limit);
    Result<std::vector<QueueCursor>> keys(const QueueQuery &query, int limit);
    Result<QueueCounts> counts(const QString &operatorName, const QDate &today, const QueueQuery &view);
    // The page, its candidate events and its provider lookups: one round trip.
    Result<QueuePageReading> pageWithEvents(const QueueQuery &query, const std::optional<QueueCursor> &after, int limit);

private:
    PgReader &m_reader;
    PgConnection &m_connection;
    bool m_versionTwo;
    int m_schemaVersion;
};

} // namespace RefundDesk::Internal
