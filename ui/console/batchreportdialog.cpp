#include "ui/console/batchreportdialog.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace RefundDesk {

QString BatchReportDialog::reportText(const BatchReport &report)
{
    QStringList lines;
    lines << tr("Recorded %1 of %2 from their evidence; %3 skipped because they changed.")
                 .arg(report.decided())
                 .arg(report.planned)
                 .arg(report.skipped());
    if (report.cancelled)
        lines << tr("Cancelled: %n operation(s) were not tried, and wait in the queue.", "", int(report.notTried()));
    if (report.failure) {
        lines << tr("Stopped, %n operation(s) not tried: %1", "", int(report.notTried())).arg(report.failure->message);
    }
    if (!report.note.isEmpty())
        lines << tr("Note: %1").arg(report.note);
    QStringList decided;
    QStringList skipped;
    for (const BatchItemResult &item : report.items) {
        const BatchCandidate &candidate = item.candidate;
        if (item.state == BatchItemResult::State::Decided) {
            decided << QStringLiteral("  %1\t%2\t%3\t%4\t#%5")
                           .arg(candidate.seen.operationId, displayName(candidate.outcome),
                                candidate.outcome == Outcome::Refunded ? candidate.refundId : QStringLiteral("-"),
                                candidate.evidenceText(), QString::number(item.resolution->resolutionId));
        } else {
            skipped << QStringLiteral("  %1\t%2").arg(candidate.seen.operationId, item.reason);
        }
    }
    if (!decided.isEmpty())
        lines << tr("Decided:") << decided;
    if (!skipped.isEmpty())
        lines << tr("Skipped:") << skipped;
    return lines.join(u'\n');
}

BatchReportDialog::BatchReportDialog(const BatchReport &report, QWidget *parent)
    : QDialog(parent)
    , m_text(new QPlainTextEdit(this))
{
    setObjectName(QStringLiteral("batchReportDialog"));
    setWindowTitle(tr("Outcomes recorded from evidence"));
    auto *layout = new QVBoxLayout(this);
    m_text->setObjectName(QStringLiteral("batchReport"));
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setPlainText(reportText(report));
    layout->addWidget(m_text);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *copy = buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole);
    copy->setObjectName(QStringLiteral("copyReport"));
    connect(copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(m_text->toPlainText()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(720, 480);
}

} // namespace RefundDesk
