#include "ui/console/batch/batchreviewdialog.h"

#include "domain/money.h"
#include "ui/console/batch/batchcolumns.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScreen>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace RefundDesk {

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
    , m_plan(plan)
{
    setObjectName(QStringLiteral("batchReviewDialog"));
    setWindowTitle(tr("Record outcomes from evidence"));
    auto *layout = new QVBoxLayout(this);

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("batchSummary"));
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("batchTabs"));
    m_eligible = BatchColumns::newTable(QStringLiteral("eligibleTable"), tr("Latest note"), m_tabs);
    m_eligible->setAccessibleName(tr("Operations to record"));
    m_eligible->installEventFilter(this);
    fillEligible();
    m_leftOut = BatchColumns::newTable(QStringLiteral("leftOutTable"), tr("Why"), m_tabs);
    m_leftOut->setAccessibleName(tr("Operations left out for a person"));
    fillLeftOut();
    m_tabs->addTab(m_eligible, QString());
    m_tabs->addTab(m_leftOut, tr("Left out for a person (%n)", "", int(plan.leftOut.size())));
    layout->addWidget(m_tabs, 1);
    // Nothing the evidence settles: what was left out, and why, is all there is to read.
    if (plan.eligible.empty())
        m_tabs->setCurrentWidget(m_leftOut);

    m_totals = new QLabel(this);
    m_totals->setObjectName(QStringLiteral("batchTotals"));
    m_totals->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_totals);

    auto *form = new QGridLayout;
    m_note = new QLineEdit(this);
    m_note->setObjectName(QStringLiteral("batchNote"));
    m_note->setPlaceholderText(tr("Why these are recorded together, for the audit log"));
    m_note->setEnabled(!plan.eligible.empty());
    auto *noteLabel = new QLabel(tr("&Note:"), this);
    noteLabel->setBuddy(m_note);
    form->addWidget(noteLabel, 0, 0);
    form->addWidget(m_note, 0, 1);
    m_confirm = new QLineEdit(this);
    m_confirm->setObjectName(QStringLiteral("batchConfirm"));
    m_confirmLabel = new QLabel(this);
    m_confirmLabel->setBuddy(m_confirm);
    form->addWidget(m_confirmLabel, 1, 0);
    form->addWidget(m_confirm, 1, 1);
    layout->addLayout(form);

    auto *bottom = new QHBoxLayout;
    m_waiting = new QLabel(this);
    m_waiting->setObjectName(QStringLiteral("batchWaitingFor"));
    m_waiting->setWordWrap(true);
    bottom->addWidget(m_waiting, 1);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    bottom->addWidget(m_buttons);
    layout->addLayout(bottom);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_note, &QLineEdit::textChanged, this, &BatchReviewDialog::updateReview);
    connect(m_confirm, &QLineEdit::textChanged, this, &BatchReviewDialog::updateReview);
    connect(m_eligible, &QTableWidget::itemChanged, this, [this](QTableWidgetItem *item) {
        if (!m_filling && item->column() == TickColumn)
            updateReview();
    });
    // The note first: what a person types on opening goes there, not into a table's search.
    setTabOrder(m_note, m_confirm);
    setTabOrder(m_confirm, m_buttons);
    setTabOrder(m_buttons, m_tabs);
    updateReview();
    sizeToWindow(parent);
}

void BatchReviewDialog::fillEligible()
{
    m_filling = true;
    m_eligible->setRowCount(int(m_plan.eligible.size()));
    for (int row = 0; row < int(m_plan.eligible.size()); ++row) {
        const BatchCandidate &candidate = m_plan.eligible[size_t(row)];
        BatchColumns::setRow(m_eligible, row, BatchColumns::cells(candidate) << candidate.latestNote);
        QTableWidgetItem *tick = m_eligible->item(row, TickColumn);
        tick->setFlags(tick->flags() | Qt::ItemIsUserCheckable);
        tick->setCheckState(Qt::Checked);
    }
    BatchColumns::fitColumns(m_eligible);
    m_filling = false;
}

void BatchReviewDialog::fillLeftOut()
{
    m_leftOut->setRowCount(int(m_plan.leftOut.size()));
    for (int row = 0; row < int(m_plan.leftOut.size()); ++row) {
        const BatchLeftOut &left = m_plan.leftOut[size_t(row)];
        BatchColumns::setRow(m_leftOut, row, BatchColumns::cells(left) << describe(left));
    }
    BatchColumns::fitColumns(m_leftOut);
}

