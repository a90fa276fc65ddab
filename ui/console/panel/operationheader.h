#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QToolButton;

namespace RefundDesk {

class BannerLabel;
struct OperationSnapshot;

// The top of the operation panel: which operation, for which order and amount, in what
// state, since when, how long the provider still remembers its key, and the key itself
// (selectable and copyable, never editable); and what a colleague last wrote about it.
class OperationHeader final : public QWidget
{
    Q_OBJECT

public:
    explicit OperationHeader(QWidget *parent = nullptr);

    void showSnapshot(const OperationSnapshot &snapshot, qint64 nowMsecs);
    void clear();

    QLineEdit *keyField() const { return m_key; }
    QString titleText() const;
    // The controls the Tab key visits, in reading order.
    QList<QWidget *> focusOrder() const;
    QString statusText() const;
    // The latest note and the follow-up the operation waits for; empty without notes.
    QString noteText() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void showNotes(const OperationSnapshot &snapshot, qint64 nowMsecs);

    QLabel *m_title = nullptr;
    BannerLabel *m_status = nullptr;
    QLabel *m_facts = nullptr;
    QLabel *m_note = nullptr;
    QLineEdit *m_key = nullptr;
    QToolButton *m_copyKey = nullptr;
    QLabel *m_keyLabel = nullptr;
};

} // namespace RefundDesk
