#pragma once

#include "domain/reconcilepassrecord.h"

#include <QString>

namespace RefundDesk {

// What the console says of the reconciler's last pass (the status bar): when Stripe was
// last checked, that the reconciler has stopped running, or that its last pass failed and
// what to do, so that a reconciler failing quietly is seen by everyone working the queue.
struct ReconcilerText
{
    enum class State { Checked, Stale, Failed };

    // A pass ends every 5 minutes where the reconciler runs (its systemd timer): no end for
    // half an hour means it has stopped running, or hangs.
    static constexpr qint64 StaleAfterMs = 30 * 60'000;

    State state = State::Checked;
    QString text;    // one short line: "Stripe checked 3 min ago"
    QString toolTip; // the moment, the failure in full, and what to do

    static ReconcilerText about(const ReconcilePassRecord &record, qint64 nowMs);
};

} // namespace RefundDesk
