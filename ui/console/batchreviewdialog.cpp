#include "ui/console/batchreviewdialog.h"

#include "domain/money.h"
#include "ui/common/tablesetup.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace RefundDesk {

namespace {

QTableWidget *newTable(const QString &name, const QStringList &headers, QWidget *parent)
{
    auto *table = new QTableWidget(0, int(headers.size()), parent);
    table->setObjectName(name);
    table->setHorizontalHeaderLabels(headers);
    setUpReadOnlyTable(table);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}

void setRow(QTableWidget *table, int row, const QStringList &texts)
{
    for (int column = 0; column < texts.size(); ++column)
        table->setItem(row, column, new QTableWidgetItem(texts.at(column)));
}

} // namespace

QString batchTotalsText(const BatchPlan &plan)
{
    QStringList lines;
    for (const BatchTotal &total : plan.totals()) {
        lines << QCoreApplication::translate("BatchReviewDialog", "%1: %n operation(s), %2", "outcome: count, amount",
                                             int(total.count))
                     .arg(displayName(total.outcome), Money::display(total.amountCents, total.currency));
    }
    return lines.join(u'\n');
}

BatchReviewDialog::BatchReviewDialog(const BatchPlan &plan, QWidget *parent)
    : QDialog(parent)
    , m_count(qint64(plan.eligible.size()))
{
    setObjectName(QStringLiteral("batchReviewDialog"));
    setWindowTitle(tr("Record outcomes from evidence"));
    auto *layout = new QVBoxLayout(this);

    auto *summary = new QLabel(tr("%n operation(s) will be recorded as their evidence says, each as its own decision "
                                  "with the event it rests on. One that changes before it is written is skipped.",
                                  "", int(m_count)),
                               this);
    summary->setObjectName(QStringLiteral("batchSummary"));
    summary->setWordWrap(true);
    layout->addWidget(summary);

    m_eligible = newTable(QStringLiteral("eligibleTable"),
                          {tr("Operation"), tr("Outcome"), tr("Refund id"), tr("Event or lookup"), tr("Amount"),
                           tr("Latest note")},
                          this);
    fillEligible(plan);
    layout->addWidget(m_eligible, 3);

    auto *totals = new QLabel(batchTotalsText(plan), this);
    totals->setObjectName(QStringLiteral("batchTotals"));
    totals->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(totals);

    auto *leftOutLabel = new QLabel(tr("Left out for a person (%n):", "", int(plan.leftOut.size())), this);
    layout->addWidget(leftOutLabel);
    m_leftOut = newTable(QStringLiteral("leftOutTable"), {tr("Operation"), tr("Verdict"), tr("Why")}, this);
    fillLeftOut(plan);
    layout->addWidget(m_leftOut, 2);

    auto *form = new QFormLayout;
    m_note = new QLineEdit(this);
    m_note->setObjectName(QStringLiteral("batchNote"));
    m_note->setPlaceholderText(tr("Why these are recorded together, for the audit log"));
    form->addRow(tr("&Note:"), m_note);
    m_confirm = new QLineEdit(this);
    m_confirm->setObjectName(QStringLiteral("batchConfirm"));
    m_confirm->setPlaceholderText(QString::number(m_count));
    if (m_count > ConfirmAbove)
        form->addRow(tr("Type %1 to &confirm:").arg(m_count), m_confirm);
    else
        m_confirm->hide();
    layout->addLayout(form);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Record %n outcome(s)", "", int(m_count)));
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_note, &QLineEdit::textChanged, this, &BatchReviewDialog::updateButtons);
    connect(m_confirm, &QLineEdit::textChanged, this, &BatchReviewDialog::updateButtons);
    updateButtons();
    resize(760, 560);
}

void BatchReviewDialog::fillEligible(const BatchPlan &plan)
{
    m_eligible->setRowCount(int(plan.eligible.size()));
    for (int row = 0; row < int(plan.eligible.size()); ++row) {
        const BatchCandidate &candidate = plan.eligible[size_t(row)];
        setRow(m_eligible, row,
               {candidate.seen.operationId, displayName(candidate.outcome),
                candidate.outcome == Outcome::Refunded ? candidate.refundId : QString(), candidate.sourceText(),
                Money::display(candidate.seen.amountCents, candidate.seen.currency), candidate.latestNote});
    }
}

void BatchReviewDialog::fillLeftOut(const BatchPlan &plan)
{
    m_leftOut->setRowCount(int(plan.leftOut.size()));
    for (int row = 0; row < int(plan.leftOut.size()); ++row) {
        const BatchLeftOut &left = plan.leftOut[size_t(row)];
        setRow(m_leftOut, row,
               {left.operation.operationId, displayName(left.verdict), describe(left)});
    }
}

QString BatchReviewDialog::note() const
{
    return m_note->text().trimmed();
}

void BatchReviewDialog::updateButtons()
{
    const bool confirmed = m_count <= ConfirmAbove || m_confirm->text().trimmed() == QString::number(m_count);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_count > 0 && !note().isEmpty() && confirmed);
}

} // namespace RefundDesk
