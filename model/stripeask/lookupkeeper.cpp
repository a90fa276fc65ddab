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
    // A payment's other refunds are sorted against the store right before the batch is
    // written, so that it is written as it will be read: one read for the whole batch.
    if (auto sorted = PaymentRefundSorting::sortEach(m_store, batch); !sorted) {
        m_failed = true;
        emit failed(sorted.error());
        return false;
    }
    auto written = m_store.addProviderLookups(batch);
    if (!written) {
        m_failed = true;
        emit failed(written.error());
        return false;
    }
    ++m_batches;
    QStringList operationIds;
    for (const ProviderLookup &lookup : *written) {
        operationIds.append(lookup.operationId);
        emit kept(lookup);
    }
    emit batchKept(operationIds);
    return true;
}

} // namespace RefundDesk
