#pragma once

#include "ui/console/deciding/operationwriteshost.h"
#include "ui/console/shell/writerunner.h"

#include <QObject>
#include <QPointer>

namespace RefundDesk {

class BatchFlow;
class NoteDialog;
class ResolveDialog;

// What the console writes: claim, take over, release, record the outcome, add a note, the
// upgrade of a version 1 store that makes notes possible, and the batch of outcomes from
// evidence; and the reply copied for the customer. Each write runs off the UI thread
// through the window's WriteRunner, says what it is doing in the status bar meanwhile, and
// the window then shows what the store answered. The window's operation actions and its
// upgrade banner lead here. It reaches the window through OperationWritesHost alone.
class OperationWrites final : public QObject
{
    Q_OBJECT

public:
    OperationWrites(OperationWritesHost *host, const OperationWritesParts &parts, QObject *parent);

    // Runs `write` off the UI thread for the operation (or any other key), saying `doing`
    // in the status bar meanwhile; `done` gets the outcome on the UI thread. False when the
    // key already has a write in progress.
    bool startWrite(const QString &operationId, const QString &doing, WriteRunner::Write write,
                    WriteRunner::Done done);

    void claim(bool takeOver);
    void confirmTakeOver();
    void release();
    void recordOutcome();
    void addNote();
    void copyReply();
    void upgradeStore();
    // Operation › Record outcomes from evidence… on the operations selected in the queue
    // (the whole queue when none is).
    void recordFromEvidence();
    bool isBatchBusy() const;
    // Another store is shown: the dialogs about the one before close.
    void closeDialogs();

    ResolveDialog *resolveDialog() const;
    NoteDialog *noteDialog() const;

signals:
    // A batch started or ended: what may be done changed.
    void batchChanged();

private:
    bool hasStore() const { return m_host->storeFacts().has_value(); }

    OperationWritesHost *m_host = nullptr;
    OperationWritesParts m_parts;
    BatchFlow *m_batch = nullptr;
    QPointer<ResolveDialog> m_resolveDialog;
    QPointer<NoteDialog> m_noteDialog;
};

} // namespace RefundDesk
