// import-events: webhook events from a file into the store, as the receiver would have
// written them (DESIGN.md, "Command line").

#include "clicontext.h"
#include "commands.h"
#include "progressprinter.h"

#include "evidence/eventimporter.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace RefundDesk::Cli {

namespace {

void printNotes(QTextStream &out, const QString &title, const std::vector<ImportNote> &notes, qint64 total)
{
    if (notes.empty())
        return;
    out << title << '\n';
    for (const ImportNote &note : notes)
        out << "  " << note.where << ": " << note.reason << '\n';
    if (total > qint64(notes.size()))
        out << "  " << QCoreApplication::translate("Cli", "... and %1 more").arg(total - qint64(notes.size())) << '\n';
}

void printSummary(QTextStream &out, const QString &path, const ImportSummary &summary)
{
    out << QCoreApplication::translate("Cli", "Imported %1 (%2): %3 read, %4 new, %5 already present, %6 skipped.")
               .arg(path, summary.format, QString::number(summary.read), QString::number(summary.added),
                    QString::number(summary.alreadyPresent), QString::number(summary.skipped))
        << '\n';
    printNotes(out, QCoreApplication::translate("Cli", "Skipped (not stored):"), summary.skips, summary.skipped);
    printNotes(out,
               QCoreApplication::translate("Cli", "Stored, but not readable as refund evidence (the console lists them "
                                                  "as unreadable):"),
               summary.unreadableNotes, summary.unreadable);
    if (!summary.stoppedEarly.isEmpty()) {
        out << QCoreApplication::translate("Cli", "Stopped early, the rest of the file was not read: %1").arg(summary.stoppedEarly)
            << '\n';
    }
    out.flush();
}

} // namespace

int runImportEvents(CliContext &context)
{
    context.addDbOption();
    context.addPositional(QStringLiteral("FILE"),
                          QCoreApplication::translate("Cli", "The events: a JSON array, a Stripe list object or JSON Lines."));
    if (auto exit = context.parse(1, 1, QStringLiteral("one FILE (a JSON array, a Stripe list object or JSON Lines)")))
        return *exit;
    const QString path = context.parser().positionalArguments().at(0);
    const QFileInfo info(path);
    if (!info.isFile() || !info.isReadable())
        return context.usageError(QCoreApplication::translate("Cli", "cannot read the file %1: it does not exist or is not a readable file.").arg(path));

    int exitCode = 0;
    auto store = context.openStore(Store::OpenMode::ReadWrite, exitCode);
    if (!store)
        return exitCode;

    EventImporter importer(*store);
    // Progress in KiB, so that only big files (tens of MB) show a progress line.
    ProgressPrinter progress(context, QCoreApplication::translate("Cli", "importing events, KiB read", "progress"));
    importer.setProgressCallback([&progress](qint64 done, qint64 total) { progress.update(done / 1024, total / 1024); });
    auto summary = importer.importFile(path);
    progress.finish();
    if (!summary)
        return context.fail(summary.error());

    printSummary(context.out(), path, *summary);
    if (!summary->complete()) {
        const QString what = summary->stoppedEarly.isEmpty()
            ? QCoreApplication::translate("Cli", "%n entries were skipped", nullptr, int(summary->skipped))
            : QCoreApplication::translate("Cli", "the file could not be read to its end");
        return context.fail(Error::refused(QCoreApplication::translate("Cli", "%1; the good entries were imported. Fix the file and import it "
                                                                              "again: events already present are ignored.").arg(what)));
    }
    return 0;
}

} // namespace RefundDesk::Cli
