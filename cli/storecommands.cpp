// init, queue, show, claim, release, resolve: the headless commands over the store.

#include "clicontext.h"
#include "commands.h"
#include "evidencejson.h"
#include "jsonwriter.h"
#include "queuejsonprinter.h"

#include "domain/keywindow.h"
#include "domain/money.h"
#include "evidence/evidenceanalyzer.h"
#include "evidence/resolver.h"
#include "items/operationsnapshot.h"
#include "stripe/refundlookupsummary.h"

#include <QCoreApplication>
#include <QDateTime>


namespace RefundDesk::Cli {

namespace {

const QString JsonOption = QStringLiteral("json");

QString utc(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODate);
}

// What claim and release act on: who acts, the store open for writing, and the operation
// as it is now (what the write is checked against).
struct OperatorTarget
{
    QString operatorName;
    std::unique_ptr<Store> store;
    Operation operation;
};

// From the parsed --operator and OPERATION_ID; nothing, with exitCode set, when one fails.
std::optional<OperatorTarget> operatorTarget(CliContext &context, int &exitCode)
{
    const auto chosen = context.chooseOperator();
    if (!chosen) {
        exitCode = 2;
        return std::nullopt;
    }
    auto store = context.openStore(Store::OpenMode::ReadWrite, exitCode);
    if (!store)
        return std::nullopt;
    const QString name = CliContext::actingOperator(*chosen, *store);
    auto operation = context.readOperation(*store, context.parser().positionalArguments().at(0), exitCode);
    if (!operation)
        return std::nullopt;
    return OperatorTarget{name, std::move(store), std::move(*operation)};
}

constexpr int QueuePageSize = 1000;

int printQueueJson(CliContext &context, Store &store, int retentionHours)
{
    // The rows are UTF-8 already: they go to standard output as they are, not through
    // QTextStream's UTF-16 round trip (megabytes for a large queue).
    context.out().flush();
    if (auto error = QueueJsonPrinter(store, retentionHours).print(stdout))
        return context.fail(*error);
    return 0;
}

// The column names of the plain queue, in the language of the run.
QString queueHeader()
{
    static const struct
    {
        const char *source;
        const char *comment;
    } columns[] = {
        QT_TRANSLATE_NOOP3("Cli", "Operation", "queue column"), QT_TRANSLATE_NOOP3("Cli", "Order", "queue column"),
        QT_TRANSLATE_NOOP3("Cli", "Amount", "queue column"),    QT_TRANSLATE_NOOP3("Cli", "Status", "queue column"),
        QT_TRANSLATE_NOOP3("Cli", "Verdict", "queue column"),   QT_TRANSLATE_NOOP3("Cli", "Attempts", "queue column"),
        QT_TRANSLATE_NOOP3("Cli", "Key window", "queue column"), QT_TRANSLATE_NOOP3("Cli", "Claimed by", "queue column"),
    };
    QStringList names;
    for (const auto &column : columns)
        names << QCoreApplication::translate("Cli", column.source, column.comment);
    return names.join(u'\t');
}

// The queue for people: a header, then one tab-separated line an operation, oldest first,
// with the verdict queue --json gives. Ids, states and verdicts are tokens in every language.
int printQueueText(CliContext &context, Store &store, int retentionHours)
{
    auto &out = context.out();
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const QueueQuery query;
    std::optional<QueueCursor> cursor;
    qint64 count = 0;
    for (;;) {
        // Each page with what its verdicts rest on, read as of one moment.
        auto page = store.queuePageWithEvents(query, cursor, QueuePageSize);
        if (!page)
            return context.fail(page.error());
        for (size_t i = 0; i < page->operations.size(); ++i) {
            const Operation &operation = page->operations[i];
            if (count == 0) // the header waits for a row: a store failing at once prints no half table
                out << queueHeader() << '\n';
            const Evidence evidence = EvidenceAnalyzer::analyze(operation, page->candidates[i], page->lookups[i],
                                                                EvidenceAnalyzer::Detail::VerdictOnly);
            out << operation.operationId << '\t' << operation.orderId << '\t'
                << Money::format(operation.amountCents, operation.currency) << '\t' << toString(operation.status) << '\t'
                << toString(evidence.verdict) << '\t' << operation.attempts << '\t'
                << KeyWindow(operation, retentionHours).describeAt(now) << '\t'
                << (operation.claimedBy.isEmpty() ? QStringLiteral("-") : operation.claimedBy) << '\n';
            ++count;
        }
        if (int(page->operations.size()) < QueuePageSize)
            break;
        cursor = cursorAfter(query, page->operations.back());
    }
    if (count == 0)
        out << QCoreApplication::translate("Cli", "No operation is unknown or being checked.") << '\n';
    return 0;
}

} // namespace

