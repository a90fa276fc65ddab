#pragma once

#include "store/storefacts.h"

#include <QDateTime>
#include <QObject>

#include <optional>

class QLabel;
class QStatusBar;
class QTimer;

namespace RefundDesk {

class EncryptionLabel;
class OperatorIdentity;
class QueueViewCounts;
class ReconcilerLabel;
class StandbyLabel;

// The console's status bar: who works, the store, the count and the oldest operation of
// the view the queue lists, when the reconciler last checked Stripe (or that it failed), a
// hot standby's delay, the store's encryption and whether changes are live. Messages of the moment (statusBar()->showMessage) are the window's:
// they take the place of the operator and the store, never the rest.
class ConsoleStatusBar final : public QObject
{
    Q_OBJECT

public:
    ConsoleStatusBar(QStatusBar *bar, OperatorIdentity *identity);

    // The store shown, or none; `openedReadOnly` and `openedAt` say how a snapshot shows.
    void setStore(const std::optional<StoreFacts> *facts, bool openedReadOnly, const QDateTime &openedAt);
    // The operator, the store and the queue's count (`queueCount`, as the queue says it).
    void update(const QString &queueCount);
    // The oldest operation of the view listed, as the views' counts read it with them (the
    // same statement), and its age, kept current while the window is open.
    void followCounts(QueueViewCounts *counts);
    // The store's state changed: its standby and encryption.
    void showState(const StoreState &state);
    // Live updates: paused for `reason`, a change seen now, or nothing seen yet.
    void livePaused(const QString &reason);
    void changeSeen();
    void liveReset();
    void updateLive();
    void retranslate();

    QLabel *liveLabel() const { return m_liveLabel; }
    QLabel *oldestLabel() const { return m_oldestLabel; }
    ReconcilerLabel *reconcilerLabel() const { return m_reconcilerLabel; }

private:
    void showOldest();
    void showReconciler();

    QStatusBar *m_bar = nullptr;
    OperatorIdentity *m_identity = nullptr;
    const std::optional<StoreFacts> *m_facts = nullptr;
    bool m_openedReadOnly = false;
    QDateTime m_openedAt;
    QLabel *m_operatorLabel = nullptr;
    QLabel *m_storeLabel = nullptr;
    QLabel *m_countLabel = nullptr;
    QLabel *m_liveLabel = nullptr;
    QLabel *m_oldestLabel = nullptr;
    QueueViewCounts *m_counts = nullptr;
    QTimer *m_ageTimer = nullptr; // the oldest's age grows while nothing changes
    ReconcilerLabel *m_reconcilerLabel = nullptr;
    StandbyLabel *m_standbyLabel = nullptr;
    EncryptionLabel *m_encryptionLabel = nullptr;
    QString m_livePause;     // why live updates paused, if they did
    QString m_liveChangedAt; // "HH:mm:ss" of the last change seen
};

} // namespace RefundDesk
