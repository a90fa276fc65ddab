#pragma once

#include "benchreport.h"

#include <QString>
#include <QStringList>

namespace RefundDesk::Bench {

// The floor queue --json is compared with: the bare queue query in the backend's own
// shell. An empty program when there is none.
struct FloorCommand
{
    QString program;
    QStringList arguments;
};

FloorCommand floorCommand(const QString &backend, const QString &location);

// queue --json beside the floor. One untimed run of each first (it also checks the
// output: every row has a verdict), then `runs` timed runs of each, interleaved.
bool measureQueueJson(const QString &path, const FloorCommand &floor, int runs, SizeFigures &figures);

// Where queue --json's time goes, in this process and on one thread (queue --json shares
// the events and the evidence out among threads): the queue's pages, the candidate
// events of each row, and the evidence (payloads parsed, verdict).
bool measureQueueBreakdown(const QString &path, SizeFigures &figures);

} // namespace RefundDesk::Bench
