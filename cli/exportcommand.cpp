#include "clicontext.h"
#include "commands.h"
#include "progressprinter.h"

#include "audit/auditexporter.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <cstdio>

namespace RefundDesk::Cli {

namespace {

// A date (the whole UTC day) or an ISO 8601 date and time (that instant; UTC unless it
// names an offset). For --to a date means "through the end of that day".
std::optional<qint64> parseBound(const QString &text, bool upper)
{
    const QString trimmed = text.trimmed();
    const QDate date = QDate::fromString(trimmed, Qt::ISODate);
    if (date.isValid() && trimmed.size() == 10) {
        const QDate day = upper ? date.addDays(1) : date;
        return QDateTime(day, QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
    }
    QDateTime when = QDateTime::fromString(trimmed, Qt::ISODateWithMs);
    if (!when.isValid())
        return std::nullopt;
    if (when.timeSpec() == Qt::LocalTime)
        when.setTimeSpec(Qt::UTC);
    return when.toMSecsSinceEpoch();
}

} // namespace

// refund-desk export --db PATH [--format csv|json] [--from DATE] [--to DATE] [--output FILE]
int runExport(CliContext &context)
{
    const QString formatOption = QStringLiteral("format");
    const QString fromOption = QStringLiteral("from");
    const QString toOption = QStringLiteral("to");
    const QString outputOption = QStringLiteral("output");
    context.addDbOption();
    context.parser().addOption({formatOption, QCoreApplication::translate("Cli", "csv (default) or json."), QStringLiteral("FORMAT"),
                                QStringLiteral("csv")});
    context.parser().addOption({fromOption,
                                QCoreApplication::translate("Cli", "Only resolutions recorded from this UTC date (YYYY-MM-DD) or ISO 8601 "
                                                                   "time on."),
                                QStringLiteral("DATE")});
    context.parser().addOption({toOption,
                                QCoreApplication::translate("Cli", "Only resolutions recorded through this UTC date (inclusive), or "
                                                                   "before this ISO 8601 time."),
                                QStringLiteral("DATE")});
    context.parser().addOption({outputOption,
                                QCoreApplication::translate("Cli", "Write to FILE (replaced only once complete) instead of standard "
                                                                   "output."),
                                QStringLiteral("FILE")});
    if (auto exit = context.parse(0, 0))
        return *exit;

    const auto format = AuditExporter::formatFromName(context.parser().value(formatOption));
    if (!format)
        return context.usageError(QCoreApplication::translate("Cli", "--format wants csv or json."));
    AuditQuery query;
    if (context.parser().isSet(fromOption)) {
        query.fromMs = parseBound(context.parser().value(fromOption), false);
        if (!query.fromMs)
            return context.usageError(QCoreApplication::translate("Cli", "--from wants a date like 2024-05-01 or a time like "
                                                                         "2024-05-01T09:30:00Z."));
    }
    if (context.parser().isSet(toOption)) {
        query.toMs = parseBound(context.parser().value(toOption), true);
        if (!query.toMs)
            return context.usageError(QCoreApplication::translate("Cli", "--to wants a date like 2024-05-31 or a time like "
                                                                         "2024-06-01T00:00:00Z."));
    }
    if (query.fromMs && query.toMs && *query.fromMs >= *query.toMs)
        return context.usageError(QCoreApplication::translate("Cli", "--from must come before --to."));

    const auto dbPath = context.dbPath();
    if (!dbPath)
        return 2;
    const QString outputPath = context.parser().value(outputOption);
    if (!outputPath.isEmpty()) {
        const QString target = QFileInfo(outputPath).absoluteFilePath();
        const QString store = QFileInfo(*dbPath).absoluteFilePath();
        if (target == store || target == store + QStringLiteral("-wal") || target == store + QStringLiteral("-shm"))
            return context.usageError(QCoreApplication::translate("Cli", "--output names the store itself; choose another file."));
    }

    int exitCode = 0;
    auto store = context.openStore(Store::OpenMode::ReadOnly, exitCode);
    if (!store)
        return exitCode;
    context.reportOpenNote(*store);

    AuditExporter exporter(*store, *format);
    exporter.setQuery(query);
    ProgressPrinter progress(context, QCoreApplication::translate("Cli", "exporting", "progress"));
    const auto report = [&progress](qint64 done, qint64 total) { return progress.update(done, total); };

    if (outputPath.isEmpty()) {
        QFile out;
        if (!out.open(stdout, QIODevice::WriteOnly))
            return context.fail(Error::internal(QCoreApplication::translate("Cli", "Standard output cannot be written.")));
        auto written = exporter.write(out, report);
        out.flush();
        progress.finish();
        if (!written)
            return context.fail(written.error());
        return 0;
    }

    QSaveFile file(outputPath);
    if (!file.open(QIODevice::WriteOnly)) {
        return context.fail(Error::unavailable(QCoreApplication::translate("Cli", "%1 cannot be written: %2. Choose a file in a folder "
                                                                                  "you may write to.")
                                                   .arg(outputPath, file.errorString())));
    }
    auto written = exporter.write(file, report);
    progress.finish();
    if (!written)
        return context.fail(written.error()); // QSaveFile drops the partial file
    if (!file.commit()) {
        return context.fail(Error::unavailable(QCoreApplication::translate("Cli", "%1 could not be saved: %2. Nothing was replaced.")
                                                   .arg(outputPath, file.errorString())));
    }
    context.out() << QCoreApplication::translate("Cli", "exported %n resolution(s) to %1", nullptr, int(*written)).arg(outputPath)
                  << '\n';
    context.out().flush();
    return 0;
}

} // namespace RefundDesk::Cli
