#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace RefundDesk {

// A provider lookup's stored result (ProviderLookup::result), read whole: what the evidence,
// the summaries and the history say about a lookup all come from here. A member of the
// wrong type reads as absent (empty, 0, false), as a reader of the record would take it.
struct ProviderLookupResult
{
    struct Refund
    {
        QString id;
        QString status;
        qint64 amount = 0;
        QString currency; // as stored
        QString failureReason;
        QString operationId;
    };

    bool readable = false; // the result is a JSON object
    bool complete = false;
    bool listed = false; // "method": "list", a listing by creation time (else retrievals by id)
    std::vector<Refund> refunds;
    QStringList missing; // refund ids the provider does not know

    static ProviderLookupResult read(const QString &result);
};

} // namespace RefundDesk
