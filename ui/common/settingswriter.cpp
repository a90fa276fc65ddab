#include "ui/common/settingswriter.h"

#include <QCoreApplication>
#include <QPointer>
#include <QSettings>
#include <QThreadPool>

namespace RefundDesk::SettingsWriter {

namespace {

// One thread, so that a later value is never overwritten by an earlier one. A child of the
// application: its destructor waits for the writes still queued.
QThreadPool *writer()
{
    static QPointer<QThreadPool> pool;
    if (!pool && QCoreApplication::instance()) {
        pool = new QThreadPool(QCoreApplication::instance());
        pool->setObjectName(QStringLiteral("settings writer"));
        pool->setMaxThreadCount(1);
    }
    return pool;
}

} // namespace

void setValue(const QString &key, const QVariant &value)
{
    QSettings here; // names the file as the application's settings do
    QThreadPool *pool = writer();
    if (!pool) {
        here.setValue(key, value);
        return;
    }
    // The same file by name: the application's name may be gone by the time this runs.
    pool->start([file = here.fileName(), format = here.format(), key, value] {
        QSettings(file, format).setValue(key, value);
    });
}

void waitForWrites()
{
    if (QThreadPool *pool = writer())
        pool->waitForDone();
}

} // namespace RefundDesk::SettingsWriter
