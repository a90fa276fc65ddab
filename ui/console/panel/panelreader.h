#pragma once

#include "items/operationsnapshot.h"
#include "store/requestlane.h"

#include <QObject>

#include <functional>
#include <optional>

class QTimer;

namespace RefundDesk {

class OperationPanel;
class OperatorIdentity;
class StoreWorker;

// Reads the operation the panel is to show through the window's StoreWorker, and shows
// it with the notice that says what it means for the person (or why it could not be
// read). A newer request replaces an older one, whose answer is dropped; "Loading…" shows
// only when a read keeps the person waiting.
class PanelReader final : public QObject
{
    Q_OBJECT

public:
    // What the panel says when it shows no operation.
    enum class Hint { None, OpenStore, PickOperation, NotInView };

    // `readOnly` says whether the store shown may be written (the notice depends on it).
    PanelReader(StoreWorker *reads, OperationPanel *panel, OperatorIdentity *identity,
                std::function<bool()> readOnly, QObject *parent);

    // Reads the operation and shows it; `fromChange` when a change elsewhere asks (the
    // notice then says what changed, and no "Loading…" shows).
    void load(const QString &operationId, bool fromChange);
    // Drops the read in progress, if any (another store is shown).
    void abandon();
    // The operation the panel shows or is about to show, if any was asked for.
    QString wanted() const { return m_wanted; }
    // The operation asked for last, else the one shown.
    QString current() const;
    void showHint(Hint hint);
    // The operation shown (or asked for) is not in the view the queue lists: the panel
    // lets it go (the read in progress dropped) and says so, naming it.
    void showNotInView(const QString &operationId);
    // Says the notice (or the hint) again in the language in force, from what was read.
    void retranslate();

signals:
    // The panel shows the answer for this operation (or why it could not be read).
    void shown(const QString &operationId);

private:
    void showLoaded(const QString &operationId, bool fromChange, Result<OperationSnapshot> loaded);

    // "Loading…" waits this long: a read that comes back sooner shows none.
    static constexpr int LoadingDelayMs = 150;

    StoreWorker *m_reads = nullptr;
    OperationPanel *m_panel = nullptr;
    OperatorIdentity *m_identity = nullptr;
    std::function<bool()> m_readOnly;
    RequestLane m_lane;
    QTimer *m_loadingDelay = nullptr;
    QString m_loadingId; // the operation whose panel is being read
    QString m_wanted;    // the operation the panel shows or is about to show
    // What the texts are made from, kept so that they can be said again in another language.
    Hint m_hint = Hint::None;
    QString m_hintOperation; // the operation Hint::NotInView names
    std::optional<OperationSnapshot> m_noticeBefore; // the notice compared the panel with this
};

} // namespace RefundDesk
