#include "reliability.h"

#include "audit/auditverifier.h"
#include "store/store.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSysInfo>
#include <QTextStream>
#include <QThread>

#include <sqlite3.h>

#include <algorithm>
#include <memory>

namespace RefundDesk::Reliability {

using Test::Connection;
using Test::openConnection;

bool isHeavy()
{
    return qgetenv("RD_RELIABILITY_SCALE") == "heavy";
}

QString querySql(const QString &path, const QString &sql, QString *error)
{
    Connection db = openConnection(path, error);
    if (!db)
        return {};
    sqlite3_stmt *raw = nullptr;
    if (sqlite3_prepare_v2(db.get(), sql.toUtf8().constData(), -1, &raw, nullptr) != SQLITE_OK) {
        if (error)
            *error = QString::fromUtf8(sqlite3_errmsg(db.get()));
        return {};
    }
    std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt *)> statement(raw, sqlite3_finalize);
    const int code = sqlite3_step(statement.get());
    if (code == SQLITE_ROW)
        return QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(statement.get(), 0)));
    if (code != SQLITE_DONE && error)
        *error = QString::fromUtf8(sqlite3_errmsg(db.get()));
    return {};
}

qint64 queryCount(const QString &path, const QString &sql)
{
    QString error;
    const QString value = querySql(path, sql, &error);
    if (!error.isEmpty()) {
        qWarning("%s: %s", qPrintable(sql), qPrintable(error));
        return -1;
    }
    return value.toLongLong();
}

bool execSql(const QString &path, const QString &sql, QString *error, bool create)
{
    sqlite3 *raw = nullptr;
    const int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);
    const int code = sqlite3_open_v2(QFile::encodeName(path).constData(), &raw, flags, nullptr);
    Connection db(raw, sqlite3_close_v2);
    if (code != SQLITE_OK) {
        if (error)
            *error = QString::fromUtf8(raw ? sqlite3_errmsg(raw) : sqlite3_errstr(code));
        return false;
    }
    sqlite3_busy_timeout(raw, 5000);
    char *message = nullptr;
    if (sqlite3_exec(raw, sql.toUtf8().constData(), nullptr, nullptr, &message) != SQLITE_OK) {
        if (error)
            *error = QString::fromUtf8(message);
        sqlite3_free(message);
        return false;
    }
    return true;
}

