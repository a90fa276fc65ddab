#include "ui/console/panel/attempttimelineview.h"

#include "items/attemptsmodel.h"
#include "items/operationsnapshot.h"
#include "ui/common/cellfittedcolumns.h"
#include "ui/common/tablesetup.h"
#include "ui/common/tonedelegate.h"
#include "ui/common/wrappingheaderview.h"

#include <QHeaderView>
#include <QLabel>
#include <QSet>
#include <QTableView>
#include <QVBoxLayout>

namespace RefundDesk {

AttemptTimelineView::AttemptTimelineView(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_table(new QTableView(this))
    , m_model(new AttemptsModel(this))
{
    m_title->setTextFormat(Qt::PlainText);
    m_title->setWordWrap(true); // long in Russian: it would widen the panel
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_table->setObjectName(QStringLiteral("attemptTable"));
    // Its titles wrap, as its cells do, rather than widen the panel.
    m_table->setHorizontalHeader(new WrappingHeaderView(m_table));
    m_table->setModel(m_model);
    setUpReadOnlyTable(m_table);
    m_table->setAccessibleName(tr("Attempts"));
    m_table->setItemDelegate(new ToneDelegate(
        [](const QModelIndex &index) {
            if (index.column() != AttemptsModel::OutcomeColumn)
                return Theme::Tone::Neutral;
            const QString code = index.data(AttemptsModel::OutcomeCodeRole).toString();
            if (code == QLatin1String("refunded"))
                return Theme::Tone::Good;
            if (index.data(AttemptsModel::OutcomeUncertainRole).toBool())
                return Theme::Tone::Warning;
            return Theme::Tone::Info;
        },
        {}, m_table));
    QHeaderView *header = m_table->horizontalHeader();
    fitColumnWidth(header, AttemptsModel::NumberColumn, 28);
    fitColumnWidth(header, AttemptsModel::ToolCallColumn, 120);
    fitColumnWidth(header, AttemptsModel::StartedColumn, 92);
    fitColumnWidth(header, AttemptsModel::DurationColumn, 60);
    fitColumnWidth(header, AttemptsModel::OutcomeColumn, 240);
    fitColumnWidth(header, AttemptsModel::HttpStatusColumn, 44);
    // Every cell whole (a tool-call id, the HTTP status in any language) and read without
    // scrolling sideways: in a narrow panel the longest ones (the outcome's words, the id)
    // take more lines.
    (new CellFittedColumns(m_table, AttemptsModel::OutcomeColumn))->setWrapsCells(true);
    // The attempts are few and each one matters: the first two are never scrolled to, the
    // rest when the panel has the room. Not three: under a conflict's long verdict, the
    // events' two refunds need that room at 1366×768 (tst_languages).
    keepFirstRowsInView(m_table, 2);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_title);
    layout->addWidget(m_table, 1);
    clear();
}

void AttemptTimelineView::showSnapshot(const OperationSnapshot &snapshot, qint64 nowMsecs)
{
    m_model->setAttempts(snapshot.attempts, nowMsecs);
    QSet<QString> toolCalls;
    for (const Attempt &attempt : snapshot.attempts)
        toolCalls.insert(attempt.toolCallId);
    const int count = int(snapshot.attempts.size());
    const QString calls = tr("%n tool call(s)", nullptr, int(toolCalls.size()));
    m_title->setText(count == 0 ? tr("Attempts: none recorded")
                     : count == 1 ? tr("Attempts: 1, in %1, with the one key").arg(calls)
                                  : tr("Attempts: %1, in %2, all with the one key").arg(count).arg(calls));
}

void AttemptTimelineView::clear()
{
    m_model->setAttempts({}, 0);
    m_title->setText(tr("Attempts"));
}

} // namespace RefundDesk
