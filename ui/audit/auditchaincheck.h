#pragma once

#include "audit/auditverifier.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <optional>

namespace RefundDesk {

class BannerLabel;

// The audit window's chain check: runs AuditVerifier on the thread pool with its own
// read-only connection to the store, and says in `label` what is known of the chain
// (checking and how far, intact, broken and where, or why it could not be checked). A
// check started again, or cleared, drops the answer of the one before.
class AuditChainCheck final : public QObject
{
    Q_OBJECT

public:
    // `label` is not owned; it outlives the check (both belong to the same window).
    explicit AuditChainCheck(BannerLabel *label, QObject *parent = nullptr);
    ~AuditChainCheck() override;

    // Checks the chain of the store at `location` from the start.
    void start(const QString &location);
    // No store: nothing to check, and the label says so.
    void clear();
    // The running check stops at its next page; its answer never comes.
    void cancel();
    // Says the state again, in the language in force.
    void showState();

    // The last finished check, if any.
    const std::optional<AuditReport> &report() const { return m_report; }

signals:
    void checked(bool intact, const QString &text);

private:
    // Drops what is known, and the answer of a check still running.
    void forget();

    BannerLabel *m_label;
    bool m_hasStore = false;
    std::optional<AuditReport> m_report;
    QString m_error;     // why the last check could not run
    int m_progress = -1; // percent of the check running, -1 before the first step
    std::shared_ptr<std::atomic_bool> m_cancel;
    quint64 m_generation = 0; // bumped by each start() and clear(): late answers are dropped
};

} // namespace RefundDesk
