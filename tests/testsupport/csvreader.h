#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace RefundDesk::Test {

// A strict RFC 4180 reader: fields separated by commas, records by CRLF, quoted fields
// may hold commas, CR, LF and doubled quotes. Returns false on anything malformed and
// says what and where in `problem`.
inline bool parseCsv(const QByteArray &bytes, QList<QStringList> &records, QString *problem)
{
    records.clear();
    const QString text = QString::fromUtf8(bytes);
    QStringList record;
    QString field;
    qsizetype i = 0;
    bool fieldStarted = false;
    while (i < text.size()) {
        const QChar c = text.at(i);
        if (!fieldStarted && c == u'"') {
            ++i;
            for (;;) {
                if (i >= text.size()) {
                    *problem = QStringLiteral("unterminated quoted field");
                    return false;
                }
                if (text.at(i) == u'"') {
                    if (i + 1 < text.size() && text.at(i + 1) == u'"') {
                        field += u'"';
                        i += 2;
                        continue;
                    }
                    ++i;
                    break;
                }
                field += text.at(i++);
            }
            fieldStarted = true;
            if (i < text.size() && text.at(i) != u',' && text.at(i) != u'\r') {
                *problem = QStringLiteral("text after a closing quote at %1").arg(i);
                return false;
            }
            continue;
        }
        if (c == u',') {
            record << field;
            field.clear();
            fieldStarted = false;
            ++i;
        } else if (c == u'\r') {
            if (i + 1 >= text.size() || text.at(i + 1) != u'\n') {
                *problem = QStringLiteral("bare CR at %1").arg(i);
                return false;
            }
            record << field;
            records << record;
            record.clear();
            field.clear();
            fieldStarted = false;
            i += 2;
        } else if (c == u'\n' || c == u'"') {
            *problem = QStringLiteral("unquoted %1 at %2").arg(c == u'"' ? "quote" : "LF").arg(i);
            return false;
        } else {
            field += c;
            fieldStarted = true;
            ++i;
        }
    }
    if (fieldStarted || !record.isEmpty()) {
        *problem = QStringLiteral("last record does not end with CRLF");
        return false;
    }
    return true;
}

} // namespace RefundDesk::Test
