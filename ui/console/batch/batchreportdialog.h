#pragma once

#include "evidence/batchexecutor.h"

#include <QDialog>

class QLabel;
class QTableWidget;

namespace RefundDesk {

// What a batch of outcomes from evidence did: how many were decided, then a table with
// the review's columns and what became of each operation (recorded, skipped with what
// changed, left out by the reviewer). Copy puts the summary and the table on the
// clipboard as tab-separated values.
class BatchReportDialog final : public QDialog
{
    Q_OBJECT

public:
    explicit BatchReportDialog(const BatchReport &report, QWidget *parent = nullptr);

    QLabel *summary() const { return m_summary; }
    QTableWidget *table() const { return m_table; }

    // "Recorded 12 of 12 from their evidence; …" and the lines that follow it.
    static QString summaryText(const BatchReport &report);
    // The summary, then the table as tab-separated values, headers first.
    QString reportText() const;

private:
    void fill(const BatchReport &report);

    QLabel *m_summary = nullptr;
    QTableWidget *m_table = nullptr;
};

} // namespace RefundDesk
