#pragma once

#include "evidence/batchexecutor.h"

#include <QDialog>

class QPlainTextEdit;

namespace RefundDesk {

// What a batch of outcomes from evidence did, as text to read and copy: how many were
// decided, each decision, and each operation skipped with what changed.
class BatchReportDialog final : public QDialog
{
    Q_OBJECT

public:
    explicit BatchReportDialog(const BatchReport &report, QWidget *parent = nullptr);

    QPlainTextEdit *text() const { return m_text; }

    static QString reportText(const BatchReport &report);

private:
    QPlainTextEdit *m_text = nullptr;
};

} // namespace RefundDesk
