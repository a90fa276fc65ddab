#pragma once

#include "domain/error.h"
#include "domain/resolution.h"
#include "items/operationsnapshot.h"

#include <QDialog>

#include <functional>
#include <optional>

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QRadioButton;
class QTableView;

namespace RefundDesk {

class BannerLabel;
class RefundComparisonView;

// Record outcome: the confirmed outcome, its refund id (pre-filled from the evidence),
// where it was confirmed, a note and who records it. When the choice contradicts the
// evidence it says so, and recording needs an explicit override with a note. In a conflict
// or a refund by another path it lays the refunds Stripe stated side by side, says what
// they mean together, and lets the person pick the one that is the operation's. A summary
// says exactly what will be written. The dialog itself writes nothing: it hands the
// draft to the submitter (the Resolver's door), waits for its answer without blocking,
// and closes when that succeeded.
class ResolveDialog final : public QDialog
{
    Q_OBJECT

public:
    // Receives the outcome of a submission: the error when it could not be written.
    using Done = std::function<void(const std::optional<Error> &)>;
    // Starts writing the draft and later calls `done` (on the UI thread) exactly once.
    using Submitter = std::function<void(const ResolutionDraft &, Done)>;

    ResolveDialog(const OperationSnapshot &snapshot, const QString &operatorName, Submitter submitter,
                  QWidget *parent = nullptr);

    ResolutionDraft draft() const;
    // Why the draft contradicts the evidence, or nothing.
    std::optional<QString> contradiction() const;
    // What keeps the draft from being recorded now, or nothing.
    std::optional<QString> problem() const;
    QString summaryText() const;
    // The error of the last refused submission.
    const std::optional<Error> &lastError() const { return m_lastError; }
    // A submission is being written: the dialog can neither submit again nor be cancelled.

    void reject() override;

    QRadioButton *refundedButton() const { return m_refunded; }
    QRadioButton *failedButton() const { return m_failed; }
    QLineEdit *refundIdField() const { return m_refundId; }
    QComboBox *evidenceBox() const { return m_evidenceSource; }
    QPlainTextEdit *noteField() const { return m_note; }
    QLineEdit *operatorField() const { return m_operator; }
    QCheckBox *overrideBox() const { return m_override; }
    QPushButton *recordButton() const { return m_record; }
    // The refunds compared (hidden unless the evidence is in conflict or names a refund by
    // another path), what they mean, and what the choice made of them.
    QTableView *comparisonView() const;
    QPushButton *useRefundButton() const;
    QString meaningText() const;
    QString choiceText() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    // Sets every text in the language in force; update() then says the rest.
    void retranslate();
    void edited();
    void update();
    void submit();
    void submitted(const std::optional<Error> &error);
    QString evidenceText() const;
    // Takes `refundId`, picked in the comparison, as the operation's: refunded, its id.
    void useRefund(const QString &refundId);
    void compareRefunds();

    OperationSnapshot m_snapshot;
    Submitter m_submitter;
    std::optional<Error> m_lastError;
    bool m_errorShown = false;
    bool m_submitting = false;

    QLabel *m_intro = nullptr;
    // Made before the outcome's controls, so that Tab reaches them first.
    RefundComparisonView *m_comparison = nullptr;
    QRadioButton *m_refunded = nullptr;
    QRadioButton *m_failed = nullptr;
    QButtonGroup *m_outcomeGroup = nullptr;
    QLineEdit *m_refundId = nullptr;
    QComboBox *m_evidenceSource = nullptr;
    QLineEdit *m_caseReference = nullptr;
    QPlainTextEdit *m_note = nullptr;
    QLineEdit *m_operator = nullptr;
    BannerLabel *m_contradiction = nullptr;
    QCheckBox *m_override = nullptr;
    BannerLabel *m_problem = nullptr;
    QLabel *m_summary = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QLabel *m_outcomeLabel = nullptr;
    QLabel *m_refundIdLabel = nullptr;
    QLabel *m_evidenceLabel = nullptr;
    QLabel *m_noteLabel = nullptr;
    QLabel *m_operatorLabel = nullptr;
    QPushButton *m_record = nullptr;
};

} // namespace RefundDesk
