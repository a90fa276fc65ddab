#pragma once

#include "store/auditquery.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QDateEdit;

namespace RefundDesk {

// The audit log's filters: a date range (local days, both ends included), one operator,
// one outcome, overrides only, and the order. Every change emits filterChanged().
class AuditFilterBar final : public QWidget
{
    Q_OBJECT

public:
    // The controls the Tab key visits, in reading order.
    QList<QWidget *> focusOrder() const;
    explicit AuditFilterBar(QWidget *parent = nullptr);

    AuditQuery query() const;
    // The names offered in the operator box; keeps the current choice when still listed.
    void setOperators(const QStringList &names);

    QCheckBox *fromCheck() const { return m_fromCheck; }
    QDateEdit *fromEdit() const { return m_fromEdit; }
    QCheckBox *toCheck() const { return m_toCheck; }
    QDateEdit *toEdit() const { return m_toEdit; }
    QComboBox *operatorBox() const { return m_operator; }
    QComboBox *outcomeBox() const { return m_outcome; }
    QCheckBox *overridesCheck() const { return m_overrides; }
    QCheckBox *newestFirstCheck() const { return m_newestFirst; }

signals:
    void filterChanged();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    QCheckBox *m_fromCheck = nullptr;
    QDateEdit *m_fromEdit = nullptr;
    QCheckBox *m_toCheck = nullptr;
    QDateEdit *m_toEdit = nullptr;
    QComboBox *m_operator = nullptr;
    QComboBox *m_outcome = nullptr;
    QCheckBox *m_overrides = nullptr;
    QCheckBox *m_newestFirst = nullptr;
    QLabel *m_operatorLabel = nullptr;
    QLabel *m_outcomeLabel = nullptr;
};

} // namespace RefundDesk
