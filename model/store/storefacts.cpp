#include "store/storefacts.h"

#include "store/storetext.h"

#include <QLoggingCategory>

namespace {
Q_LOGGING_CATEGORY(lcStoreFacts, "refunddesk.store")
} // namespace

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

int StoreFacts::queueTargetFrom(const QString &value)
{
    if (value.isNull())
        return DefaultQueueTargetHours;
    bool ok = false;
    const int hours = value.trimmed().toInt(&ok);
    if (ok && hours > 0)
        return hours;
    qCWarning(lcStoreFacts, "store_meta's queue_target_hours is \"%s\", not a whole number of hours above 0: the "
                            "queue's target is %d hours. Set it to a number such as 24 to change the target.",
              qUtf8Printable(value), DefaultQueueTargetHours);
    return DefaultQueueTargetHours;
}

StoreFacts StoreFacts::of(Store &store)
{
    StoreFacts facts;
    facts.location = store.location();
    facts.freshness = store.freshness();
    facts.sessionOperator = store.sessionOperator();
    // Every store_meta row at once: on a server one round trip for both values.
    if (auto entries = store.metaEntries()) {
        QString target;
        for (const MetaEntry &entry : *entries) {
            if (entry.key == QLatin1String("key_retention_hours"))
                facts.keyRetentionHours = Internal::keyRetentionFrom(entry.value);
            else if (entry.key == QLatin1String("queue_target_hours"))
                target = entry.value.isNull() ? QStringLiteral("") : entry.value;
        }
        facts.queueTargetHours = queueTargetFrom(target);
    }
    facts.schemaVersion = store.schemaVersion();
    facts.mayUpgradeSchema = store.mayUpgradeSchema();
    facts.state = StoreState::of(store);
    return facts;
}

} // namespace RefundDesk