int runInit(CliContext &context)
{
    context.addDbOption();
    if (auto exit = context.parse(0, 0))
        return *exit;
    const auto path = context.dbPath();
    if (!path)
        return 2;
    auto store = StoreFactory::create(*path);
    if (!store)
        return context.fail(store.error());
    context.out() << QCoreApplication::translate("Cli", "Created an empty store at %1 (schema version %2).")
                         .arg(store.value()->location())
                         .arg(store.value()->schemaVersion())
                  << '\n';
    return 0;
}

int runQueue(CliContext &context)
{
    context.addDbOption();
    context.parser().addOption({JsonOption, QCoreApplication::translate("Cli", "Print a JSON array.")});
    if (auto exit = context.parse(0, 0))
        return *exit;
    int exitCode = 0;
    auto store = context.openStore(Store::OpenMode::ReadOnly, exitCode);
    if (!store)
        return exitCode;
    auto retention = store->keyRetentionHours();
    if (!retention)
        return context.fail(retention.error());
    if (context.parser().isSet(JsonOption))
        return printQueueJson(context, *store, *retention);

    return printQueueText(context, *store, *retention);
}

int runShow(CliContext &context)
{
    context.addDbOption();
    context.parser().addOption({JsonOption, QCoreApplication::translate("Cli", "Print a JSON object.")});
    context.addOperationIdArgument();
    if (auto exit = context.parse(1, 1, QStringLiteral("one OPERATION_ID")))
        return *exit;
    int exitCode = 0;
    auto store = context.openStore(Store::OpenMode::ReadOnly, exitCode);
    if (!store)
        return exitCode;
    // What the console's panel reads, from one moment of the store.
    const auto snapshot = OperationSnapshot::load(*store, context.parser().positionalArguments().at(0));
    if (!snapshot)
        return context.fail(snapshot.error());
    const Operation &operation = snapshot->operation;
    const Evidence &evidence = snapshot->evidence;
    const KeyWindow window(operation, snapshot->keyRetentionHours);

    if (context.parser().isSet(JsonOption)) {
        nlohmann::json object;
        object["operation"] = JsonWriter::toJson(operation);
        object["operation"]["key_expires_at"] = window.expiresAt();
        object["attempts"] = nlohmann::json::array();
        for (const Attempt &attempt : snapshot->attempts)
            object["attempts"].push_back(JsonWriter::toJson(attempt));
        object["events"] = EvidenceJson::events(evidence);
        EvidenceJson::addVerdict(object, evidence);
        object["resolutions"] = nlohmann::json::array();
        for (const Resolution &resolution : snapshot->resolutions)
            object["resolutions"].push_back(JsonWriter::toJson(resolution));
        object["notes"] = nlohmann::json::array();
        for (const OperationNote &note : snapshot->notes)
            object["notes"].push_back(JsonWriter::toJson(note));
        // Each lookup with the response bodies it names (schema version 3 keeps them apart).
        std::vector<ProviderLookup> lookups = snapshot->lookups;
        if (auto read = store->readBodiesInto(lookups); !read)
            return context.fail(read.error());
        object["lookups"] = nlohmann::json::array();
        for (const ProviderLookup &lookup : lookups)
            object["lookups"].push_back(JsonWriter::toJson(lookup));
        context.out() << QString::fromStdString(JsonWriter::dump(object)) << '\n';
        return 0;
    }

    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    auto &out = context.out();
    out << QCoreApplication::translate("Cli", "%1  order %2  %3 %4  %5")
               .arg(operation.operationId, operation.orderId, Money::formatNumber(operation.amountCents, operation.currency),
                    operation.currency.toUpper(),
                    toString(operation.status))
        << '\n'
        << "  " << QCoreApplication::translate("Cli", "key %1 (%2)").arg(operation.idempotencyKey, window.describeAt(now))
        << '\n'
        << "  " << QCoreApplication::translate("Cli", "created %1, updated %2").arg(utc(operation.createdAt), utc(operation.updatedAt))
        << '\n';
    if (!operation.claimedBy.isEmpty()) {
        out << "  " << QCoreApplication::translate("Cli", "claimed by %1 at %2")
                           .arg(operation.claimedBy, utc(operation.claimedAt.value_or(0)))
            << '\n';
    }
    out << QCoreApplication::translate("Cli", "Attempts:") << '\n';
    for (const Attempt &attempt : snapshot->attempts) {
        out << "  #" << attempt.attemptNo << ' ' << attempt.toolCallId << ' ' << utc(attempt.startedAt) << ' '
            << describe(attempt.outcome);
        if (attempt.httpStatus)
            out << " (HTTP " << *attempt.httpStatus << ')';
        out << ' ' << attempt.requestId << '\n';
    }
    out << QCoreApplication::translate("Cli", "Events (verdict %1): %2").arg(toString(evidence.verdict), evidence.explanation)
        << '\n';
    for (const EvidenceEvent &event : evidence.events) {
        const ParsedRefund *refund = event.refund();
        out << "  " << event.row.eventId << ' ' << event.row.type << ' '
            << QCoreApplication::translate("Cli", "by %1", "an event, matched by a route").arg(toString(event.matchedBy));
        if (!event.readable())
            out << ' ' << QCoreApplication::translate("Cli", "unreadable: %1").arg(event.parsed.unreadableReason);
        else if (refund)
            out << ' ' << refund->id << ' ' << toString(refund->status) << ' ' << Money::format(refund->amount, refund->currency)
                << (refund->failureReason.isEmpty() ? QString() : u' ' + refund->failureReason);
        out << '\n';
    }
    out << QCoreApplication::translate("Cli", "Resolutions:") << '\n';
    for (const Resolution &resolution : snapshot->resolutions) {
        out << "  #" << resolution.resolutionId << ' ' << toString(resolution.outcome) << ' ' << resolution.refundId << ' '
            << QCoreApplication::translate("Cli", "by %1 at %2, evidence %3")
                   .arg(resolution.operatorName, utc(resolution.recordedAt), resolution.evidence);
        if (resolution.overridesEvidence)
            out << ' ' << QCoreApplication::translate("Cli", "(overrides the evidence)");
        out << '\n';
    }
    if (!snapshot->notes.empty()) {
        out << QCoreApplication::translate("Cli", "Notes:") << '\n';
        for (const OperationNote &note : snapshot->notes) {
            out << "  #" << note.noteId << ' '
                << QCoreApplication::translate("Cli", "by %1 at %2").arg(note.operatorName, utc(note.recordedAt));
            if (note.followUpOn.isValid())
                out << ' ' << QCoreApplication::translate("Cli", "(follow up on %1)").arg(followUpText(note.followUpOn));
            out << ": " << note.text << '\n';
        }
    }
    if (!snapshot->lookups.empty()) {
        out << QCoreApplication::translate("Cli", "Asked the provider:") << '\n';
        for (const ProviderLookup &lookup : snapshot->lookups) {
            // Read from what Stripe answered, not the record's summary in the asker's language.
            out << "  #" << lookup.lookupId << ' ' << lookup.provider << ' '
                << QCoreApplication::translate("Cli", "by %1 at %2").arg(lookup.operatorName, utc(lookup.askedAt))
                << ": " << RefundLookupSummary::fromRecord(lookup) << '\n';
        }
    }
    return 0;
}