bool BatchReviewDialog::eventFilter(QObject *watched, QEvent *event)
{
    // Space ticks or unticks every selected row, whichever cell of it is current.
    if (watched == m_eligible && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Space && key->modifiers() == Qt::NoModifier) {
            tickSelectedRows();
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

void BatchReviewDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    if (m_note->isEnabled())
        m_note->setFocus(Qt::OtherFocusReason);
    else
        m_leftOut->setFocus(Qt::OtherFocusReason);
}

void BatchReviewDialog::tickSelectedRows()
{
    QModelIndexList rows = m_eligible->selectionModel()->selectedRows(TickColumn);
    if (rows.isEmpty() && m_eligible->currentIndex().isValid())
        rows << m_eligible->model()->index(m_eligible->currentIndex().row(), TickColumn);
    if (rows.isEmpty())
        return;
    // One of them unticked: tick them all; else untick them all.
    bool anyUnticked = false;
    for (const QModelIndex &index : rows)
        anyUnticked = anyUnticked || m_eligible->item(index.row(), TickColumn)->checkState() != Qt::Checked;
    m_filling = true;
    for (const QModelIndex &index : rows)
        m_eligible->item(index.row(), TickColumn)->setCheckState(anyUnticked ? Qt::Checked : Qt::Unchecked);
    m_filling = false;
    updateReview();
}

BatchPlan BatchReviewDialog::reviewedPlan() const
{
    QSet<QString> unticked;
    for (int row = 0; row < m_eligible->rowCount(); ++row) {
        if (m_eligible->item(row, TickColumn)->checkState() != Qt::Checked)
            unticked.insert(m_plan.eligible[size_t(row)].seen.operationId);
    }
    return m_plan.leavingOut(unticked);
}

QString BatchReviewDialog::note() const
{
    return m_note->text().trimmed();
}

void BatchReviewDialog::updateReview()
{
    const BatchPlan reviewed = reviewedPlan();
    m_ticked = qint64(reviewed.eligible.size());
    const qint64 unticked = qint64(reviewed.leftOutByReviewer().size());
    QString summary;
    if (m_plan.eligible.empty()) {
        summary = tr("The evidence settles none of these: %n operation(s) need a person, each for the reason "
                     "shown beside it.",
                     "", int(m_plan.leftOut.size()));
    } else {
        summary = tr("%n operation(s) will be recorded as their evidence says, each as its own decision "
                     "with the evidence it rests on. One that changes before it is written is skipped.",
                     "", int(m_ticked));
        if (unticked > 0)
            summary += u' ' + tr("%n unticked: left out by you, they stay in the queue.", "", int(unticked));
    }
    m_summary->setText(summary);
    m_tabs->setTabText(0, tr("To record (%1 of %2)").arg(m_ticked).arg(m_plan.eligible.size()));
    m_totals->setText(batchTotalsText(reviewed));

    const bool askToConfirm = m_ticked > ConfirmAbove;
    m_confirmLabel->setText(tr("Type %1 to &confirm:").arg(m_ticked));
    m_confirm->setPlaceholderText(QString::number(m_ticked));
    m_confirmLabel->setVisible(askToConfirm);
    m_confirm->setVisible(askToConfirm);
    const bool confirmed = !askToConfirm || m_confirm->text().trimmed() == QString::number(m_ticked);

    // The button says what it waits for, in the line beside it.
    QString waiting;
    if (m_plan.eligible.empty())
        waiting = tr("Nothing to record: decide each one in the window (Ctrl+R).");
    else if (m_ticked == 0)
        waiting = tr("Waiting for an operation to record: tick one (Space).");
    else if (note().isEmpty())
        waiting = tr("Waiting for a note: write above why these are recorded together.");
    else if (!confirmed)
        waiting = tr("Waiting for the count: type %1 above to confirm.").arg(m_ticked);
    m_waiting->setText(waiting);
    QPushButton *ok = m_buttons->button(QDialogButtonBox::Ok);
    ok->setText(tr("&Record %n outcome(s)", "", int(m_ticked)));
    ok->setEnabled(waiting.isEmpty());
    ok->setToolTip(waiting);
    ok->setAccessibleDescription(waiting);
}

void BatchReviewDialog::sizeToWindow(QWidget *parent)
{
    // As large as the window it reviews for: every row it can show, every id whole.
    QRect area = screen() ? screen()->availableGeometry() : QRect(0, 0, 1024, 768);
    if (parent && parent->window()->isVisible())
        area = parent->window()->frameGeometry();
    resize(qMax(640, area.width() - 48), qMax(480, area.height() - 48));
}

} // namespace RefundDesk
