#include "store/schemaversion.h"

#include <QByteArrayList>

namespace RefundDesk::Internal {

int storeTableCount(int version)
{
    // store_meta, refund_ops, refund_attempts, webhook_events, resolutions; then
    // operation_notes and provider_lookups; then provider_bodies (version 3, which also
    // adds a column).
    return version >= 3 ? 8 : version >= 2 ? 7 : 5;
}

QByteArray schemaUpgradeText(const QByteArray &schemaText, int toVersion)
{
    const QByteArray marker = "\n-- Schema version " + QByteArray::number(toVersion) + ':';
    const qsizetype at = schemaText.indexOf(marker);
    return at < 0 ? QByteArray() : schemaText.mid(at + 1);
}

std::vector<SchemaIndex> schemaIndexes(const QByteArray &schemaText, int version)
{
    std::vector<SchemaIndex> indexes;
    for (int part = 2; part <= version; ++part) {
        QByteArray text = schemaUpgradeText(schemaText, part);
        const qsizetype next = text.indexOf("\n-- Schema version " + QByteArray::number(part + 1) + ':');
        if (next >= 0)
            text.truncate(next);
        // Each statement starts a line: "CREATE [UNIQUE] INDEX name ON ...;".
        for (qsizetype at = 0; (at = text.indexOf("\nCREATE ", at)) >= 0; ++at) {
            const qsizetype end = text.indexOf(';', at);
            if (end < 0)
                break;
            const QByteArray statement = text.mid(at + 1, end - at - 1).trimmed();
            const QList<QByteArray> words = statement.simplified().split(' ');
            const qsizetype index = words.indexOf("INDEX");
            if (index < 1 || index > 2 || index + 1 >= words.size() || (index == 2 && words[1] != "UNIQUE"))
                continue;
            if (words[index + 1] == "IF") { // IF NOT EXISTS already
                if (index + 4 < words.size())
                    indexes.push_back({QString::fromLatin1(words[index + 4]), statement});
                continue;
            }
            const qsizetype nameAt = statement.indexOf("INDEX") + 5;
            indexes.push_back({QString::fromLatin1(words[index + 1]),
                               statement.left(nameAt) + " IF NOT EXISTS" + statement.mid(nameAt)});
        }
    }
    return indexes;
}

} // namespace RefundDesk::Internal
