#pragma once

#include "domain/attempt.h"
#include "domain/providerlookup.h"
#include "domain/wording.h"
#include "evidence/evidence.h"

#include <QLocale>
#include <QString>

#include <vector>

namespace RefundDesk {

// One refund Stripe stated about an operation, as a person compares it with the others:
// the operation's own (the events or a lookup tie it to the operation), one of its
// payment's that no operation of this store made, or, in a listing of the payment, one of
// another operation of this store.
struct ComparedRefund
{
    ParsedRefund refund;
    qint64 createdSeconds = 0; // when Stripe made it; 0 when nothing says
    bool own = false;
    bool ofAnotherOperation = false; // not own: its metadata names another operation this store holds
    int attemptNo = 0;         // own: the attempt whose time it falls in, or 0
    QString source;            // "event evt_…" or "Stripe lookup 17", in the language of the run

    // What made it, in the language of the run or in the source text: "attempt 2", "this
    // operation, outside its attempts' times", "operation op_… of this store", "another
    // path, no operation id (the Dashboard or another tool?)".
    QString madeBy(Wording wording = Wording::Translated) const;
    // Its metadata as Stripe lists it: "operation_id op_…", or "none".
    QString metadata() const;
    // Its amount as money, as `locale` writes it (Money::display).
    QString amount(const QLocale &locale = QLocale()) const;
};

// The refunds Stripe stated about an operation laid side by side, for a person deciding a
// conflict or a refund by another path: which refund is the operation's, and whether money
// moved more than once, is theirs to say, so they see each refund with what made it.
class RefundComparison final
{
public:
    // How far outside an attempt's start and end a refund still counts as made by it:
    // Stripe stamps a refund when the request reaches it, a little before the tool's clock
    // said the attempt started or after it stopped waiting.
    static constexpr qint64 AttemptMarginMs = 5 * 60 * 1000;

    // The operation's own refunds first, then its payment's others, each by refund id.
    // Empty when there is nothing to compare: fewer than two refunds, unless the one there
    // is is another path's (other_refund), whose owner the person must judge.
    static std::vector<ComparedRefund> of(const Evidence &evidence, const std::vector<Attempt> &attempts);
    // Every refund a listing of the operation's payment holds (a lookup's stored result),
    // however few: the operation's own, then those of the store's other operations, then
    // those no operation of this store made, each by refund id, with when Stripe made it
    // as the listing says. Empty for a lookup that is not a listing by the payment.
    static std::vector<ComparedRefund> ofPaymentListing(const ProviderLookup &lookup, const std::vector<Attempt> &attempts);
    // One or two sentences on what the refunds mean together and what to do; empty when
    // there is nothing to compare.
    static QString meaning(const Evidence &evidence);
};

} // namespace RefundDesk
