#include "store/postgresql/pgconninfo.h"

#include <QCoreApplication>
#include <QHash>
#include <QMutex>
#include <QRegularExpression>
#include <QStringList>

#include <libpq-fe.h>

#include <memory>

namespace RefundDesk::Internal {

namespace {

// display() -> the connect string it came from, for reopening by the shown text.
QMutex rememberedMutex;
QHash<QString, QByteArray> &remembered()
{
    static QHash<QString, QByteArray> map;
    return map;
}

QString quoted(const QString &value)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_./:@,+-]+$"));
    if (plain.match(value).hasMatch())
        return value;
    QString escaped = value;
    escaped.replace(u'\\', QStringLiteral("\\\\"));
    escaped.replace(u'\'', QStringLiteral("\\'"));
    return u'\'' + escaped + u'\'';
}

// libpq quotes a malformed URI whole in its message: the passwords written in the
// location, so that they can be blotted out of anything shown.
QStringList passwordsIn(const QString &location)
{
    QStringList secrets;
    static const QRegularExpression userInfo(QStringLiteral("^postgres(?:ql)?://[^:/@?]*:([^@/?]+)@"));
    static const QRegularExpression keyword(QStringLiteral("password\\s*=\\s*('(?:[^'\\\\]|\\\\.)*'|[^\\s&]+)"));
    if (const auto match = userInfo.match(location.trimmed()); match.hasMatch())
        secrets << match.captured(1);
    for (auto it = keyword.globalMatch(location); it.hasNext();)
        secrets << it.next().captured(1);
    secrets.removeAll(QString());
    return secrets;
}

QString withoutPasswords(QString text, const QString &location)
{
    for (const QString &secret : passwordsIn(location))
        text.replace(secret, QStringLiteral("****"));
    return text;
}

} // namespace

bool PgConnInfo::isPostgresLocation(const QString &location)
{
    const QString text = location.trimmed();
    if (text.startsWith(QLatin1String("postgresql://")) || text.startsWith(QLatin1String("postgres://")))
        return true;
    static const QRegularExpression keyword(QStringLiteral("^[a-z_]+\\s*="));
    return keyword.match(text).hasMatch();
}

Result<PgConnInfo> PgConnInfo::parse(const QString &location)
{
    QByteArray given = location.trimmed().toUtf8();
    {
        const QMutexLocker lock(&rememberedMutex);
        const auto found = remembered().constFind(location);
        if (found != remembered().constEnd())
            given = *found;
    }
    // listen= is Refund Desk's, not libpq's: taken out before libpq reads the rest.
    QString listen;
    QByteArray connectString = given;
    if (!given.startsWith("postgres")) {
        static const QRegularExpression listenKey(QStringLiteral(R"((?:^|\s)listen\s*=\s*('(?:[^'\\]|\\.)*'|\S+))"));
        QString text = QString::fromUtf8(given);
        const QRegularExpressionMatch match = listenKey.match(text);
        if (match.hasMatch()) {
            listen = match.captured(1);
            if (listen.startsWith(u'\'')) {
                listen = listen.mid(1, listen.size() - 2);
                listen.replace(QStringLiteral("\\'"), QStringLiteral("'")).replace(QStringLiteral("\\\\"), QStringLiteral("\\"));
            }
            text.remove(match.capturedStart(), match.capturedLength());
            connectString = text.trimmed().toUtf8();
        }
    }
    char *message = nullptr;
    std::unique_ptr<PQconninfoOption, void (*)(PQconninfoOption *)> options(
        PQconninfoParse(connectString.constData(), &message), PQconninfoFree);
    if (!options) {
        const QString why = message ? withoutPasswords(QString::fromUtf8(message).trimmed(), location)
                                    : QCoreApplication::translate("Store", "out of memory");
        PQfreemem(message);
        return Error::unavailable(QCoreApplication::translate("Store", "The PostgreSQL location given with --db is not valid: %1. Give a "
                                                 "URI such as postgresql://user@host/dbname or keywords such as "
                                                 "'host=/run/postgresql dbname=refunds'.").arg(why));
    }
    PgConnInfo info;
    info.m_connectString = connectString;
    // The usual keywords first, in the order people write them; then the rest.
    const QStringList first = {QStringLiteral("host"), QStringLiteral("hostaddr"), QStringLiteral("port"),
                               QStringLiteral("dbname"), QStringLiteral("user")};
    QStringList leading(first.size());
    QStringList rest;
    for (const PQconninfoOption *o = options.get(); o->keyword; ++o) {
        if (!o->val || !*o->val)
            continue;
        const QString key = QString::fromUtf8(o->keyword);
        // '*' marks a secret (the password); 'D' a debug option not worth showing.
        if (key == QLatin1String("password") || (o->dispchar && o->dispchar[0] == '*'))
            continue;
        const QString value = QString::fromUtf8(o->val);
        if (key == QLatin1String("user"))
            info.m_user = value;
        if (key == QLatin1String("dbname"))
            info.m_database = value;
        const QString pair = key + u'=' + quoted(value);
        const qsizetype position = first.indexOf(key);
        if (position >= 0)
            leading[position] = pair;
        else
            rest << pair;
    }
    leading.removeAll(QString());
    info.m_display = (leading + rest).join(u' ');
    if (info.m_display.isEmpty())
        info.m_display = QStringLiteral("dbname=%1").arg(quoted(qEnvironmentVariable("PGDATABASE", QStringLiteral("postgres"))));
    if (!listen.isEmpty()) {
        auto listening = parse(listen);
        if (!listening)
            return listening.error();
        info.m_listen = listening->display();
        info.m_display += QStringLiteral(" listen=") + quoted(info.m_listen);
    }
    {
        const QMutexLocker lock(&rememberedMutex);
        remembered().insert(info.m_display, given);
    }
    return info;
}

} // namespace RefundDesk::Internal
