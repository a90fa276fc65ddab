#pragma once

#include <QDate>
#include <QString>

namespace RefundDesk {

// What an operator asks to note on an operation without deciding it. The store fills in
// the id and the time (on PostgreSQL the server's clock and login).
struct NoteDraft
{
    QString operationId;
    QString text;
    QDate followUpOn; // null: no follow-up date
    QString operatorName;
};

// One row of operation_notes (schema version 2): append-only, like the audit log, but
// outside its hash chain. A note carries an investigation from one shift to the next.
struct OperationNote
{
    qint64 noteId = 0;
    QString operationId;
    QString text;
    QDate followUpOn; // null: none
    QString operatorName;
    qint64 recordedAt = 0;

    // The text's first line: what a list shows of it.
    QString firstLine() const { return firstLineOf(text); }
    static QString firstLineOf(const QString &text);
};

namespace Names {
// follow_up_on as stored: 'YYYY-MM-DD', or a null string for none.
QString followUpText(const QDate &date);
// A stored follow_up_on read back; a null date for NULL or anything not a calendar date.
QDate followUpFromText(const QString &text);
} // namespace Names
using namespace Names;

} // namespace RefundDesk
