#include "ui/console/batch/batchreportdialog.h"

#include "ui/common/tablecopy.h"
#include "ui/console/batch/batchcolumns.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QScreen>
#include <QTableWidget>
#include <QVBoxLayout>

namespace RefundDesk {

QString BatchReportDialog::summaryText(const BatchReport &report)
{
    QStringList lines;
    lines << tr("Recorded %1 of %2 from their evidence; %3 skipped because they changed.")
                 .arg(report.decided())
                 .arg(report.planned)
                 .arg(report.skipped());
    if (!report.leftOutByReviewer.empty())
        lines << tr("%n left out by the reviewer: not recorded, still in the queue.", "",
                    int(report.leftOutByReviewer.size()));
    if (report.cancelled)
        lines << tr("Cancelled: %n operation(s) were not tried, and wait in the queue.", "", int(report.notTried()));
    if (report.failure) {
        lines << tr("Stopped, %n operation(s) not tried: %1", "", int(report.notTried())).arg(report.failure->message);
    }
    if (!report.note.isEmpty())
        lines << tr("Note: %1").arg(report.note);
    return lines.join(u'\n');
}

BatchReportDialog::BatchReportDialog(const BatchReport &report, QWidget *parent)
    : QDialog(parent)
    , m_summary(new QLabel(this))
    , m_table(BatchColumns::newTable(QStringLiteral("batchReportTable"), tr("What became of it"), this))
{
    setObjectName(QStringLiteral("batchReportDialog"));
    setWindowTitle(tr("Outcomes recorded from evidence"));
    auto *layout = new QVBoxLayout(this);
    m_summary->setObjectName(QStringLiteral("batchReportSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setText(summaryText(report));
    layout->addWidget(m_summary);
    m_table->setAccessibleName(tr("What became of each operation"));
    fill(report);
    layout->addWidget(m_table, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *copy = buttons->addButton(tr("&Copy all"), QDialogButtonBox::ActionRole);
    copy->setObjectName(QStringLiteral("copyReport"));
    copy->setToolTip(tr("The summary and the table, as tab-separated values for a spreadsheet or a ticket"));
    connect(copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(reportText()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    QRect area = screen() ? screen()->availableGeometry() : QRect(0, 0, 1024, 768);
    if (parent && parent->window()->isVisible())
        area = parent->window()->frameGeometry();
    resize(qMax(640, area.width() - 48), qMax(400, area.height() * 3 / 4));
}

void BatchReportDialog::fill(const BatchReport &report)
{
    m_table->setRowCount(int(report.items.size() + report.leftOutByReviewer.size()));
    int row = 0;
    for (const BatchItemResult &item : report.items) {
        const QString became = item.state == BatchItemResult::State::Decided
            ? tr("recorded, decision #%1").arg(item.resolution->resolutionId)
            : tr("skipped: %1").arg(item.reason);
        BatchColumns::setRow(m_table, row++, BatchColumns::cells(item.candidate) << became);
    }
    for (const BatchLeftOut &left : report.leftOutByReviewer)
        BatchColumns::setRow(m_table, row++, BatchColumns::cells(left) << describe(left));
    BatchColumns::fitColumns(m_table);
}

QString BatchReportDialog::reportText() const
{
    return m_summary->text() + QStringLiteral("\n\n") + tableAsTsv(m_table->model());
}

} // namespace RefundDesk
