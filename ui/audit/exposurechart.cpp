#include "ui/audit/exposurechart.h"

#include "ui/common/livetext.h"

#include "ui/common/theme.h"

#include "domain/money.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QSignalBlocker>
#include <QStackedBarSeries>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace RefundDesk {

namespace {

void replaceChart(QChartView *view, QChart *chart)
{
    QChart *old = view->chart();
    view->setChart(chart); // the view owns the new chart and lets go of the old one
    view->setAccessibleName(chart->title()); // the summary beside it says it in words
    delete old;
}

double majorUnits(qint64 minor, const QString &currency)
{
    return double(minor) / std::pow(10.0, Money::minorUnits(currency));
}

} // namespace

ExposureChart::ExposureChart(QWidget *parent)
    : QWidget(parent)
    , m_currency(new QComboBox(this))
    , m_summary(new QLabel(this))
    , m_exposureView(new QChartView(this))
    , m_decisionsView(new QChartView(this))
{
    m_currency->setObjectName(QStringLiteral("currencyBox"));
    m_summary->setObjectName(QStringLiteral("exposureSummary"));
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setWordWrap(true);
    LiveText::makeReadable(m_summary);
    m_exposureView->setRenderHint(QPainter::Antialiasing);
    m_decisionsView->setRenderHint(QPainter::Antialiasing);
    // A picture, not a control: the keyboard and a screen reader get its numbers from the
    // summary above it.
    for (QChartView *view : {m_exposureView, m_decisionsView}) {
        view->setFocusPolicy(Qt::NoFocus);
        view->viewport()->setFocusPolicy(Qt::NoFocus);
    }

    auto *top = new QHBoxLayout;
    top->addWidget(m_summary, 1);
    m_currencyLabel = new QLabel(tr("Amount in"), this);
    m_currencyLabel->setBuddy(m_currency);
    top->addWidget(m_currencyLabel);
    top->addWidget(m_currency);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_exposureView, 3);
    layout->addWidget(m_decisionsView, 2);

    connect(m_currency, &QComboBox::currentIndexChanged, this, &ExposureChart::rebuild);
    rebuild();
}

void ExposureChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        // The charts are drawn again with their titles, names and dates in the new language.
        m_currencyLabel->setText(tr("Amount in"));
        rebuild();
    }
    QWidget::changeEvent(event);
}

QString ExposureChart::currency() const
{
    return m_currency->currentText().toLower();
}

QChart *ExposureChart::exposureChart() const
{
    return m_exposureView->chart();
}

QChart *ExposureChart::decisionsChart() const
{
    return m_decisionsView->chart();
}

void ExposureChart::setTimeline(const ExposureTimeline &timeline)
{
    m_timeline = timeline;
    // Offer every currency, the largest exposure ever first.
    QStringList currencies = m_timeline.currencies();
    const auto peak = [this](const QString &c) {
        const auto &amounts = m_timeline.unknownAmount(c);
        return amounts.empty() ? 0 : *std::max_element(amounts.begin(), amounts.end());
    };
    std::stable_sort(currencies.begin(), currencies.end(),
                     [&](const QString &a, const QString &b) { return peak(a) > peak(b); });
    const QSignalBlocker blocker(m_currency);
    m_currency->clear();
    for (const QString &c : std::as_const(currencies))
        m_currency->addItem(c.toUpper());
    m_currency->setEnabled(m_currency->count() > 1);
    rebuild();
}

