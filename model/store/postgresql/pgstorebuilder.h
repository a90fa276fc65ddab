#pragma once

#include "store/storebuilder.h"

#include <QByteArray>

#include <memory>

namespace RefundDesk::Internal {

class PgConnection;
class PgTransaction;

// StoreBuilder into an empty PostgreSQL database. The schema and every row go in one
// transaction, so a build that fails or is never finished leaves the database as it was
// (finish() commits). Rows are gathered in COPY's text format and sent with COPY FROM
// STDIN every RowsPerCopy rows, or sooner once they fill BytesPerCopy (payloads can be
// megabytes each: the batch, not the row count, is what the client holds), operations
// first so that the attempts, events and resolutions of the batch find theirs.
class PgStoreBuilder final : public StoreBuilder
{
public:
    static constexpr int RowsPerCopy = 20'000;
    static constexpr qsizetype BytesPerCopy = 4 << 20;

    static Result<std::unique_ptr<StoreBuilder>> create(const QString &location);
    ~PgStoreBuilder() override;

    Result<void> setMeta(const QString &key, const QString &value) override;
    Result<void> addOperation(const Operation &operation) override;
    Result<void> addAttempt(const Attempt &attempt) override;
    Result<void> addEvent(const WebhookEvent &event) override;
    Result<void> addStoredEvent(const StoredEvent &event) override;
    Result<void> addResolution(const Resolution &resolution) override;
    Result<void> addNote(const OperationNote &note) override;
    Result<void> addProviderLookup(const ProviderLookup &lookup) override;
    Result<void> addResponseBody(const ResponseBody &body) override;
    Result<void> finish() override;

private:
    explicit PgStoreBuilder(std::unique_ptr<PgConnection> connection);
    Result<void> usable() const;
    Result<void> counted();
    Result<void> flush();

    std::unique_ptr<PgConnection> m_connection;
    std::unique_ptr<PgTransaction> m_transaction;
    bool m_finished = false;
    int m_pending = 0;
    QByteArray m_operations;
    QByteArray m_attempts;
    QByteArray m_events;
    QByteArray m_resolutions;
    QByteArray m_notes;
    QByteArray m_lookups;
    QByteArray m_bodies;
};

} // namespace RefundDesk::Internal