int runClaim(CliContext &context)
{
    context.addDbOption();
    context.addOperatorOption();
    context.parser().addOption({QStringLiteral("take-over"),
                                QCoreApplication::translate("Cli", "Take the operation over from the operator who claimed it.")});
    context.addOperationIdArgument();
    if (auto exit = context.parse(1, 1, QStringLiteral("one OPERATION_ID")))
        return *exit;
    int exitCode = 0;
    auto target = operatorTarget(context, exitCode);
    if (!target)
        return exitCode;
    const Operation &operation = target->operation;
    const bool takeOver = context.parser().isSet(QStringLiteral("take-over"));
    auto claimed = Resolver(*target->store).claim(operation, target->operatorName, takeOver);
    if (!claimed)
        return context.fail(claimed.error());
    if (takeOver && operation.status == OperationStatus::Checking && operation.claimedBy != target->operatorName) {
        context.out() << QCoreApplication::translate("Cli", "%1 is now being checked by %2 (taken over from %3).")
                             .arg(operation.operationId, target->operatorName, operation.claimedBy);
    } else {
        context.out() << QCoreApplication::translate("Cli", "%1 is now being checked by %2.")
                             .arg(operation.operationId, target->operatorName);
    }
    context.out() << '\n';
    return 0;
}

int runRelease(CliContext &context)
{
    context.addDbOption();
    context.addOperatorOption();
    context.addOperationIdArgument();
    if (auto exit = context.parse(1, 1, QStringLiteral("one OPERATION_ID")))
        return *exit;
    int exitCode = 0;
    auto target = operatorTarget(context, exitCode);
    if (!target)
        return exitCode;
    auto released = Resolver(*target->store).release(target->operation, target->operatorName);
    if (!released)
        return context.fail(released.error());
    context.out() << QCoreApplication::translate("Cli", "%1 is unknown again and waits in the queue.")
                         .arg(target->operation.operationId)
                  << '\n';
    return 0;
}

