#pragma once

#include "domain/error.h"

#include <QObject>
#include <QSet>
#include <QString>

#include <functional>
#include <optional>

namespace RefundDesk {

class Store;
class StoreWorker;

// Runs an operator's writes (claim, release, take over, record) off the UI thread, on a
// store worker and connection of their own, so that a store whose write lock another
// program holds makes the write wait, and neither the window nor its reads. The
// connection stays open from one write to the next: over a network, connecting costs
// more round trips than the write. At most one write per operation at a time.
class WriteRunner final : public QObject
{
    Q_OBJECT

public:
    // Runs on a worker thread against that thread's own connection; returns the error, if any.
    using Write = std::function<std::optional<Error>(Store &)>;
    // Runs on this object's thread with the write's error, if any.
    using Done = std::function<void(const std::optional<Error> &)>;

    explicit WriteRunner(QObject *parent = nullptr);

    // Starts `write` against the store at `location` (opened for writing on the first
    // write there). Returns false, starting nothing, while an earlier write for
    // `operationId` is still in progress.
    bool start(const QString &location, const QString &operationId, Write write, Done done);
    bool isWriting(const QString &operationId) const { return m_writing.contains(operationId); }
    bool isIdle() const { return m_writing.isEmpty(); }

signals:
    // A write started or finished.
    void writingChanged();

private:
    StoreWorker *m_worker = nullptr;
    QString m_location; // where the worker's store was last asked to open
    QSet<QString> m_writing;
};

} // namespace RefundDesk
