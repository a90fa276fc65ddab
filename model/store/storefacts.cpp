#include "store/storefacts.h"

namespace RefundDesk {

StoreState StoreState::of(const Store &store)
{
    return StoreState{store.isReadOnly(), store.openNote(), store.standbyStatus(), store.pollsForChanges(),
                      store.encryption()};
}

bool StoreState::operator==(const StoreState &other) const
{
    const auto standbyText = [](const std::optional<StandbyStatus> &status) {
        return status ? QStringLiteral("%1|%2|%3").arg(status->lagText()).arg(status->receiving).arg(status->promoted)
                      : QString();
    };
    return readOnly == other.readOnly && openNote == other.openNote && standbyText(standby) == standbyText(other.standby)
           && pollsForChanges == other.pollsForChanges && encryption == other.encryption;
}

StoreFacts StoreFacts::of(Store &store)
{
    StoreFacts facts;
    facts.location = store.location();
    facts.freshness = store.freshness();
    facts.sessionOperator = store.sessionOperator();
    if (auto hours = store.keyRetentionHours())
        facts.keyRetentionHours = *hours;
    facts.schemaVersion = store.schemaVersion();
    facts.mayUpgradeSchema = store.mayUpgradeSchema();
    facts.state = StoreState::of(store);
    return facts;
}

} // namespace RefundDesk
