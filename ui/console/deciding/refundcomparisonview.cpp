#include "ui/console/deciding/refundcomparisonview.h"

#include "evidence/refundcomparison.h"
#include "items/refundcomparisonmodel.h"
#include "ui/common/decimalaligneddelegate.h"
#include "ui/common/livetext.h"
#include "ui/common/tablecopy.h"
#include "ui/common/tablesetup.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace RefundDesk {

namespace {

// The comparison shows this many rows before it scrolls: a conflict rarely has more.
constexpr int ComparedRowsShown = 4;

} // namespace

RefundComparisonView::RefundComparisonView(QWidget *parent)
    : QWidget(parent)
    , m_model(new RefundComparisonModel(this))
    // Made in the order they are read, so that Tab goes through them in it.
    , m_meaning(LiveText::readableParagraph(new QLabel(this), QStringLiteral("comparisonMeaning")))
    , m_table(new QTableView(this))
    , m_useRefund(new QPushButton(this))
    , m_choice(LiveText::readableParagraph(new QLabel(this), QStringLiteral("comparisonChoice")))
{
    setObjectName(QStringLiteral("refundComparison"));
    // The person picks the operation's refund, which fills its id.
    m_table->setObjectName(QStringLiteral("comparedRefunds"));
    setUpReadOnlyTable(m_table);
    m_table->setModel(m_model);
    // The ids are whole, their column as wide as they are: a person compares them with
    // Stripe's dashboard. What made a refund wraps rather than being cut; a word too long
    // for its line is cut in the middle, where it is least told apart.
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->setWordWrap(true);
    m_table->setItemDelegateForColumn(RefundComparisonModel::AmountColumn, new DecimalAlignedDelegate(m_table));
    makeRowsCopyable(m_table);
    QHeaderView *header = m_table->horizontalHeader();
    header->setStretchLastSection(false);
    for (const int column : {RefundComparisonModel::RefundColumn, RefundComparisonModel::StatusColumn,
                             RefundComparisonModel::AmountColumn, RefundComparisonModel::CreatedColumn,
                             RefundComparisonModel::MetadataColumn})
        header->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(RefundComparisonModel::MadeByColumn, QHeaderView::Stretch);
    // Wrapped rows grow as the columns narrow; the table shows them whole, no more. Fitted
    // once the header has laid out every section, not while it goes through them.
    m_table->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    connect(header, &QHeaderView::sectionResized, this, &RefundComparisonView::fitHeight, Qt::QueuedConnection);
    m_useRefund->setObjectName(QStringLiteral("useRefund"));
    m_useRefund->setAutoDefault(false);
    connect(m_useRefund, &QPushButton::clicked, this, &RefundComparisonView::useCurrentRefund);
    connect(m_table, &QAbstractItemView::doubleClicked, this, &RefundComparisonView::useCurrentRefund);

    auto *choiceRow = new QHBoxLayout;
    choiceRow->addWidget(m_useRefund, 0, Qt::AlignTop);
    choiceRow->addWidget(m_choice, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(QMargins());
    layout->addWidget(m_meaning);
    layout->addWidget(m_table);
    layout->addLayout(choiceRow);
    hide();
}

void RefundComparisonView::compare(const Evidence &evidence, const std::vector<Attempt> &attempts,
                                   const QString &refundId)
{
    const bool compares = evidence.verdict == Verdict::Conflict || evidence.verdict == Verdict::OtherRefund;
    const QString current = m_table->currentIndex().data(RefundComparisonModel::RefundIdRole).toString();
    m_model->setRefunds(compares ? RefundComparison::of(evidence, attempts) : std::vector<ComparedRefund>{});
    const bool shown = isComparing();
    setVisible(shown);
    if (!shown)
        return;
    // The row picked before (a language change reads the evidence again), else the refund
    // the id field names, else the first.
    int row = m_model->rowOf(current);
    if (row < 0)
        row = qMax(0, m_model->rowOf(refundId));
    m_table->setCurrentIndex(m_model->index(row, 0));
    m_table->resizeColumnToContents(RefundComparisonModel::RefundColumn);
    QHeaderView *header = m_table->horizontalHeader();
    header->resizeSection(RefundComparisonModel::RefundColumn,
                          qMin(header->sectionSize(RefundComparisonModel::RefundColumn),
                               m_table->fontMetrics().horizontalAdvance(QLatin1Char('m')) * 16));
    fitHeight();
}

bool RefundComparisonView::isComparing() const
{
    return m_model->rowCount() > 0;
}

void RefundComparisonView::fitHeight()
{
    m_table->resizeRowsToContents();
    const int rows = qMin(m_model->rowCount(), ComparedRowsShown);
    int tableHeight = m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->frameWidth();
    for (int row = 0; row < rows; ++row)
        tableHeight += m_table->rowHeight(row);
    const int shrunkBy = m_table->height() - tableHeight;
    m_table->setFixedHeight(tableHeight);
    // Rows that wrap no more give their room back rather than leave a gap in the form.
    if (shrunkBy > 0)
        emit shrunk(shrunkBy);
}

void RefundComparisonView::useCurrentRefund()
{
    const QString id = m_table->currentIndex().data(RefundComparisonModel::RefundIdRole).toString();
    if (!id.isEmpty())
        emit refundUsed(id);
}

void RefundComparisonView::followChoice(bool chosen, bool refunded, const QString &refundId, bool submitting)
{
    if (!isComparing())
        return;
    // The table follows the id typed when it names one of its refunds.
    const int named = m_model->rowOf(refundId);
    if (refunded && named >= 0 && m_table->currentIndex().row() != named)
        m_table->setCurrentIndex(m_model->index(named, 0));
    m_useRefund->setEnabled(m_table->currentIndex().isValid() && !submitting);
    LiveText::setText(m_choice, choiceConsequence(chosen, refunded, refundId));
}

void RefundComparisonView::retranslate(const Evidence &evidence)
{
    LiveText::setText(m_meaning, RefundComparison::meaning(evidence));
    m_table->setAccessibleName(tr("Refunds Stripe stated, side by side"));
    m_table->setAccessibleDescription(tr("The operation's own refunds first, then its payment's others. "
                                         "Ctrl+C copies them."));
    m_useRefund->setText(tr("&Use as this operation's refund"));
    m_useRefund->setAccessibleName(tr("Use the selected refund as this operation's refund"));
}

QString RefundComparisonView::choiceConsequence(bool chosen, bool refunded, const QString &refundId) const
{
    const std::vector<ComparedRefund> &refunds = m_model->refunds();
    if (refunds.empty())
        return {};
    if (!chosen)
        return tr("Pick the refund that is this operation's and use it; choose failed if none of them is.");
    const QString picked = refunded ? refundId : QString();
    QStringList others;
    const ComparedRefund *pickedRefund = nullptr;
    for (const ComparedRefund &refund : refunds) {
        if (refund.refund.id == picked)
            pickedRefund = &refund;
        else
            others << refund.refund.id;
    }
    if (!refunded) {
        return tr("Failed records that none of these refunds (%1) is this operation's: have them looked into "
                  "(Ctrl+Shift+K copies a case for Stripe support).")
            .arg(others.join(QStringLiteral(", ")));
    }
    const QString lookInto = tr("%n other refund(s) of this payment (%1) stay unexplained: have them looked into "
                                "(Ctrl+Shift+K copies a case for Stripe support).",
                                nullptr, int(others.size()))
                                 .arg(others.join(QStringLiteral(", ")));
    if (picked.isEmpty())
        return {};
    if (!pickedRefund) {
        return tr("%1 is not among the refunds Stripe stated for this operation and its payment: check it in the "
                  "Dashboard before you record it.")
            .arg(picked);
    }
    const QString recorded = tr("%1 (%2, %3) is recorded as this operation's refund.")
                                 .arg(pickedRefund->refund.id, pickedRefund->amount(), pickedRefund->madeBy());
    return others.isEmpty() ? recorded : recorded + QLatin1Char(' ') + lookInto;
}

QString RefundComparisonView::meaningText() const
{
    return !isHidden() ? m_meaning->text() : QString();
}

QString RefundComparisonView::choiceText() const
{
    return !isHidden() ? m_choice->text() : QString();
}

} // namespace RefundDesk
