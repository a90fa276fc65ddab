#pragma once

#include "domain/operation.h"
#include "domain/result.h"
#include "domain/webhookevent.h"

#include <QString>

#include <memory>
#include <vector>

struct sqlite3;

namespace RefundDesk::Internal {

class SqliteStatement;

// Finds the candidate events of operations (Store::candidateEvents): the events whose
// operation_id or idempotency key is the operation's, and those sharing a refund id with
// any of them or with the operation itself. Each operation's events come in the order
// created, received_at, event_id.
//
// Performance: each way of matching is one statement for the whole batch, whose values
// come in as one JSON array (json_each), and the events' rows are read once, in rowid
// order; which event belongs to which operation is worked out here from rowids. Three
// statements per operation cost far more in statement runs and page reads on a large
// store (queue --json finds the events of every queue row).
class SqliteEventLookup final
{
public:
    SqliteEventLookup(sqlite3 *db, const QString &path);
    ~SqliteEventLookup();
    SqliteEventLookup(const SqliteEventLookup &) = delete;
    SqliteEventLookup &operator=(const SqliteEventLookup &) = delete;

    // One list per operation, in the order given.
    Result<std::vector<std::vector<WebhookEvent>>> candidatesOfEach(const std::vector<Operation> &operations);

private:
    struct Statements;
    Error errorWhile(int code, const QString &doing) const;

    sqlite3 *m_db = nullptr;
    QString m_path;
    std::unique_ptr<Statements> m_statements;
};

} // namespace RefundDesk::Internal
