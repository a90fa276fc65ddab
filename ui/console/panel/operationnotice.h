#pragma once

#include "ui/common/theme.h"

#include <QCoreApplication>
#include <QString>

namespace RefundDesk {

struct OperationSnapshot;

// The one sentence above an operation's details that says where it stands for the
// person at the desk: nobody on it, theirs, a colleague's, decided (by whom and when), and
// whether that changed elsewhere while they were looking.
struct OperationNotice
{
    Q_DECLARE_TR_FUNCTIONS(OperationNotice)

public:
    QString text;
    Theme::Tone tone = Theme::Tone::Neutral;

    // `before` is what the panel showed of the same operation before a change elsewhere,
    // or null when the operation was just picked.
    static OperationNotice about(const OperationSnapshot &snapshot, const OperationSnapshot *before,
                                 const QString &operatorName, bool readOnly, qint64 nowMsecs);

private:
    static QString describe(const OperationSnapshot &snapshot, const OperationSnapshot *before, const QString &me,
                            bool readOnly, qint64 at, Theme::Tone &tone);
};

} // namespace RefundDesk