void ExposureChart::rebuild()
{
    auto *exposure = new QChart;
    exposure->setTitle(tr("Still unknown at the end of each day (UTC)"));
    auto *decisions = new QChart;
    decisions->setTitle(tr("Decisions recorded per day"));

    if (m_timeline.isEmpty()) {
        m_summary->setText(tr("Nothing to draw: no operation has been unknown and no decision was recorded."));
        replaceChart(m_exposureView, exposure);
        replaceChart(m_decisionsView, decisions);
        return;
    }

    const qint64 days = m_timeline.dayCount();
    const QString currency = this->currency();

    auto *count = new QLineSeries;
    count->setName(tr("Operations unknown"));
    auto *amount = new QLineSeries;
    amount->setName(tr("Amount unknown (%1)").arg(currency.toUpper()));
    const auto &amounts = m_timeline.unknownAmount(currency);
    qint64 maxCount = 1;
    double maxAmount = 1;
    for (qint64 i = 0; i < days; ++i) {
        const double x = double(m_timeline.msecsOfDay(i));
        const qint64 unknown = m_timeline.unknownCount()[size_t(i)];
        count->append(x, double(unknown));
        maxCount = std::max(maxCount, unknown);
        if (!amounts.empty()) {
            const double value = majorUnits(amounts[size_t(i)], currency);
            amount->append(x, value);
            maxAmount = std::max(maxAmount, value);
        }
    }
    exposure->addSeries(count);
    exposure->addSeries(amount);
    auto *time = new QDateTimeAxis;
    time->setFormat(QStringLiteral("dd MMM"));
    time->setTickCount(int(std::clamp<qint64>(days, 2, 10)));
    time->setRange(QDateTime::fromMSecsSinceEpoch(m_timeline.msecsOfDay(0)),
                   QDateTime::fromMSecsSinceEpoch(m_timeline.msecsOfDay(std::max<qint64>(days - 1, 1))));
    exposure->addAxis(time, Qt::AlignBottom);
    auto *countAxis = new QValueAxis;
    countAxis->setTitleText(tr("operations"));
    countAxis->setLabelFormat(QStringLiteral("%d"));
    countAxis->setRange(0, double(maxCount) * 1.1);
    exposure->addAxis(countAxis, Qt::AlignLeft);
    auto *amountAxis = new QValueAxis;
    amountAxis->setTitleText(currency.toUpper());
    amountAxis->setRange(0, maxAmount * 1.1);
    exposure->addAxis(amountAxis, Qt::AlignRight);
    count->attachAxis(time);
    count->attachAxis(countAxis);
    amount->attachAxis(time);
    amount->attachAxis(amountAxis);

    // The bars: the latest days only, so each stays readable.
    const qint64 firstBar = std::max<qint64>(0, days - MaxBarDays);
    auto *refunded = new QBarSet(tr("Refunded"));
    auto *failed = new QBarSet(tr("Failed"));
    QStringList categories;
    qint64 maxDecisions = 1;
    for (qint64 i = firstBar; i < days; ++i) {
        const qint64 r = m_timeline.refundedDecisions()[size_t(i)];
        const qint64 f = m_timeline.failedDecisions()[size_t(i)];
        *refunded << double(r);
        *failed << double(f);
        maxDecisions = std::max(maxDecisions, r + f);
        categories << QDateTime::fromMSecsSinceEpoch(m_timeline.msecsOfDay(i), Qt::UTC).toString(QStringLiteral("MM-dd"));
    }
    refunded->setColor(Theme::foreground(Theme::toneOf(Verdict::Refunded), palette()));
    failed->setColor(Theme::foreground(Theme::toneOf(Verdict::Failed), palette()));
    auto *bars = new QStackedBarSeries;
    bars->append(refunded);
    bars->append(failed);
    decisions->addSeries(bars);
    auto *dayAxis = new QBarCategoryAxis;
    dayAxis->append(categories);
    decisions->addAxis(dayAxis, Qt::AlignBottom);
    auto *decisionAxis = new QValueAxis;
    decisionAxis->setLabelFormat(QStringLiteral("%d"));
    decisionAxis->setRange(0, double(maxDecisions) * 1.1);
    decisions->addAxis(decisionAxis, Qt::AlignLeft);
    bars->attachAxis(dayAxis);
    bars->attachAxis(decisionAxis);
    if (firstBar > 0)
        decisions->setTitle(tr("Decisions recorded per day (the last %n day(s))", nullptr, MaxBarDays));

    replaceChart(m_exposureView, exposure);
    replaceChart(m_decisionsView, decisions);

    const qint64 nowUnknown = m_timeline.unknownCount().back();
    QStringList money;
    for (const QString &c : m_timeline.currencies()) {
        const qint64 value = m_timeline.unknownAmount(c).back();
        if (value != 0)
            money << Money::display(value, c);
    }
    m_summary->setText(money.isEmpty()
                           ? tr("Unknown now: %n operation(s).", nullptr, int(nowUnknown))
                           : tr("Unknown now: %n operation(s), %1.", nullptr, int(nowUnknown)).arg(money.join(QStringLiteral(", "))));
}

} // namespace RefundDesk
