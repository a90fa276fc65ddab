#pragma once

#include "domain/error.h"

#include <QByteArray>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

namespace RefundDesk {

// What Stripe answered one GET, after the retries the policy allowed: the last answer's
// status and body as they came, and the Request-Id of every answer on the way (for the
// record and for Stripe's support). error is set when the request did not succeed; its
// message is one sentence that says what to do.
struct StripeAnswer
{
    QString pathAndQuery;      // what was asked, never the key
    int httpStatus = 0;        // 0 when no answer came
    QByteArray body;
    QString requestId;         // the last answer's Request-Id
    QStringList requestIds;    // every answer's, in order
    int attempts = 0;
    std::optional<Error> error;

    bool ok() const { return !error && httpStatus >= 200 && httpStatus < 300; }
};

} // namespace RefundDesk

Q_DECLARE_METATYPE(RefundDesk::StripeAnswer)
