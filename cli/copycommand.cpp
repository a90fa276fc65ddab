// copy: a whole store into a new one, between backends, every row as stored.

#include "clicontext.h"
#include "commands.h"
#include "progressprinter.h"

#include "audit/auditverifier.h"
#include "store/storebuilder.h"
#include "store/storecopier.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>

#include <algorithm>

namespace RefundDesk::Cli {

namespace {

const QString FromOption = QStringLiteral("from");
const QString ToOption = QStringLiteral("to");

// What verify would say of one end: its chain and its invariants.
struct EndCheck
{
    qint64 verifiedCount = 0;
    qint64 lastVerifiedId = 0;
    QString headHash;
    QString chainBreak; // empty when the chain holds
    QStringList invariantProblems;
};

Result<EndCheck> checkEnd(Store &store)
{
    auto report = AuditVerifier(store).run();
    if (!report)
        return report.error();
    EndCheck check;
    check.verifiedCount = report->verifiedCount;
    check.lastVerifiedId = report->lastVerifiedId;
    check.headHash = report->headHash;
    QStringList problems = report->problems();
    if (report->chainBreak)
        check.chainBreak = problems.takeFirst();
    check.invariantProblems = problems;
    return check;
}

bool sameChain(const EndCheck &a, const EndCheck &b)
{
    return a.verifiedCount == b.verifiedCount && a.lastVerifiedId == b.lastVerifiedId && a.headHash == b.headHash
        && a.chainBreak == b.chainBreak;
}

QString chainText(const EndCheck &check)
{
    if (!check.chainBreak.isEmpty())
        return check.chainBreak;
    if (check.lastVerifiedId == 0)
        return QStringLiteral("the audit log is empty");
    return QStringLiteral("verified %1 resolutions, chain intact through #%2, head hash %3")
        .arg(check.verifiedCount).arg(check.lastVerifiedId).arg(check.headHash);
}

void printCounts(QTextStream &out, const TableCounts &source, const TableCounts &copy)
{
    const struct
    {
        const char *table;
        qint64 source;
        qint64 copy;
    } rows[] = {
        {"store_meta", source.meta, copy.meta},
        {"refund_ops", source.operations, copy.operations},
        {"refund_attempts", source.attempts, copy.attempts},
        {"webhook_events", source.events, copy.events},
        {"resolutions", source.resolutions, copy.resolutions},
        {"operation_notes", source.notes, copy.notes},
        {"provider_lookups", source.lookups, copy.lookups},
        {"provider_bodies", source.bodies, copy.bodies},
    };
    out << QStringLiteral("%1 %2 %3\n").arg(QStringLiteral("table"), -16).arg(QStringLiteral("source"), 12)
                                       .arg(QStringLiteral("copy"), 12);
    for (const auto &row : rows) {
        out << QStringLiteral("%1 %2 %3\n").arg(QLatin1String(row.table), -16).arg(row.source, 12)
                                           .arg(row.copy, 12);
    }
}

// The source's store_meta rows the copy lacks or holds with another value.
QStringList missingMeta(const std::vector<MetaEntry> &source, const std::vector<MetaEntry> &copy)
{
    QStringList missing;
    for (const MetaEntry &entry : source) {
        const auto found = std::find_if(copy.begin(), copy.end(),
                                        [&](const MetaEntry &other) { return other.key == entry.key; });
        if (found == copy.end() || found->value != entry.value)
            missing << entry.key;
    }
    return missing;
}

} // namespace

// refund-desk copy --from SRC --to DST
// Exit 0 when the copy holds every row of the source and its chain checks out as the
// source's does (a broken chain is copied as it is, and said so); 3 when the source cannot
// be opened or the destination exists; 1 when the copy does not match its source.
int runCopy(CliContext &context)
{
    context.parser().setApplicationDescription(QCoreApplication::translate(
        "Cli",
        "refund-desk copy: copies a whole store into a new one, keeping every id, hash, time and\n"
        "payload byte, e.g. to move a store to another backend or to hand an auditor a file.\n"
        "The source is only read (one consistent snapshot, even while others write to it). The\n"
        "destination must not exist: it is created with its own schema, and only a complete\n"
        "copy is kept (an interrupted one leaves no store behind). Afterwards the audit chain\n"
        "and the row counts of both ends are checked and compared. A copy repairs nothing: a\n"
        "broken chain arrives broken, and verify fails on both ends alike."));
    context.parser().addOption(
        {FromOption, QCoreApplication::translate("Cli", "The store to copy (only read)."), QStringLiteral("SRC")});
    context.parser().addOption(
        {ToOption, QCoreApplication::translate("Cli", "The new store to create (must not exist)."), QStringLiteral("DST")});
    if (auto exit = context.parse(0, 0))
        return *exit;
    const QString from = context.parser().value(FromOption);
    const QString to = context.parser().value(ToOption);
    if (from.isEmpty() || to.isEmpty())
        return context.usageError(QCoreApplication::translate("Cli", "--from SRC and --to DST are both required: name the store to copy "
                                                                     "and the new store to create."));

    // A file beside the source that SQLite would take for part of it.
    const QString target = QFileInfo(to).absoluteFilePath();
    const QString sourceFile = QFileInfo(from).absoluteFilePath();
    for (const char *suffix : {"-wal", "-shm", "-journal"}) {
        if (target == sourceFile + QLatin1String(suffix))
            return context.usageError(QCoreApplication::translate("Cli", "--to names a file of the source itself; choose another path."));
    }

    auto source = StoreFactory::open(from, Store::OpenMode::ReadOnly);
    if (!source)
        return context.fail(source.error());
    context.reportOpenNote(**source);

    QElapsedTimer timer;
    timer.start();
    auto builder = StoreBuilder::createNew(to);
    if (!builder)
        return context.fail(builder.error());

    // One snapshot of the source for the copy and for checking what was copied.
    ReadSnapshot snapshot(**source);
    if (snapshot.error())
        return context.fail(*snapshot.error());
    StoreCopier copier(**source, **builder);
    ProgressPrinter progress(context, QCoreApplication::translate("Cli", "copying rows", "progress"));
    auto copied = copier.copy([&progress](qint64 done, qint64 total) { return progress.update(done, total); });
    progress.finish();
    if (!copied)
        return context.fail(copied.error()); // the unfinished builder keeps nothing
    context.say(QCoreApplication::translate("Cli", "%n row(s) copied; checking both ends (audit chain, invariants)", nullptr,
                                            int(copied->total())));
    auto sourceCheck = checkEnd(**source);
    if (!sourceCheck)
        return context.fail(sourceCheck.error());
    if (auto finished = (*builder)->finish(); !finished)
        return context.fail(finished.error());
    builder->reset();
    const double seconds = double(timer.elapsed()) / 1000.0;

    auto copy = StoreFactory::open(to, Store::OpenMode::ReadOnly);
    if (!copy)
        return context.fail(copy.error());
    auto copyCounts = (*copy)->tableCounts();
    if (!copyCounts)
        return context.fail(copyCounts.error());
    auto copyCheck = checkEnd(**copy);
    if (!copyCheck)
        return context.fail(copyCheck.error());

    QTextStream &out = context.out();
    out << "copied " << (*source)->location() << " to " << (*copy)->location() << " in "
        << QString::number(seconds, 'f', 1) << " s\n";
    printCounts(out, *copied, *copyCounts);
    out << "audit chain of the source: " << chainText(*sourceCheck) << '\n'
        << "audit chain of the copy:   " << chainText(*copyCheck) << '\n';
    for (const auto &[end, check] : {std::pair{"source", &*sourceCheck}, std::pair{"copy", &*copyCheck}}) {
        if (check->invariantProblems.isEmpty())
            out << "store invariants of the " << end << " hold\n";
        for (const QString &problem : check->invariantProblems)
            out << "store invariants of the " << end << ": " << problem << '\n';
    }
    out.flush();

    // The new store's schema writes its own defaults into store_meta, so it may hold a row
    // the source lacks; the source's rows must all be there, and every other table must
    // match row for row.
    auto sourceMeta = (*source)->metaEntries();
    auto copyMeta = (*copy)->metaEntries();
    if (!sourceMeta || !copyMeta)
        return context.fail(!sourceMeta ? sourceMeta.error() : copyMeta.error());
    const QStringList metaMissing = missingMeta(*sourceMeta, *copyMeta);
    if (!metaMissing.isEmpty())
        context.say(QCoreApplication::translate("Cli", "store_meta rows missing or different in the copy: %1")
                        .arg(metaMissing.join(QStringLiteral(", "))));
    const bool countsMatch = copyCounts->operations == copied->operations && copyCounts->attempts == copied->attempts
        && copyCounts->events == copied->events && copyCounts->resolutions == copied->resolutions;
    if (!metaMissing.isEmpty() || !countsMatch || !sameChain(*sourceCheck, *copyCheck)) {
        return context.fail(Error::internal(QCoreApplication::translate("Cli", "The copy at %1 does not match its source (see the "
                                                                               "counts and chains above). Do not use it: remove it "
                                                                               "and copy again.")
                                                .arg((*copy)->location())));
    }
    if (!sourceCheck->chainBreak.isEmpty()) {
        context.note(QCoreApplication::translate("Cli", "the source's audit chain is broken and the copy carries the same "
                                                        "break, as it should: a copy repairs nothing. 'refund-desk verify' "
                                                        "fails on both ends alike."));
    }
    return 0;
}

} // namespace RefundDesk::Cli
