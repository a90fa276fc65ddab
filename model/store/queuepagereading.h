#pragma once

#include "domain/operation.h"
#include "domain/operationnote.h"
#include "domain/providerlookup.h"
#include "domain/webhookevent.h"

#include <QDate>
#include <QString>

#include <optional>
#include <vector>

namespace RefundDesk {

// The follow-up a row of the queue waits for: the latest follow-up day after the day asked
// about among its notes (the day it needs a person again), and the text of the latest note
// that set that day.
struct QueueFollowUp
{
    QDate day;
    QString note;
};

// A row's latest note (the highest note_id): what the queue marks and a batch weighs.
struct QueueLatestNote
{
    qint64 noteId = 0;
    QString text;
    qint64 recordedAt = 0; // milliseconds

    QString firstLine() const { return OperationNote::firstLineOf(text); }
};

// What the console's queue shows of a row beyond refund_ops itself, read in the page's own
// statement.
struct QueueRowDetail
{
    std::optional<QueueFollowUp> followUp; // none when it waits for nothing (or on version 1)
    std::optional<QueueLatestNote> latestNote; // none without notes (or on version 1)
    // When its last attempt ended (started, when it never ended): the moment the refund tool
    // stopped and marked the row unknown. None for a row without attempts.
    std::optional<qint64> lastAttemptAt;
};

// A page of the queue with the detail of each row, in the same order (Store::queueRows).
struct QueueRows
{
    std::vector<Operation> operations;
    std::vector<QueueRowDetail> details;
};

// A page of the queue and what its verdicts need, read as of one moment
// (Store::queuePageWithEvents): the rows, and the candidate events, provider lookups and
// detail of each, in the same order.
struct QueuePageReading
{
    std::vector<Operation> operations;
    std::vector<std::vector<WebhookEvent>> candidates;
    std::vector<std::vector<ProviderLookup>> lookups; // none on a version 1 store
    std::vector<QueueRowDetail> details;
};

} // namespace RefundDesk
