#include "audit/lookupbodiescheck.h"

#include "domain/lookupbodies.h"
#include "store/store.h"

#include <QCoreApplication>
#include <QSet>

#include <algorithm>
#include <optional>

namespace RefundDesk {

namespace {

// The first row breaking an invariant, and how many do.
class Tally final
{
public:
    explicit Tally(QString invariant)
        : m_invariant(std::move(invariant))
    {
    }
    void note(const QString &message, const QString &operationId = {})
    {
        if (!m_first) {
            m_first = InvariantViolation{m_invariant, message, 0, operationId, 0};
        }
        ++m_first->count;
    }
    void into(std::vector<InvariantViolation> &violations) const
    {
        if (m_first)
            violations.push_back(*m_first);
    }

private:
    QString m_invariant;
    std::optional<InvariantViolation> m_first;
};

} // namespace

Result<void> LookupBodiesCheck::run(Store &store, int pageSize)
{
    m_held.clear();
    m_edited.clear();
    m_violations.clear();
    if (store.schemaVersion() < 3)
        return {};
    Tally edited(QCoreApplication::translate("AuditReport", "each response body is as the provider sent it"));
    QString after;
    for (;;) {
        auto page = store.responseBodiesAfter(after, pageSize);
        if (!page)
            return page.error();
        for (const ResponseBody &body : *page) {
            m_held.insert(body.sha256);
            const QString address = LookupBodies::addressOf(body.text);
            if (address != body.sha256) {
                m_edited.insert(body.sha256);
                edited.note(QCoreApplication::translate("AuditReport", "the response body kept under SHA-256 %1 now hashes "
                                                                       "to %2: it was edited after it was kept.")
                                .arg(body.sha256, address));
            }
        }
        if (int(page->size()) < pageSize)
            break;
        after = page->back().sha256;
    }

    Tally named(QCoreApplication::translate("AuditReport", "each provider lookup rests on the bodies it names"));
    qint64 afterLookup = 0;
    for (;;) {
        auto page = store.providerLookupsAfter(afterLookup, pageSize);
        if (!page)
            return page.error();
        for (const ProviderLookup &lookup : *page) {
            if (!LookupBodies::namesBodies(lookup.requests))
                continue;
            const QStringList addresses = LookupBodies::addressesNamed(lookup.requests);
            const auto missing = std::find_if(addresses.cbegin(), addresses.cend(),
                                              [this](const QString &address) { return !m_held.contains(address); });
            if (missing != addresses.cend()) {
                named.note(QCoreApplication::translate("AuditReport", "provider lookup %1 names the response body %2, which "
                                                                      "the store does not hold: the body was removed.")
                               .arg(QString::number(lookup.lookupId), *missing),
                           lookup.operationId);
            } else if (const QString digest = LookupBodies::digest(addresses); digest != lookup.responseSha256) {
                named.note(QCoreApplication::translate("AuditReport", "provider lookup %1 has the SHA-256 %2, but the bodies "
                                                                      "it names make %3: the lookup was edited after it was "
                                                                      "kept.")
                               .arg(QString::number(lookup.lookupId), lookup.responseSha256, digest),
                           lookup.operationId);
            }
        }
        if (int(page->size()) < pageSize)
            break;
        afterLookup = page->back().lookupId;
    }
    edited.into(m_violations);
    named.into(m_violations);
    return {};
}

} // namespace RefundDesk