bool insertEvents(const QString &path, qint64 count, const std::function<RawEvent(qint64)> &make, QString *error)
{
    Connection db = openConnection(path, error);
    if (!db)
        return false;
    auto fail = [&]() {
        if (error)
            *error = QString::fromUtf8(sqlite3_errmsg(db.get()));
        sqlite3_exec(db.get(), "ROLLBACK", nullptr, nullptr, nullptr);
        return false;
    };
    if (sqlite3_exec(db.get(), "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK)
        return fail();
    sqlite3_stmt *raw = nullptr;
    if (sqlite3_prepare_v2(db.get(),
                           "INSERT INTO webhook_events (event_id, type, created, received_at, payload, operation_id, "
                           "idempotency_key, refund_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                           -1, &raw, nullptr) != SQLITE_OK)
        return fail();
    std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt *)> insert(raw, sqlite3_finalize);
    auto bindText = [&](int index, const QByteArray &value) {
        if (value.isEmpty())
            sqlite3_bind_null(insert.get(), index);
        else
            sqlite3_bind_text(insert.get(), index, value.constData(), int(value.size()), SQLITE_TRANSIENT);
    };
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    for (qint64 i = 0; i < count; ++i) {
        const RawEvent event = make(i);
        bindText(1, event.eventId);
        bindText(2, event.type);
        sqlite3_bind_int64(insert.get(), 3, event.created);
        sqlite3_bind_int64(insert.get(), 4, now);
        // The payload column is NOT NULL: an empty payload is stored as empty text.
        sqlite3_bind_text(insert.get(), 5, event.payload.constData(), int(event.payload.size()), SQLITE_TRANSIENT);
        bindText(6, event.operationId);
        bindText(7, event.idempotencyKey);
        bindText(8, event.refundId);
        if (sqlite3_step(insert.get()) != SQLITE_DONE)
            return fail();
        sqlite3_reset(insert.get());
    }
    if (sqlite3_exec(db.get(), "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK)
        return fail();
    return true;
}

bool forEachRow(const QString &path, const QString &sql, const std::function<void(const QStringList &)> &row,
                QString *error)
{
    Connection db = openConnection(path, error);
    if (!db)
        return false;
    sqlite3_stmt *raw = nullptr;
    if (sqlite3_prepare_v2(db.get(), sql.toUtf8().constData(), -1, &raw, nullptr) != SQLITE_OK) {
        if (error)
            *error = QString::fromUtf8(sqlite3_errmsg(db.get()));
        return false;
    }
    std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt *)> statement(raw, sqlite3_finalize);
    const int columns = sqlite3_column_count(statement.get());
    QStringList values;
    int code;
    while ((code = sqlite3_step(statement.get())) == SQLITE_ROW) {
        values.clear();
        for (int c = 0; c < columns; ++c) {
            const auto *text = reinterpret_cast<const char *>(sqlite3_column_text(statement.get(), c));
            values << (text ? QString::fromUtf8(text, sqlite3_column_bytes(statement.get(), c)) : QString());
        }
        row(values);
    }
    if (code != SQLITE_DONE) {
        if (error)
            *error = QString::fromUtf8(sqlite3_errmsg(db.get()));
        return false;
    }
    return true;
}

QString verifyStore(const QString &path)
{
    QStringList problems;
    {
        QString error;
        const QString integrity = querySql(path, QStringLiteral("PRAGMA integrity_check"), &error);
        if (integrity != QLatin1String("ok"))
            problems << QStringLiteral("integrity_check: %1%2").arg(integrity, error);
    }
    {
        auto store = StoreFactory::open(path, Store::OpenMode::ReadWrite);
        if (!store) {
            problems << QStringLiteral("open: %1").arg(store.error().message);
        } else {
            AuditVerifier verifier(**store);
            const auto report = verifier.run();
            if (!report)
                problems << QStringLiteral("AuditVerifier: %1").arg(report.error().message);
            else if (!report->intact())
                problems << QStringLiteral("AuditVerifier: %1").arg(report->problems().join(QStringLiteral("; ")));
        }
    }
    const Run run = refundDesk({QStringLiteral("verify"), QStringLiteral("--db"), path}, 120000);
    if (run.exitCode != 0)
        problems << QStringLiteral("refund-desk verify exited %1: %2").arg(run.exitCode).arg(run.err.trimmed());
    return problems.join(u'\n');
}

Figures::Figures(const QString &scenario)
    : m_scenario(scenario)
{
}

void Figures::add(const QString &name, const QString &value)
{
    m_rows.emplace_back(name, value);
}

void Figures::add(const QString &name, qint64 value)
{
    add(name, QString::number(value));
}

void Figures::write() const
{
    QString text;
    QTextStream stream(&text);
    stream << "scenario: " << m_scenario << '\n'
           << "scale: " << (isHeavy() ? "heavy" : "ci") << '\n'
           << "run at: " << QDateTime::currentDateTimeUtc().toString(Qt::ISODate) << '\n'
           << "machine: " << QThread::idealThreadCount() << " cores, " << QSysInfo::prettyProductName() << '\n';
    for (const auto &[name, value] : m_rows)
        stream << name << ": " << value << '\n';
    stream << "failures: 0\n";
    stream.flush();
    for (const QString &line : text.split(u'\n', Qt::SkipEmptyParts))
        qInfo("FIGURE %s", qPrintable(line));
    const QString folder = QStringLiteral(RD_FIGURES_DIR);
    QDir().mkpath(folder);
    QString name = m_scenario;
    name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_-]+")), QStringLiteral("-"));
    QFile file(folder + u'/' + name + (isHeavy() ? QStringLiteral(".heavy.txt") : QStringLiteral(".txt")));
    if (file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text))
        file.write(text.toUtf8());
}

WriteLockProbe::WriteLockProbe(const QString &path)
{
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &m_db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
        sqlite3_close_v2(m_db);
        m_db = nullptr;
    }
}

WriteLockProbe::~WriteLockProbe()
{
    sqlite3_close_v2(m_db);
}

bool WriteLockProbe::isHeld()
{
    // No busy timeout: BEGIN IMMEDIATE answers SQLITE_BUSY at once while someone writes.
    const int code = sqlite3_exec(m_db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
    if (code == SQLITE_OK) {
        sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
        return false;
    }
    return (code & 0xff) == SQLITE_BUSY;
}

LockHolder::LockHolder(const QString &db, int holdMs)
    : m_process(std::make_unique<QProcess>())
{
    m_process->start(QStringLiteral(RD_LOCK_HOLDER_PATH), {"--db", db, "--hold-ms", QString::number(holdMs)});
}

LockHolder::~LockHolder()
{
    if (m_process->state() != QProcess::NotRunning) {
        m_process->kill();
        m_process->waitForFinished(5000);
    }
}

bool LockHolder::waitUntilLocked()
{
    QElapsedTimer timer;
    timer.start();
    while (!m_output.contains("locked") && timer.elapsed() < 120000) {
        if (!m_process->waitForReadyRead(1000) && m_process->state() == QProcess::NotRunning)
            break;
        m_output += m_process->readAllStandardOutput();
    }
    return m_output.contains("locked");
}

bool LockHolder::finish()
{
    if (!m_process->waitForFinished(30000))
        return false;
    m_output += m_process->readAllStandardOutput();
    return m_process->exitStatus() == QProcess::NormalExit && m_process->exitCode() == 0
           && m_output.contains("released");
}

namespace {

// "<what> at <ms>" in a helper program's output, or -1.
qint64 reportedAt(const QByteArray &output, const QByteArray &what)
{
    const QRegularExpression pattern(QRegularExpression::escape(QString::fromLatin1(what))
                                     + QStringLiteral(" at (\\d+)"));
    const QRegularExpressionMatch match = pattern.match(QString::fromLatin1(output));
    return match.hasMatch() ? match.captured(1).toLongLong() : -1;
}

} // namespace

bool LockHolder::releaseNow()
{
    m_process->write("release\n");
    return finish();
}

qint64 LockHolder::lockedAtMs() const
{
    return reportedAt(m_output, "locked");
}

qint64 LockHolder::releasedAtMs() const
{
    return reportedAt(m_output, "released");
}

void keepIfAsked(QTemporaryDir &dir)
{
    if (qgetenv("RD_RELIABILITY_KEEP") != "1")
        return;
    dir.setAutoRemove(false);
    qInfo("keeping %s", qPrintable(dir.path()));
}

quint64 seed(quint64 fallback)
{
    bool ok = false;
    const quint64 value = qEnvironmentVariable("RD_RELIABILITY_SEED").toULongLong(&ok);
    const quint64 chosen = ok ? value : fallback;
    qInfo("random seed %llu (set RD_RELIABILITY_SEED to repeat a run with another)", chosen);
    return chosen;
}

qint64 percentile(std::vector<qint64> values, int percent)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const size_t index = std::min(values.size() - 1, size_t(double(values.size() - 1) * percent / 100.0 + 0.5));
    return values[index];
}

} // namespace RefundDesk::Reliability
