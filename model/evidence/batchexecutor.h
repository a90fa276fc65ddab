#pragma once

#include "domain/error.h"
#include "domain/resolution.h"
#include "evidence/batchplan.h"
#include "evidence/batchslice.h"

#include <QString>

#include <algorithm>
#include <atomic>
#include <functional>
#include <optional>
#include <vector>

namespace RefundDesk {

class Store;

struct BatchReport
{
    QString note;                       // as recorded on every decision
    std::vector<BatchItemResult> items; // in the plan's order, up to where it stopped
    qint64 planned = 0;
    bool cancelled = false;             // stopped before the next operation when asked
    std::optional<Error> failure;       // the store could not be written: the batch stopped
    // Eligible, but unticked in the review: never recorded, listed with the report.
    std::vector<BatchLeftOut> leftOutByReviewer;

    qint64 decided() const;
    qint64 skipped() const;
    // Planned operations never tried (cancelled or stopped by a failure).
    qint64 notTried() const { return planned - qint64(items.size()); }
};

// Records a plan's candidates (never its left-out operations, those the reviewer unticked
// included), each as its own decision: its own resolution row, its own
// evidence (webhook:evt_...), the batch's note, and the check that the operation and its
// evidence are still as reviewed. One that changed is skipped, with what changed. They go
// to the store in slices (BatchSlice): on a server a slice's decisions cost one round
// trip, on SQLite one commit.
//
// Runs on the caller's thread; the console runs it on a worker. Not on a UI thread.
class BatchExecutor final
{
public:
    // How many decisions a slice carries unless set.
    static constexpr int DefaultSliceSize = 200;

    // Called for each operation once its slice is decided, with how many are done of how
    // many.
    using Progress = std::function<void(qint64 done, qint64 total)>;
    // Test seam: called for each candidate after it was reviewed and before its slice
    // reads its evidence again, so that a test can change the operation in between.
    using BeforeWrite = std::function<void(const BatchCandidate &candidate)>;

    BatchExecutor(Store &store, QString operatorName, QString note);

    void setProgress(Progress progress) { m_progress = std::move(progress); }
    void setBeforeWrite(BeforeWrite beforeWrite) { m_beforeWrite = std::move(beforeWrite); }
    // Checked before each slice: once set, the batch stops, and what was decided stays
    // decided.
    void setCancel(const std::atomic<bool> *cancel) { m_cancel = cancel; }
    // Decisions per slice (at least 1).
    void setSliceSize(int size) { m_sliceSize = std::max(1, size); }

    BatchReport run(const BatchPlan &plan);

    // The note every decision of the batch carries: the person's note, then the batch
    // named by when, who and how many. Stored text, so in one fixed language.
    static QString batchNote(const QString &note, const QString &operatorName, qint64 count, qint64 nowMs);

private:
    Store &m_store;
    QString m_operatorName;
    QString m_note;
    Progress m_progress;
    BeforeWrite m_beforeWrite;
    const std::atomic<bool> *m_cancel = nullptr;
    int m_sliceSize = DefaultSliceSize;
};

} // namespace RefundDesk
