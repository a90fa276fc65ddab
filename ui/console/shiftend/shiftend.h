#pragma once

#include "domain/operation.h"
#include "domain/result.h"
#include "ui/console/shiftend/shiftendhost.h"

#include <QObject>
#include <QPointer>

#include <vector>

namespace RefundDesk {

class ReleaseClaimsDialog;
class Store;

// Leaving at the end of a shift: closing the console (File › Quit, Ctrl+Q, the window's
// close button) while the operator holds claims in the store shown asks what to do with
// them (ReleaseClaimsDialog): release them, each with a note if one was typed, or keep
// them, or stay. Only the operator's own claims count; a store open read-only (an audit
// login's among them) never asks. It is asked every time: a financial tool does not learn
// to stop asking.
//
// Nothing waits on the UI thread: when the queue's counts, as of the last count asked
// for, say the operator holds nothing and no write is under way, the window closes at
// once; otherwise the claims are read on the window's worker and the window closes, or asks,
// when they are there. A release is the console's own (a note first when there is one,
// then the release, through OperationWrites on the write worker); the window closes only
// once every write finished, and stays open saying what failed when one did. It reaches
// the window through ShiftEndHost alone.
class ShiftEnd final : public QObject
{
    Q_OBJECT

public:
    ShiftEnd(ShiftEndHost *host, const ShiftEndParts &parts, QObject *parent);

    // Whether the window may close now (its closeEvent asks). When not, what it needs to
    // know is read, or the dialog is shown, and the window is closed again afterwards.
    bool mayClose();

    ReleaseClaimsDialog *dialog() const;
    // How many times the claims were read on the worker (tests count them).
    int claimReads() const { return m_claimReads; }

    // The operator's claims in `store`: operations in checking claimed by `operatorName`,
    // oldest first, at most `limit` of them.
    static Result<std::vector<Operation>> claimsOf(Store &store, const QString &operatorName, int limit = 2000);

private:
    void readClaims();
    void cannotTell(const QString &why);
    void ask(std::vector<Operation> held);
    void release();
    void closeWindow();

    ShiftEndHost *m_host = nullptr;
    ShiftEndParts m_parts;
    QPointer<ReleaseClaimsDialog> m_dialog;
    bool m_reading = false;
    bool m_mayClose = false; // the next close goes through: asked, answered
    int m_claimReads = 0;
};

} // namespace RefundDesk
