#include "ui/console/deciding/operatoridentity.h"

#include "domain/deskoperator.h"

#include <QInputDialog>

namespace RefundDesk {

OperatorIdentity::OperatorIdentity(QObject *parent)
    : QObject(parent)
{
}

QString OperatorIdentity::loginName()
{
    return DeskOperator::loginName();
}

void OperatorIdentity::chooseAtStart(const QString &commandLineName)
{
    // The name from --operator is remembered for the next start; a saved or login name is
    // only used.
    set(DeskOperator::choose(commandLineName), !commandLineName.trimmed().isEmpty());
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
    const QString saved = DeskOperator::saved();
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
        DeskOperator::save(name);
    if (name == m_name)
        return;
    m_name = name;
    emit nameChanged(m_name);
}

} // namespace RefundDesk
