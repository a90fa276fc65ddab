#pragma once

#include "domain/operation.h"
#include "domain/operationnote.h"
#include "domain/providerlookup.h"
#include "domain/resolution.h"

#include <QAbstractTableModel>

#include <vector>

namespace RefundDesk {

// What people did with one operation, in one timeline, oldest first: its creation, the
// current claim, every note (with its follow-up date), every time the provider was asked,
// and every recorded resolution with its evidence, note and any override. (The store keeps
// no log of claims and releases: only the claim held now is known.)
class HistoryModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { WhenColumn, WhoColumn, WhatColumn, DetailsColumn, ColumnCount };
    enum Role {
        KindRole = Qt::UserRole + 1, // "created", "claimed", "noted", "asked", "resolved"
        OverrideRole,                // a resolution that overrode the evidence
    };

    explicit HistoryModel(QObject *parent = nullptr);

    void setHistory(const Operation &operation, std::vector<Resolution> resolutions, qint64 nowMsecs,
                    const std::vector<OperationNote> &notes = {}, const std::vector<ProviderLookup> &lookups = {});

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Entry
    {
        qint64 at = 0;
        QString kind;
        QString who;
        QString what;
        QString details;
        bool overrides = false;
    };

    std::vector<Entry> m_entries;
    qint64 m_now = 0;
};

} // namespace RefundDesk
