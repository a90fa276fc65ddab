#include "stripeask/lookupkeeper.h"

#include "store/store.h"
#include "stripeask/paymentrefundsorting.h"

namespace RefundDesk {

LookupKeeper::LookupKeeper(Store &store, QString operatorName, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_operatorName(std::move(operatorName))
{
    m_hold.setSingleShot(true);
    m_hold.setInterval(HoldMs);
    connect(&m_hold, &QTimer::timeout, this, &LookupKeeper::flush);
}

void LookupKeeper::keep(const ProviderLookupDraft &answer)
{
    if (m_failed)
        return;
    m_waiting.push_back(answer);
    m_waiting.back().operatorName = m_operatorName;
    // A payment's other refunds are sorted against the store as each answer comes, so the
    // batch is written as it will be read.
    if (auto sorted = PaymentRefundSorting::sort(m_store, m_waiting.back()); !sorted) {
        m_waiting.pop_back();
        m_failed = true;
        m_hold.stop();
        emit failed(sorted.error());
        return;
    }
    if (int(m_waiting.size()) >= BatchSize)
        flush();
    else if (!m_hold.isActive())
        m_hold.start();
}

bool LookupKeeper::flush()
{
    m_hold.stop();
    if (m_failed)
        return false;
    if (m_waiting.empty())
        return true;
    std::vector<ProviderLookupDraft> batch;
    batch.swap(m_waiting);
    auto written = m_store.addProviderLookups(batch);
    if (!written) {
        m_failed = true;
        emit failed(written.error());
        return false;
    }
    ++m_batches;
    for (const ProviderLookup &lookup : *written)
        emit kept(lookup);
    return true;
}

} // namespace RefundDesk
