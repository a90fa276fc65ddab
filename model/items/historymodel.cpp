#include "items/historymodel.h"

#include "items/timetext.h"
#include "items/tooltiptext.h"

#include "domain/money.h"
#include "domain/providerlookupresult.h"
#include "evidence/paymentsource.h"

#include <QLocale>
#include <QStringList>

#include <algorithm>

namespace RefundDesk {

namespace {

// What the provider answered, from the lookup's result (not its stored summary, which is
// in the language of whoever asked).
QString refundText(const ProviderLookupResult::Refund &refund)
{
    return HistoryModel::tr("%1 %2, %3").arg(refund.id, refund.status, Money::display(refund.amount, refund.currency));
}

// A listing by the payment: its refunds, whose each is, and where the payment was read.
QString paymentAnswer(const ProviderLookupResult &result, QStringList found)
{
    for (const ProviderLookupResult::Refund &refund : result.otherOperations)
        found.append(HistoryModel::tr("%1 (operation %2's)").arg(refundText(refund), refund.operationId));
    for (const ProviderLookupResult::Refund &refund : result.otherRefunds)
        found.append(HistoryModel::tr("%1 (made by no operation of this store)").arg(refundText(refund)));
    PaymentSource source;
    source.paymentId = result.paymentId;
    source.from = PaymentSource::fromFromToken(result.paymentFrom);
    source.operationId = result.paymentFromOperation;
    source.eventId = result.paymentFromEvent;
    const QString asked = HistoryModel::tr("by payment %1, read from %2").arg(result.paymentId, source.describeFrom());
    if (!found.isEmpty())
        return HistoryModel::tr("%1: found %2").arg(asked, found.join(QStringLiteral("; ")));
    return result.complete ? HistoryModel::tr("%1: no refund of this payment; the listing was complete").arg(asked)
                           : HistoryModel::tr("%1: the listing did not finish").arg(asked);
}

// What the provider answered, from the lookup's result (not its stored summary, which is
// in the language of whoever asked).
QString lookupAnswer(const ProviderLookup &lookup)
{
    const ProviderLookupResult result = ProviderLookupResult::read(lookup.result);
    QStringList found;
    for (const ProviderLookupResult::Refund &refund : result.refunds)
        found.append(refundText(refund));
    for (const QString &id : result.missing)
        found.append(HistoryModel::tr("%1 unknown to the provider").arg(id));
    if (result.byPayment)
        return paymentAnswer(result, found);
    // A window's listing finds refunds by their metadata alone.
    const QString blind = lookup.windowFrom
        ? QStringLiteral("; ") + HistoryModel::tr("no payment was known, and asking by the window cannot see refunds "
                                                  "made by another path")
        : QString();
    if (!found.isEmpty())
        return HistoryModel::tr("found: %1").arg(found.join(QStringLiteral("; "))) + blind;
    if (lookup.windowFrom && lookup.windowTo) {
        const QString window = HistoryModel::tr("between %1 and %2")
                                   .arg(TimeText::fullMoment(*lookup.windowFrom), TimeText::fullMoment(*lookup.windowTo));
        return (result.complete ? HistoryModel::tr("no refund for this operation created %1; the listing was complete").arg(window)
                                : HistoryModel::tr("refunds created %1: the listing did not finish").arg(window))
            + blind;
    }
    return HistoryModel::tr("refunds known by id");
}

} // namespace

HistoryModel::HistoryModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void HistoryModel::setHistory(const Operation &operation, std::vector<Resolution> resolutions, qint64 nowMsecs,
                              const std::vector<OperationNote> &notes, const std::vector<ProviderLookup> &lookups)
{
    beginResetModel();
    m_entries.clear();
    m_now = nowMsecs;
    if (!operation.operationId.isEmpty()) {
        m_entries.push_back({operation.createdAt, QStringLiteral("created"), tr("refund tool"),
                             tr("Created; key committed before the first attempt"),
                             operation.conversationId.isEmpty() ? QString() : tr("chat %1").arg(operation.conversationId)});
        if (operation.status == OperationStatus::Checking && !operation.claimedBy.isEmpty())
            m_entries.push_back({operation.claimedAt.value_or(operation.updatedAt), QStringLiteral("claimed"),
                                 operation.claimedBy, tr("Claimed: checking with the provider"), {}});
    }
    for (const OperationNote &note : notes) {
        const QString what = note.followUpOn.isValid()
            ? tr("Note; follow up on %1").arg(QLocale().toString(note.followUpOn, QLocale::ShortFormat))
            : tr("Note");
        m_entries.push_back({note.recordedAt, QStringLiteral("noted"), note.operatorName, what, note.text});
    }
    for (const ProviderLookup &lookup : lookups) {
        m_entries.push_back({lookup.askedAt, QStringLiteral("asked"), lookup.operatorName,
                             tr("Asked %1").arg(lookup.provider == QLatin1String("stripe") ? QStringLiteral("Stripe")
                                                                                            : lookup.provider),
                             lookupAnswer(lookup)});
    }
    for (const Resolution &resolution : resolutions) {
        QStringList details;
        details.append(tr("evidence: %1").arg(resolution.evidence));
        if (!resolution.note.isEmpty())
            details.append(tr("note: %1").arg(resolution.note));
        const QString what = resolution.outcome == Outcome::Refunded
            ? tr("Recorded refunded (%1), was %2").arg(resolution.refundId, displayName(resolution.previousStatus))
            : tr("Recorded failed, was %1").arg(displayName(resolution.previousStatus));
        m_entries.push_back({resolution.recordedAt, QStringLiteral("resolved"), resolution.operatorName,
                             resolution.overridesEvidence ? tr("%1 — overrode the evidence").arg(what) : what,
                             details.join(QStringLiteral("; ")), resolution.overridesEvidence});
    }
    std::stable_sort(m_entries.begin(), m_entries.end(), [](const Entry &a, const Entry &b) { return a.at < b.at; });
    endResetModel();
}

int HistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int HistoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HistoryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry &entry = m_entries[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case WhenColumn: return TimeText::moment(entry.at, m_now);
        case WhoColumn: return entry.who;
        case WhatColumn: return entry.what;
        case DetailsColumn: return entry.details;
        }
        return {};
    case Qt::ToolTipRole:
        switch (index.column()) {
        case WhenColumn: return TimeText::fullMoment(entry.at);
        // Operators' names, notes and evidence are user text: never markup.
        case WhoColumn: return ToolTipText::fromPlainText(entry.who);
        case WhatColumn: return ToolTipText::fromPlainText(entry.what);
        case DetailsColumn: return ToolTipText::fromPlainText(entry.details);
        }
        return {};
    case KindRole: return entry.kind;
    case OverrideRole: return entry.overrides;
    }
    return {};
}

QVariant HistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case WhenColumn: return tr("When");
    case WhoColumn: return tr("Who");
    case WhatColumn: return tr("What");
    case DetailsColumn: return tr("Evidence and note");
    }
    return {};
}

} // namespace RefundDesk
