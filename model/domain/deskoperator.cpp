#include "domain/deskoperator.h"

#include <QSettings>

#ifdef Q_OS_UNIX
#include <pwd.h>
#include <unistd.h>
#endif

namespace RefundDesk {

namespace {

// In the application's settings, shared by the console and the commands.
const char settingsKey[] = "operator/name";

} // namespace

QString DeskOperator::choose(const QString &given)
{
    if (const QString name = given.trimmed(); !name.isEmpty())
        return name;
    if (const QString name = saved(); !name.isEmpty())
        return name;
    return loginName();
}

QString DeskOperator::saved()
{
    return QSettings().value(QLatin1String(settingsKey)).toString().trimmed();
}

void DeskOperator::save(const QString &name)
{
    if (!name.trimmed().isEmpty())
        QSettings().setValue(QLatin1String(settingsKey), name.trimmed());
}

QString DeskOperator::loginName()
{
    for (const char *variable : {"USER", "LOGNAME", "USERNAME"}) {
        const QString name = qEnvironmentVariable(variable).trimmed();
        if (!name.isEmpty())
            return name;
    }
#ifdef Q_OS_UNIX
    // Started without a login environment (a service, a desktop launcher): the account.
    if (const passwd *account = getpwuid(geteuid()); account && account->pw_name)
        return QString::fromLocal8Bit(account->pw_name);
#endif
    return {};
}

} // namespace RefundDesk
