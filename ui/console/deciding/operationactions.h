#pragma once

#include <QList>
#include <QObject>

class QAction;

namespace RefundDesk {

struct OperationSnapshot;

// The things a person may do with the operation shown, each with a keyboard shortcut,
// enabled only when the operation's current state allows it. In a read-only session the
// write actions are not offered at all.
class OperationActions final : public QObject
{
    Q_OBJECT

public:
    explicit OperationActions(QObject *parent = nullptr);

    // Sets the actions' texts and tips in the language in force.
    void retranslate();

    // snapshot may be null (nothing shown). Notes need a store of schema version 2.
    void update(const OperationSnapshot *snapshot, const QString &operatorName, bool readOnly,
                bool storeHoldsNotes = true);

    QAction *claim() const { return m_claim; }
    QAction *release() const { return m_release; }
    QAction *takeOver() const { return m_takeOver; }
    QAction *record() const { return m_record; }
    QAction *addNote() const { return m_addNote; }
    QAction *copyReply() const { return m_copyReply; }
    QList<QAction *> all() const { return {m_claim, m_release, m_takeOver, m_record, m_addNote, m_copyReply}; }
    QList<QAction *> writes() const { return {m_claim, m_release, m_takeOver, m_record, m_addNote}; }
    // The buttons of the panel's action row: the decision's steps and the reply. A note is
    // Operation › Add note… and Ctrl+N, so that the row still fits a 1366 px window in
    // every language.
    QList<QAction *> buttons() const { return {m_claim, m_release, m_takeOver, m_record, m_copyReply}; }

private:
    QAction *m_claim = nullptr;
    QAction *m_release = nullptr;
    QAction *m_takeOver = nullptr;
    QAction *m_record = nullptr;
    QAction *m_addNote = nullptr;
    QAction *m_copyReply = nullptr;
};

} // namespace RefundDesk
