#pragma once

#include "domain/result.h"

#include <QFile>
#include <QString>

namespace RefundDesk::Internal {

// What the demo's fake provider really did, kept beside a demo store for a fake Stripe
// to serve (tests/fakestripe): a JSON Lines file of {"refund": {...}} (each refund as it
// stands at the simulated now) and {"event": {...}, "delivered": true|false} (every
// event, including those the receiver never got, intact). A file beside the store rather
// than a table in it, so that the store keeps the shared schema (the receiver's and the
// refund tool's contract) and a real store never holds a fake provider's answers.
class ProviderTruthFile final
{
public:
    explicit ProviderTruthFile(const QString &path);

    Result<void> open();
    void addRefund(const QString &refundJson);
    void addEvent(const QString &eventJson, bool delivered);
    // Flushes and closes; the error of any write on the way.
    Result<void> finish();

private:
    void writeLine(const QByteArray &line);

    QFile m_file;
    bool m_failed = false;
};

} // namespace RefundDesk::Internal
