#pragma once

#include "domain/result.h"
#include "stripe/stripeanswer.h"

#include <QObject>
#include <QStringList>
#include <QUrlQuery>

#include <functional>

namespace RefundDesk {

class StripeClient;

// One page of a Stripe list object, as it came.
struct StripePage
{
    QByteArray body;     // {"object": "list", "data": [...], "has_more": ...}, byte for byte
    QStringList ids;     // the ids of data[], in order (newest first for Stripe's lists)
    bool hasMore = false;
    QString requestId;
    QString pathAndQuery; // what was asked for this page, never the key
    int httpStatus = 0;
    int number = 0;      // 1 for the first page
};

// Pages through a Stripe list endpoint: the first page, then starting_after the last id
// of each page until has_more is false, one request at a time. Each page is handed over
// (pageRead) before the next is asked for, so whoever keeps it can write it first; a
// listing killed between pages is resumed with start(lastId). Paced, each request waits
// until the pacing lets it go.
class StripeListPager final : public QObject
{
    Q_OBJECT

public:
    static constexpr int PageLimit = 100; // Stripe's largest

    // A rate the requests keep to, shared with other requests of the same run: how long to
    // wait before the next one (0: at once), and that one was sent.
    struct Pacing
    {
        std::function<qint64()> waitBeforeNext;
        std::function<void()> sent;
    };

    StripeListPager(StripeClient &client, QString path, QUrlQuery query, QObject *parent = nullptr);
    ~StripeListPager() override;

    // From the newest, or after the object `startingAfter`.
    void start(const QString &startingAfter = {});
    // Before start(): every request, the first too, keeps to `pacing`.
    void setPacing(Pacing pacing) { m_pacing = std::move(pacing); }
    // No more pages are asked for; the one in progress is dropped.
    void stop();
    int pagesRead() const { return m_pages; }
    // The HTTP status of the last answer (0 before one came, or when none came).
    int lastHttpStatus() const { return m_lastHttpStatus; }

    // The ids and has_more of a list body; an error when it is not a list object.
    static Result<StripePage> readPage(const QByteArray &body);

signals:
    void pageRead(const RefundDesk::StripePage &page);
    void finished();
    void failed(const RefundDesk::Error &error);

private:
    void request(const QString &startingAfter);
    void answered(quint64 tag, const StripeAnswer &answer);

    StripeClient &m_client;
    QString m_path;
    QUrlQuery m_query;
    Pacing m_pacing;
    quint64 m_tag = 0;
    int m_pages = 0;
    int m_lastHttpStatus = 0;
    bool m_stopped = false;
};

} // namespace RefundDesk

Q_DECLARE_METATYPE(RefundDesk::StripePage)