int runResolve(CliContext &context)
{
    context.addDbOption();
    context.addOperatorOption();
    auto &parser = context.parser();
    parser.addOption({QStringLiteral("outcome"), QCoreApplication::translate("Cli", "refunded or failed."), QStringLiteral("OUTCOME")});
    parser.addOption({QStringLiteral("refund-id"), QCoreApplication::translate("Cli", "The provider's refund id (re_...)."), QStringLiteral("ID")});
    parser.addOption({QStringLiteral("evidence"),
                      QCoreApplication::translate("Cli", "Where the outcome was confirmed: webhook:evt_..., dashboard, provider_support:CASE."),
                      QStringLiteral("TEXT")});
    parser.addOption({QStringLiteral("note"), QCoreApplication::translate("Cli", "A note for the audit log."), QStringLiteral("TEXT")});
    parser.addOption({QStringLiteral("override-evidence"),
                      QCoreApplication::translate("Cli", "Record an outcome that contradicts the evidence (needs --note).")});
    context.addOperationIdArgument();
    if (auto exit = context.parse(1, 1, QStringLiteral("one OPERATION_ID")))
        return *exit;
    const auto outcome = outcomeFromString(parser.value(QStringLiteral("outcome")));
    if (!outcome)
        return context.usageError(QCoreApplication::translate("Cli", "--outcome must be 'refunded' or 'failed'."));

    ResolutionDraft draft;
    draft.operationId = parser.positionalArguments().at(0);
    draft.outcome = *outcome;
    draft.refundId = parser.value(QStringLiteral("refund-id"));
    draft.evidence = parser.value(QStringLiteral("evidence"));
    draft.note = parser.value(QStringLiteral("note"));
    draft.overridesEvidence = parser.isSet(QStringLiteral("override-evidence"));
    const auto chosen = context.chooseOperator();
    if (!chosen)
        return 2;
    draft.operatorName = *chosen;
    // Rules that need no store come first, so a bad request never touches the store
    // (on PostgreSQL without --operator, once the login is known).
    const bool byLogin = draft.operatorName.isEmpty();
    if (!byLogin) {
        if (auto error = Resolver::checkDraft(draft))
            return context.fail(*error);
    }

    int exitCode = 0;
    auto store = context.openStore(Store::OpenMode::ReadWrite, exitCode);
    if (!store)
        return exitCode;
    if (byLogin) {
        draft.operatorName = CliContext::actingOperator(draft.operatorName, *store);
        if (auto error = Resolver::checkDraft(draft))
            return context.fail(*error);
    }
    const auto operation = context.readOperation(*store, draft.operationId, exitCode);
    if (!operation)
        return exitCode;
    Resolver resolver(*store);
    auto resolution = resolver.resolve(draft, SeenState::of(*operation));
    if (!resolution)
        return context.fail(resolution.error());
    const QString recorded = resolution->refundId.isEmpty()
        ? toString(resolution->outcome)
        : QStringLiteral("%1 (%2)").arg(toString(resolution->outcome), resolution->refundId);
    context.out() << QCoreApplication::translate("Cli", "%1 resolved as %2 by %3; audit log entry #%4.")
                         .arg(draft.operationId, recorded, resolution->operatorName,
                              QString::number(resolution->resolutionId))
                  << '\n';
    return 0;
}

} // namespace RefundDesk::Cli
