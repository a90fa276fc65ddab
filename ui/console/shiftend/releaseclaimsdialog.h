#pragma once

#include "domain/operation.h"

#include <QDialog>
#include <QList>
#include <QStringList>

#include <vector>

class QLabel;
class QLineEdit;
class QPushButton;

namespace RefundDesk {

// Leaving at the end of a shift: the operations the operator still holds in this store
// (id, order, amount, claimed since), a note for whoever takes each over (one of its own,
// or one for every operation without its own; optional, and only where the store keeps
// notes), and the choice: release them and close, keep them and close, or stay (Cancel,
// Escape). The dialog writes nothing: "Release and close" emits releaseChosen, the caller
// releases what toRelease() lists off the UI thread, says of each that it was released,
// and then either accepts the dialog or shows what failed in it.
class ReleaseClaimsDialog final : public QDialog
{
    Q_OBJECT

public:
    enum class Choice { Stay, Release, Keep };

    // An operation to release as it was seen, and the note to leave on it first (empty:
    // none, or left already).
    struct Claim
    {
        Operation seen;
        QString note;
    };

    ReleaseClaimsDialog(std::vector<Operation> held, bool notesPossible, QWidget *parent = nullptr);

    Choice choice() const { return m_choice; }
    // The operations still held, with their notes.
    std::vector<Claim> toRelease() const;
    // Each operation is said once done: released (it leaves the list), or only its note
    // kept (its note is not left again).
    void noted(const QString &operationId);
    void released(const QString &operationId);
    // The writes ended: with no problem the dialog is accepted; otherwise it says what
    // failed and the person chooses again.
    void releaseEnded(const QString &problem);
    bool isReleasing() const { return m_releasing; }

    QStringList heldIds() const;
    QLineEdit *noteField(const QString &operationId) const;
    QLineEdit *noteForAllField() const { return m_noteForAll; }
    QPushButton *releaseButton() const { return m_release; }
    QPushButton *keepButton() const { return m_keep; }
    QPushButton *cancelButton() const { return m_cancel; }
    QLabel *problemLabel() const { return m_problem; }

    void reject() override;

signals:
    void releaseChosen();

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Row
    {
        Operation operation;
        QList<QWidget *> cells; // the labels and the note field, hidden once released
        QLineEdit *note = nullptr;
        bool noted = false;
        bool released = false;
    };

    void retranslate();
    void update();
    void chooseRelease();
    void chooseKeep();
    Row *rowOf(const QString &operationId);

    std::vector<Row> m_rows;
    bool m_notesPossible = true;
    bool m_releasing = false;
    Choice m_choice = Choice::Stay;
    QLabel *m_intro = nullptr;
    QList<QLabel *> m_headers; // operation, order, amount, claimed since, note
    QLabel *m_noteForAllLabel = nullptr;
    QLineEdit *m_noteForAll = nullptr;
    QLabel *m_problem = nullptr;
    QPushButton *m_release = nullptr;
    QPushButton *m_keep = nullptr;
    QPushButton *m_cancel = nullptr;
};

} // namespace RefundDesk
