#pragma once

#include <QString>

#include <optional>

namespace RefundDesk {

// How the reconciler's last pass ended, kept in store_meta (MetaKey) by the pass itself, so
// that every console shows when Stripe was last checked and whether that failed, whoever
// runs the reconciler and wherever. The value is a small JSON object; the failure is the
// sentence the pass ended with, in the reconciler's language, which says what to do.
struct ReconcilePassRecord
{
    static const QString MetaKey; // "reconcile_last_pass"

    qint64 finishedAtMs = 0;
    bool ok = true;
    QString failure; // empty when ok
    qint64 answers = 0; // the answers the pass kept

    QString toMetaValue() const;
    // Nothing when the row is missing or does not read as a record.
    static std::optional<ReconcilePassRecord> parse(const QString &value);

    bool operator==(const ReconcilePassRecord &) const = default;
};

} // namespace RefundDesk
