#pragma once

#include <QString>
#include <QVariant>

namespace RefundDesk::SettingsWriter {

// Saves a setting off the UI thread. QSettings writes its file through a temporary copy
// that it syncs to the disk before renaming it (fdatasync), and on a busy disk or a home
// folder on the network that takes as long as the disk likes: a window that remembers
// something as it works (the stores opened lately) must not wait for it. Writes are made
// in the order asked, one at a time, and all are done before the application ends.
// Without an application object the setting is saved at once, on the caller's thread.
void setValue(const QString &key, const QVariant &value);

// Until every setting asked for so far is saved: before reading the file itself.
void waitForWrites();

} // namespace RefundDesk::SettingsWriter
