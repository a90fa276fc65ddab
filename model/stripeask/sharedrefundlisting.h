#pragma once

#include "domain/error.h"
#include "domain/providerlookup.h"
#include "stripe/striperefundlookup.h"

#include <QByteArray>
#include <QHash>
#include <QJsonArray>
#include <QObject>

#include <memory>
#include <vector>

namespace RefundDesk {

class StripeClient;
class StripeListPager;
class StripeRequestPacer;
struct StripePage;

// One listing of GET /v1/refunds?created[gte]&created[lte] shared by operations whose
// windows overlap: the merged window is listed once, newest first, page by page, and each
// refund goes to the operation its metadata.operation_id names when it was created within
// that operation's window. Each operation gets a lookup record of its own, holding the
// pages that covered its window, as soon as the listing has passed below its window; a
// listing stopped halfway hands over only the operations it finished.
class SharedRefundListing final : public QObject
{
    Q_OBJECT

public:
    // Groups of questions whose windows overlap, each group's windows merged; the
    // questions are listed ones (no refund known by id).
    static std::vector<std::vector<RefundLookupQuestion>> groupsOf(std::vector<RefundLookupQuestion> questions);

    SharedRefundListing(StripeClient &client, StripeRequestPacer &pacer, std::vector<RefundLookupQuestion> group,
                        QObject *parent = nullptr);
    ~SharedRefundListing() override;

    void start();
    // No further page is asked for; the one in progress is dropped.
    void stop();

    // What the listing met, to judge the refunds' density: refunds read, seconds covered.
    qint64 refundsRead() const { return m_refundsRead; }
    qint64 secondsCovered() const { return m_toSeconds - m_coveredDownTo + 1; }

    // Stripe's created filters are whole seconds: a window widened to them.
    static qint64 fromSeconds(const RefundLookupQuestion &question) { return question.windowFromMs / 1000; }
    static qint64 toSeconds(const RefundLookupQuestion &question) { return (question.windowToMs + 999) / 1000; }

signals:
    // One operation's record (operator left empty) and the sentence saying what was found.
    void operationAnswered(const RefundDesk::ProviderLookupDraft &draft, const QString &summary);
    void finished();
    void failed(const RefundDesk::Error &error);

private:
    struct Pending
    {
        RefundLookupQuestion question;
        QJsonArray requests;
        std::vector<ResponseBody> bodies; // shared with the other operations the page covered
        std::vector<StripeRefundObject> found;
        bool active = false;
        bool done = false;
    };

    void pageRead(const StripePage &page);
    void finish(Pending &pending);

    std::unique_ptr<StripeListPager> m_pager;
    std::vector<Pending> m_pending;      // by window end, latest first
    QHash<QString, size_t> m_byOperation; // operation id -> index in m_pending
    size_t m_nextToActivate = 0;
    std::vector<size_t> m_active;        // windows the listing has reached, not yet passed
    qint64 m_fromSeconds = 0;
    qint64 m_toSeconds = 0;
    qint64 m_coveredDownTo = 0;          // the oldest second the pages so far reached
    qint64 m_refundsRead = 0;
};

} // namespace RefundDesk
