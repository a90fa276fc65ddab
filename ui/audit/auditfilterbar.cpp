#include "ui/audit/auditfilterbar.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QDateTime>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>

namespace RefundDesk {

AuditFilterBar::AuditFilterBar(QWidget *parent)
    : QWidget(parent)
    , m_fromCheck(new QCheckBox(this))
    , m_fromEdit(new QDateEdit(QDate::currentDate().addDays(-30), this))
    , m_toCheck(new QCheckBox(this))
    , m_toEdit(new QDateEdit(QDate::currentDate(), this))
    , m_operator(new QComboBox(this))
    , m_outcome(new QComboBox(this))
    , m_overrides(new QCheckBox(this))
    , m_newestFirst(new QCheckBox(this))
    , m_operatorLabel(new QLabel(this))
    , m_outcomeLabel(new QLabel(this))
{
    m_fromCheck->setObjectName(QStringLiteral("fromCheck"));
    m_fromEdit->setObjectName(QStringLiteral("fromEdit"));
    m_toCheck->setObjectName(QStringLiteral("toCheck"));
    m_toEdit->setObjectName(QStringLiteral("toEdit"));
    m_operator->setObjectName(QStringLiteral("operatorBox"));
    m_outcome->setObjectName(QStringLiteral("outcomeBox"));
    m_overrides->setObjectName(QStringLiteral("overridesCheck"));
    m_newestFirst->setObjectName(QStringLiteral("newestFirstCheck"));

    for (QDateEdit *edit : {m_fromEdit, m_toEdit}) {
        edit->setCalendarPopup(true);
        edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
        edit->setEnabled(false);
    }
    m_operator->addItem(QString(), QString());
    m_operator->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_outcome->addItem(QString(), QString());
    m_outcome->addItem(QString(), QStringLiteral("refunded"));
    m_outcome->addItem(QString(), QStringLiteral("failed"));
    m_newestFirst->setChecked(true);
    m_operatorLabel->setBuddy(m_operator);
    m_outcomeLabel->setBuddy(m_outcome);
    retranslate();

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_fromCheck);
    layout->addWidget(m_fromEdit);
    layout->addWidget(m_toCheck);
    layout->addWidget(m_toEdit);
    layout->addWidget(m_operatorLabel);
    layout->addWidget(m_operator);
    layout->addWidget(m_outcomeLabel);
    layout->addWidget(m_outcome);
    layout->addWidget(m_overrides);
    layout->addStretch(1);
    layout->addWidget(m_newestFirst);

    connect(m_fromCheck, &QCheckBox::toggled, m_fromEdit, &QWidget::setEnabled);
    connect(m_toCheck, &QCheckBox::toggled, m_toEdit, &QWidget::setEnabled);
    for (QCheckBox *box : {m_fromCheck, m_toCheck, m_overrides, m_newestFirst})
        connect(box, &QCheckBox::toggled, this, &AuditFilterBar::filterChanged);
    for (QDateEdit *edit : {m_fromEdit, m_toEdit})
        connect(edit, &QDateEdit::dateChanged, this, &AuditFilterBar::filterChanged);
    for (QComboBox *box : {m_operator, m_outcome})
        connect(box, &QComboBox::currentIndexChanged, this, &AuditFilterBar::filterChanged);
}

void AuditFilterBar::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void AuditFilterBar::retranslate()
{
    // Only texts: the dates, boxes and choices stay as they were set.
    m_fromCheck->setText(tr("Fro&m"));
    m_toCheck->setText(tr("&To"));
    for (QDateEdit *edit : {m_fromEdit, m_toEdit})
        edit->setToolTip(tr("A day in local time; both ends are included."));
    m_fromEdit->setAccessibleName(tr("From day"));
    m_toEdit->setAccessibleName(tr("To day"));
    m_operator->setItemText(0, tr("Everyone"));
    m_operator->setToolTip(tr("Only the decisions of this operator"));
    m_outcome->setItemText(0, tr("Any outcome"));
    m_outcome->setItemText(1, tr("Refunded"));
    m_outcome->setItemText(2, tr("Failed"));
    m_overrides->setText(tr("&Overrides only"));
    m_overrides->setToolTip(tr("Only decisions recorded against the evidence"));
    m_newestFirst->setText(tr("&Newest first"));
    m_operatorLabel->setText(tr("O&perator"));
    m_outcomeLabel->setText(tr("O&utcome"));
}

QList<QWidget *> AuditFilterBar::focusOrder() const
{
    return {m_fromCheck, m_fromEdit, m_toCheck, m_toEdit, m_operator, m_outcome, m_overrides, m_newestFirst};
}

AuditQuery AuditFilterBar::query() const
{
    AuditQuery query;
    if (m_fromCheck->isChecked())
        query.fromMs = QDateTime(m_fromEdit->date(), QTime(0, 0)).toMSecsSinceEpoch();
    if (m_toCheck->isChecked())
        query.toMs = QDateTime(m_toEdit->date().addDays(1), QTime(0, 0)).toMSecsSinceEpoch();
    query.operatorName = m_operator->currentData().toString();
    const QString outcome = m_outcome->currentData().toString();
    if (!outcome.isEmpty())
        query.outcome = outcomeFromString(outcome);
    query.overridesOnly = m_overrides->isChecked();
    query.newestFirst = m_newestFirst->isChecked();
    return query;
}

void AuditFilterBar::setOperators(const QStringList &names)
{
    const QString current = m_operator->currentData().toString();
    {
        const QSignalBlocker blocker(m_operator);
        while (m_operator->count() > 1)
            m_operator->removeItem(1);
        for (const QString &name : names)
            m_operator->addItem(name, name);
        const int index = m_operator->findData(current);
        m_operator->setCurrentIndex(index < 0 ? 0 : index);
    }
    if (m_operator->currentData().toString() != current)
        emit filterChanged();
}

} // namespace RefundDesk
