#include "store/schemaversion.h"

namespace RefundDesk::Internal {

int storeTableCount(int version)
{
    // store_meta, refund_ops, refund_attempts, webhook_events, resolutions; then
    // operation_notes and provider_lookups.
    return version >= 2 ? 7 : 5;
}

QByteArray schemaUpgradeText(const QByteArray &schemaText, int toVersion)
{
    const QByteArray marker = "\n-- Schema version " + QByteArray::number(toVersion) + ':';
    const qsizetype at = schemaText.indexOf(marker);
    return at < 0 ? QByteArray() : schemaText.mid(at + 1);
}

} // namespace RefundDesk::Internal
