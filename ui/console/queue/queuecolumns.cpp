#include "ui/console/queue/queuecolumns.h"

#include "domain/money.h"
#include "domain/operation.h"
#include "evidence/evidence.h"
#include "items/queuemodel.h"
#include "items/timetext.h"
#include "ui/common/tablesetup.h"

#include <QHeaderView>
#include <QScrollBar>
#include <QStyle>
#include <QTableView>

namespace RefundDesk::QueueColumns {

namespace {

int widestOf(const QFontMetrics &metrics, const QStringList &texts)
{
    int widest = 0;
    for (const QString &text : texts)
        widest = qMax(widest, metrics.horizontalAdvance(text));
    return widest;
}

} // namespace

void fit(QTableView *view)
{
    QHeaderView *header = view->horizontalHeader();
    const QFontMetrics metrics = view->fontMetrics();
    const int margin = cellTextMargin(view);
    // The widest spans the age and the key window usually show: "23 h 59 m", "9 d 23 h".
    const QStringList spans{TimeText::span((23 * 60 + 59) * 60'000LL), TimeText::span((9 * 24 + 23) * 3'600'000LL)};

    // A cell's icon (an overdue age, a noted operation), with the margins the style keeps
    // on both sides of it.
    const int icon = view->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, view)
        + 2 * (view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1);
    // The id is bold; ids of the queue are a few digits after "op_", after the mark of a
    // note.
    QFont bold = view->font();
    bold.setBold(true);
    fitColumnWidth(header, QueueModel::OperationColumn,
                   icon + QFontMetrics(bold).horizontalAdvance(QStringLiteral("op_00000")) + margin);
    fitColumnWidth(header, QueueModel::OrderColumn, 0, {QStringLiteral("000000")});
    fitColumnWidth(header, QueueModel::AmountColumn, 0,
                   {Money::display(99999, QStringLiteral("USD")), Money::display(99999, QStringLiteral("GBP"))});
    fitColumnWidth(header, QueueModel::StatusColumn, 0,
                   {displayName(OperationStatus::Unknown), displayName(OperationStatus::Checking)});
    // The verdicts the queue mostly shows; the rare long one ("not found at Stripe") is
    // elided, and its tooltip says it in full.
    fitColumnWidth(header, QueueModel::VerdictColumn, 0,
                   {displayName(Verdict::None), displayName(Verdict::Refunded), displayName(Verdict::Failed),
                    displayName(Verdict::Pending), displayName(Verdict::Conflict)});
    fitColumnWidth(header, QueueModel::AttemptsColumn, 0, {QStringLiteral("00")});
    // An overdue age: the icon before the span (the word is in its tooltip).
    fitColumnWidth(header, QueueModel::AgeColumn, icon + widestOf(metrics, spans) + margin);
    fitColumnWidth(header, QueueModel::KeyWindowColumn, 0, spans);
    // A login name of usual length.
    fitColumnWidth(header, QueueModel::ClaimedByColumn, 0, {QStringLiteral("j.martinez")});
    fitColumnWidth(header, QueueModel::FollowUpColumn, 0);
}

int preferredWidth(const QTableView *view)
{
    const QHeaderView *header = view->horizontalHeader();
    int width = 0;
    for (int column = 0; column < QueueModel::ColumnCount; ++column) {
        if (header->isSectionHidden(column))
            continue;
        // The follow-up stretches: its header is the least it needs.
        width += column == QueueModel::FollowUpColumn ? header->sectionSizeHint(column) : header->sectionSize(column);
    }
    return width + 2 * view->frameWidth() + view->verticalScrollBar()->sizeHint().width();
}

} // namespace RefundDesk::QueueColumns
