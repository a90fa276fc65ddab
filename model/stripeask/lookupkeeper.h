#pragma once

#include "domain/error.h"
#include "domain/providerlookup.h"

#include <QObject>
#include <QStringList>
#include <QTimer>

#include <vector>

namespace RefundDesk {

class Store;

// Keeps the answers of a queue-wide ask (ask-stripe --all-without-evidence, reconcile,
// the console's Ask about the queue) in the store a batch at a time: one transaction on
// SQLite, one pipeline on PostgreSQL (Store::addProviderLookups), so that writing keeps
// Stripe's pace over a link. A batch is written once it holds BatchSize answers, HoldMs
// after its first answer came, or when flush() is called; a lookup is kept whole with
// its bodies or not at all, and a kill loses at most the answers still waiting. Each
// answer's payment refunds are sorted first, a batch with one read (PaymentRefundSorting).
class LookupKeeper final : public QObject
{
    Q_OBJECT

public:
    static constexpr int BatchSize = 64;
    static constexpr int HoldMs = 500;

    LookupKeeper(Store &store, QString operatorName, QObject *parent = nullptr);

    // Takes one answer (its operator set here) and writes the batch when it is due.
    void keep(const ProviderLookupDraft &answer);
    // Writes what waits now. False when it (or a write before) failed: failed() said why,
    // and nothing more is written.
    bool flush();

    int waiting() const { return int(m_waiting.size()); }
    // The batches written so far: each one transaction or one pipeline.
    qint64 batchesWritten() const { return m_batches; }

signals:
    // Each lookup once it is in the store, in the order the answers came.
    void kept(const RefundDesk::ProviderLookup &lookup);
    // After the kept() of a batch: the operations of its lookups, in the same order, for
    // a caller that reads the store once for the whole batch.
    void batchKept(const QStringList &operationIds);
    void failed(const RefundDesk::Error &error);

private:
    Store &m_store;
    QString m_operatorName;
    std::vector<ProviderLookupDraft> m_waiting;
    QTimer m_hold;
    qint64 m_batches = 0;
    bool m_failed = false;
};

} // namespace RefundDesk
