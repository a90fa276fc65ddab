#include "ui/console/operatoridentity.h"

#include <QInputDialog>
#include <QSettings>

#ifdef Q_OS_UNIX
#include <pwd.h>
#include <unistd.h>
#endif

namespace RefundDesk {

namespace {
const char settingsKey[] = "operator/name";
}

OperatorIdentity::OperatorIdentity(QObject *parent)
    : QObject(parent)
{
}

QString OperatorIdentity::loginName()
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

void OperatorIdentity::chooseAtStart(const QString &commandLineName)
{
    if (!commandLineName.trimmed().isEmpty())
        setFromCommandLine(commandLineName);
    else if (!loadSaved())
        useForThisRun(loginName());
}

void OperatorIdentity::setFromCommandLine(const QString &name)
{
    set(name.trimmed(), true);
}

void OperatorIdentity::useForThisRun(const QString &name)
{
    set(name.trimmed(), false);
}

bool OperatorIdentity::loadSaved()
{
    const QString saved = QSettings().value(QLatin1String(settingsKey)).toString().trimmed();
    if (saved.isEmpty())
        return false;
    set(saved, false);
    return true;
}

bool OperatorIdentity::ask(QWidget *parent)
{
    QInputDialog dialog(parent);
    dialog.setObjectName(QStringLiteral("operatorDialog"));
    dialog.setWindowTitle(tr("Who is at the desk?"));
    dialog.setLabelText(tr("Your name as it will appear on every claim and decision you record:"));
    dialog.setTextValue(m_name.isEmpty() ? loginName() : m_name);
    dialog.setOkButtonText(tr("Use this name"));
    while (dialog.exec() == QDialog::Accepted) {
        const QString name = dialog.textValue().trimmed();
        if (!name.isEmpty()) {
            set(name, true);
            return true;
        }
        dialog.setLabelText(tr("The name cannot be empty. Your name as it will appear on every "
                               "claim and decision you record:"));
    }
    return false;
}

void OperatorIdentity::set(const QString &name, bool save)
{
    if (save && !name.isEmpty())
        QSettings().setValue(QLatin1String(settingsKey), name);
    if (name == m_name)
        return;
    m_name = name;
    emit nameChanged(m_name);
}

} // namespace RefundDesk
