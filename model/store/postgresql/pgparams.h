#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <optional>
#include <vector>

namespace RefundDesk::Internal {

// The bound parameters of one statement ($1, $2, ... in order), in libpq's text format.
// A null QString or an empty optional is SQL NULL. Values never become part of SQL text.
class PgParams final
{
public:
    PgParams &add(const QString &value)
    {
        m_values.push_back(value.isNull() ? std::nullopt : std::optional<QByteArray>(value.toUtf8()));
        return *this;
    }
    PgParams &add(const char *value) { return add(QString::fromUtf8(value)); }
    // Text already in UTF-8, bound as it is.
    PgParams &addUtf8(const QByteArray &utf8)
    {
        m_values.push_back(utf8);
        return *this;
    }
    PgParams &add(qint64 value)
    {
        m_values.push_back(QByteArray::number(value));
        return *this;
    }
    PgParams &add(int value) { return add(qint64(value)); }
    PgParams &add(bool value) = delete; // say 0/1 or true/false explicitly
    PgParams &add(const std::optional<qint64> &value)
    {
        m_values.push_back(value ? std::optional<QByteArray>(QByteArray::number(*value)) : std::nullopt);
        return *this;
    }
    PgParams &add(const QVariant &value)
    {
        if (!value.isValid() || value.isNull())
            m_values.push_back(std::nullopt);
        else
            m_values.push_back(value.toString().toUtf8());
        return *this;
    }
    // A text[] literal ({"a","b"}): how a list of values is bound as one parameter.
    PgParams &addArray(const QStringList &values)
    {
        QByteArray text = "{";
        for (qsizetype i = 0; i < values.size(); ++i) {
            if (i > 0)
                text += ',';
            text += '"';
            for (char c : values.at(i).toUtf8()) {
                if (c == '"' || c == '\\')
                    text += '\\';
                text += c;
            }
            text += '"';
        }
        m_values.push_back(text + '}');
        return *this;
    }

    int count() const { return int(m_values.size()); }
    const std::vector<std::optional<QByteArray>> &values() const { return m_values; }

private:
    std::vector<std::optional<QByteArray>> m_values;
};

} // namespace RefundDesk::Internal
