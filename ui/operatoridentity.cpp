#include "operatoridentity.h"

#include <QInputDialog>
#include <QSettings>

namespace RefundDesk {

namespace {
const char settingsKey[] = "operator/name";
}

OperatorIdentity::OperatorIdentity(QObject *parent)
    : QObject(parent)
{
}

QString OperatorIdentity::systemUserName()
{
    QString name = qEnvironmentVariable("USER");
    if (name.isEmpty())
        name = qEnvironmentVariable("USERNAME");
    return name;
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
    dialog.setTextValue(m_name.isEmpty() ? systemUserName() : m_name);
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
