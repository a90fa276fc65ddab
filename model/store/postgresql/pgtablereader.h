#pragma once

#include "domain/attempt.h"
#include "domain/operation.h"
#include "domain/operationnote.h"
#include "domain/providerlookup.h"
#include "domain/resolution.h"
#include "domain/result.h"
#include "store/store.h"

#include <QString>

#include <optional>
#include <vector>

namespace RefundDesk::Internal {

class PgReader;

// PgStore's whole-table reads, for a copy of the store: each table in its primary key's
// order, a page after a key (WHERE key > $1 ORDER BY key LIMIT $2, never OFFSET), and the
// rows of each table counted in one statement. Version 2's tables read as empty on a
// version 1 store.
class PgTableReader final
{
public:
    PgTableReader(PgReader &reader, const QString &location, int schemaVersion)
        : m_reader(reader)
        , m_location(location)
        , m_versionTwo(schemaVersion >= 2)
        , m_schemaVersion(schemaVersion)
    {
    }

    Result<std::vector<MetaEntry>> metaEntries();
    Result<std::vector<Operation>> operationsAfter(const std::optional<QString> &afterOperationId, int limit);
    Result<std::vector<Attempt>> attemptsAfter(const std::optional<AttemptKey> &after, int limit);
    Result<std::vector<StoredEvent>> eventsAfter(const std::optional<QString> &afterEventId, int limit);
    Result<std::vector<Resolution>> resolutionsAfter(qint64 afterId, int limit);
    Result<std::vector<OperationNote>> notesAfter(qint64 afterNoteId, int limit);
    Result<std::vector<ProviderLookup>> providerLookupsAfter(qint64 afterLookupId, int limit);
    Result<std::vector<ResponseBody>> responseBodiesAfter(const QString &afterSha256, int limit);
    Result<TableCounts> counts();

private:
    PgReader &m_reader;
    QString m_location;
    bool m_versionTwo;
    int m_schemaVersion;
};

} // namespace RefundDesk::Internal
