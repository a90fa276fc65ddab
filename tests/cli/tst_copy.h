// tst_copy's class and what its files share: demo stores and their dumps.

#pragma once

#include "clirun.h"
#include "peakmemoryrun.h"
#include "snapshots.h"

#include "demo/demostore.h"
#include "store/store.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <algorithm>

using namespace RefundDesk;
using namespace RefundDesk::Test;

inline bool exec(const QString &path, const QString &sql, QString *error)
{
    Connection db = openConnection(path, error);
    if (!db)
        return false;
    char *message = nullptr;
    const int code = sqlite3_exec(db.get(), sql.toUtf8().constData(), nullptr, nullptr, &message);
    if (code != SQLITE_OK && error)
        *error = QString::fromUtf8(message);
    sqlite3_free(message);
    return code == SQLITE_OK;
}

inline QString queryText(const QString &path, const QString &sql)
{
    Connection db = openConnection(path);
    if (!db)
        return {};
    sqlite3_stmt *raw = nullptr;
    sqlite3_prepare_v2(db.get(), sql.toUtf8().constData(), -1, &raw, nullptr);
    std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt *)> statement(raw, sqlite3_finalize);
    if (!raw || sqlite3_step(raw) != SQLITE_ROW)
        return {};
    return QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(raw, 0)));
}

class tst_Copy : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void copiesEveryRowAsStored();
    void copiesABrokenChainAsItIs();
    void refusesAnExistingDestination();
    void refusesABadSource_data();
    void refusesABadSource();
    void usageErrors_data();
    void usageErrors();
    void killedCopyLeavesNoStore();
    void failedCopyKeepsNothing();
    void wholeTableReadsPageByKey();
    void peakMemoryDoesNotGrowWithTheStore();

private:
    QString path(const QString &name) const { return m_dir->filePath(name); }
    // A demo store of `operations` built by the simulator at `name`.
    QString demoStore(const QString &name, qint64 operations);
    // Every table's rows, or a test failure when the store cannot be read.
    QByteArray dump(const QString &store);

    std::unique_ptr<QTemporaryDir> m_dir;
};
