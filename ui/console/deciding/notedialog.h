#pragma once

#include "domain/error.h"
#include "domain/operationnote.h"

#include <QDialog>

#include <functional>
#include <optional>

class QCheckBox;
class QDateEdit;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace RefundDesk {

// Add note: what was found or asked about an operation, for whoever looks at it next, and
// optionally the day to look again. It decides nothing. The dialog itself writes nothing:
// it hands the draft to the submitter (a write off the UI thread), waits for the answer
// without blocking, and closes when the note was kept.
class NoteDialog final : public QDialog
{
    Q_OBJECT

public:
    // Receives the outcome of a submission: the error when it could not be written.
    using Done = std::function<void(const std::optional<Error> &)>;
    // Starts writing the draft and later calls `done` (on the UI thread) exactly once.
    using Submitter = std::function<void(const NoteDraft &, Done)>;

    NoteDialog(const QString &operationId, const QString &operatorName, Submitter submitter,
               QWidget *parent = nullptr);

    NoteDraft draft() const;
    // The error of the last refused submission.
    const std::optional<Error> &lastError() const { return m_lastError; }

    void reject() override;

    QPlainTextEdit *textField() const { return m_text; }
    QCheckBox *followUpBox() const { return m_followUp; }
    QDateEdit *followUpDate() const { return m_date; }
    QPushButton *addButton() const { return m_add; }
    QLabel *problemLabel() const { return m_problem; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void update();
    void submit();
    void submitted(const std::optional<Error> &error);

    QString m_operationId;
    QString m_operatorName;
    Submitter m_submitter;
    std::optional<Error> m_lastError;
    bool m_submitting = false;
    QLabel *m_intro = nullptr;
    QPlainTextEdit *m_text = nullptr;
    QCheckBox *m_followUp = nullptr;
    QDateEdit *m_date = nullptr;
    QLabel *m_problem = nullptr;
    QPushButton *m_add = nullptr;
    QPushButton *m_cancel = nullptr;
};

} // namespace RefundDesk
