#pragma once

#include <QCoreApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QString>

namespace RefundDesk::Test {

// Keeps a test's settings (window layout, operator name, recent stores) away from the
// user's own: QStandardPaths in test mode, and QSettings as INI files in `folder`, under
// an organisation and application name of the test's own.
inline void useIsolatedSettings(const QString &folder, const QString &applicationName)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("RefundDeskTests"));
    QCoreApplication::setApplicationName(applicationName);
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, folder);
}

} // namespace RefundDesk::Test
