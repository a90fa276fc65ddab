#include "store/storelease.h"

#include "store/store.h"

namespace RefundDesk {

namespace {

const QString Released = QStringLiteral("released");

} // namespace

StoreLease::StoreLease(Store &store, QString key, QString holderId, qint64 lengthMs)
    : m_store(store)
    , m_key(std::move(key))
    , m_holderId(std::move(holderId))
    , m_lengthMs(lengthMs)
{
}

std::optional<StoreLease::Holder> StoreLease::parse(const QString &value)
{
    const qsizetype space = value.indexOf(QLatin1Char(' '));
    if (space <= 0)
        return std::nullopt;
    bool ok = false;
    const qint64 expiresAt = value.left(space).toLongLong(&ok);
    if (!ok)
        return std::nullopt;
    return Holder{value.mid(space + 1), expiresAt};
}

QString StoreLease::valueUntil(qint64 expiresAtMs) const
{
    return QString::number(expiresAtMs) + QLatin1Char(' ') + m_holderId;
}

Result<std::optional<StoreLease::Holder>> StoreLease::take(qint64 nowMs)
{
    auto current = m_store.meta(m_key);
    if (!current)
        return current.error();
    const auto holder = parse(*current);
    if (holder && holder->id != m_holderId && holder->expiresAtMs > nowMs)
        return std::optional<Holder>(*holder);
    const QString mine = valueUntil(nowMs + m_lengthMs);
    auto set = m_store.replaceMeta(m_key, *current, mine);
    if (!set)
        return set.error();
    if (*set) {
        m_value = mine;
        return std::optional<Holder>();
    }
    // Another program wrote the row since it was read: it took the lease first.
    auto now = m_store.meta(m_key);
    if (!now)
        return now.error();
    return std::optional<Holder>(parse(*now).value_or(Holder{}));
}

Result<bool> StoreLease::renew(qint64 nowMs)
{
    if (m_value.isEmpty())
        return false;
    const QString mine = valueUntil(nowMs + m_lengthMs);
    auto set = m_store.replaceMeta(m_key, m_value, mine);
    if (!set)
        return set.error();
    m_value = *set ? mine : QString();
    return *set;
}

Result<void> StoreLease::release()
{
    if (m_value.isEmpty())
        return {};
    auto set = m_store.replaceMeta(m_key, m_value, Released);
    m_value.clear();
    if (!set)
        return set.error();
    return {};
}

} // namespace RefundDesk
