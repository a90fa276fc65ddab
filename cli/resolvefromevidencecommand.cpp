// resolve-from-evidence: what the evidence settles, planned and, with --yes, recorded,
// each operation as its own decision.

#include "cli.h"
#include "clicontext.h"
#include "commands.h"
#include "jsonwriter.h"
#include "progressprinter.h"

#include "domain/money.h"
#include "evidence/batchexecutor.h"
#include "evidence/batchplan.h"

#include <QCoreApplication>

#include <functional>

namespace RefundDesk::Cli {

namespace {

// The exit codes of this command (DESIGN.md, "Command line").
constexpr int ExitSkipped = 4;     // some changed after the plan and were skipped
constexpr int ExitNothingToDo = 5; // nothing was eligible

std::string compact(const nlohmann::json &value)
{
    return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

nlohmann::json toJson(const BatchCandidate &candidate)
{
    return {{"amount_cents", candidate.seen.amountCents},
            {"currency", candidate.seen.currency.toStdString()},
            {"event_id", JsonWriter::text(candidate.eventId)},
            {"evidence", candidate.evidenceText().toStdString()},
            {"lookup_id", candidate.lookupId > 0 ? nlohmann::json(candidate.lookupId) : nlohmann::json(nullptr)},
            {"latest_note", candidate.latestNote.isEmpty() ? nlohmann::json(nullptr) : JsonWriter::text(candidate.latestNote)},
            {"operation_id", candidate.seen.operationId.toStdString()},
            {"outcome", toString(candidate.outcome).toStdString()},
            {"refund_id", candidate.outcome == Outcome::Refunded ? JsonWriter::text(candidate.refundId) : nullptr},
            {"verdict", toString(candidate.verdict).toStdString()}};
}

nlohmann::json planJson(const BatchPlan &plan)
{
    nlohmann::json object;
    object["eligible"] = nlohmann::json::array();
    for (const BatchCandidate &candidate : plan.eligible)
        object["eligible"].push_back(toJson(candidate));
    object["left_out"] = nlohmann::json::array();
    for (const BatchLeftOut &left : plan.leftOut) {
        object["left_out"].push_back({{"claimed_by", JsonWriter::text(left.operation.claimedBy)},
                                      {"operation_id", left.operation.operationId.toStdString()},
                                      {"note", left.note.isEmpty() ? nlohmann::json(nullptr) : JsonWriter::text(left.note)},
                                      {"follow_up_on", left.followUpOn.isValid() ? JsonWriter::text(followUpText(left.followUpOn))
                                                                                  : nlohmann::json(nullptr)},
                                      {"reason", toString(left.reason).toStdString()},
                                      {"verdict", toString(left.verdict).toStdString()}});
    }
    object["totals"] = nlohmann::json::array();
    for (const BatchTotal &total : plan.totals()) {
        object["totals"].push_back({{"amount_cents", total.amountCents},
                                    {"count", total.count},
                                    {"currency", total.currency.toStdString()},
                                    {"outcome", toString(total.outcome).toStdString()}});
    }
    object["operator"] = plan.operatorName.toStdString();
    return object;
}

void printPlan(QTextStream &out, const BatchPlan &plan)
{
    // Sections with nothing in them are left out: a rerun with nothing to do says so in
    // one sentence (see runResolveFromEvidence), not with empty headings.
    if (!plan.eligible.empty()) {
        out << QCoreApplication::translate("Cli", "%n operation(s) settled by the evidence:", "", int(plan.eligible.size())) << '\n';
        for (const BatchCandidate &candidate : plan.eligible) {
            out << "  " << candidate.seen.operationId << '\t' << toString(candidate.outcome) << '\t'
                << (candidate.outcome == Outcome::Refunded ? candidate.refundId : QStringLiteral("-")) << '\t'
                << candidate.sourceText() << '\t' << Money::format(candidate.seen.amountCents, candidate.seen.currency);
            if (!candidate.latestNote.isEmpty())
                out << '\t' << QCoreApplication::translate("Cli", "latest note: %1").arg(candidate.latestNote);
            out << '\n';
        }
    }
    if (!plan.leftOut.empty()) {
        out << QCoreApplication::translate("Cli", "%n operation(s) left out:", "", int(plan.leftOut.size())) << '\n';
        for (const BatchLeftOut &left : plan.leftOut) {
            out << "  " << left.operation.operationId << '\t' << toString(left.verdict) << '\t'
                << describe(left) << '\n';
        }
    }
    if (plan.eligible.empty())
        return;
    out << QCoreApplication::translate("Cli", "Totals:") << '\n';
    for (const BatchTotal &total : plan.totals()) {
        out << "  " << toString(total.outcome) << '\t' << total.currency << '\t' << total.count << '\t'
            << Money::format(total.amountCents, total.currency) << '\n';
    }
}

void printItem(CliContext &context, const BatchItemResult &item, bool json)
{
    const BatchCandidate &candidate = item.candidate;
    const bool decided = item.state == BatchItemResult::State::Decided;
    if (json) {
        nlohmann::json line = toJson(candidate);
        line["state"] = decided ? "decided" : "skipped";
        line["resolution_id"] = decided ? nlohmann::json(item.resolution->resolutionId) : nlohmann::json(nullptr);
        line["reason"] = decided ? nlohmann::json(nullptr) : JsonWriter::text(item.reason);
        context.out() << QString::fromStdString(compact(line)) << '\n';
        return;
    }
    if (decided) {
        const QString recorded = candidate.outcome == Outcome::Refunded
            ? QStringLiteral("%1 (%2)").arg(toString(candidate.outcome), candidate.refundId)
            : toString(candidate.outcome);
        context.out() << QCoreApplication::translate("Cli", "%1 resolved as %2 on %3; audit log entry #%4.")
                             .arg(candidate.seen.operationId, recorded, candidate.evidenceText(),
                                  QString::number(item.resolution->resolutionId));
    } else {
        context.out() << QCoreApplication::translate("Cli", "%1 skipped: %2").arg(candidate.seen.operationId, item.reason);
    }
    context.out() << '\n';
}

void printSummary(CliContext &context, const BatchReport &report, bool json)
{
    if (json) {
        const nlohmann::json summary = {{"summary",
                                         {{"decided", report.decided()},
                                          {"not_tried", report.notTried()},
                                          {"note", report.note.toStdString()},
                                          {"planned", report.planned},
                                          {"skipped", report.skipped()}}}};
        context.out() << QString::fromStdString(compact(summary)) << '\n';
        return;
    }
    context.out() << QCoreApplication::translate("Cli", "Decided %1 of %2; %n skipped because they changed after the plan.",
                                                 nullptr, int(report.skipped()))
                         .arg(report.decided())
                         .arg(report.planned)
                  << '\n';
}

std::function<void()> &beforeBatchRecording()
{
    static std::function<void()> hold;
    return hold;
}

} // namespace

void setBeforeBatchRecording(std::function<void()> hold)
{
    beforeBatchRecording() = std::move(hold);
}

int runResolveFromEvidence(CliContext &context)
{
    context.addDbOption();
    auto &parser = context.parser();
    parser.addOption({QStringLiteral("verdict"),
                      QCoreApplication::translate("Cli", "Only operations with this verdict (refunded, failed or not_found); may be given "
                                                         "more than once. Every verdict that settles an outcome when left out."),
                      QStringLiteral("VERDICT")});
    parser.addOption({QStringLiteral("limit"), QCoreApplication::translate("Cli", "At most N operations, oldest first."),
                      QStringLiteral("N")});
    parser.addOption({QStringLiteral("note"), QCoreApplication::translate("Cli", "The note every decision of the batch carries."),
                      QStringLiteral("TEXT")});
    context.addOperatorOption();
    parser.addOption({QStringLiteral("json"), QCoreApplication::translate("Cli", "Print JSON: the plan as one object; with --yes "
                                                                                 "one object a line per operation, then a summary.")});
    parser.addOption({QStringLiteral("yes"), QCoreApplication::translate("Cli", "Record the plan. Without it nothing is recorded.")});
    if (auto exit = context.parse(0, 0))
        return *exit;

    BatchRequest request;
    for (const QString &text : parser.values(QStringLiteral("verdict"))) {
        const auto verdict = verdictFromString(text);
        if (verdict == Verdict::OtherRefund || verdict == Verdict::Conflict)
            return context.usageError(QCoreApplication::translate("Cli", "--verdict %1: an operation with this verdict is "
                                                                         "decided by a person, one at a time, never in a "
                                                                         "batch; --verdict must be 'refunded', 'failed' or "
                                                                         "'not_found'.").arg(text));
        if (!verdict || !outcomeSettledBy(*verdict))
            return context.usageError(QCoreApplication::translate("Cli", "--verdict must be 'refunded', 'failed' or 'not_found'."));
        request.verdicts.push_back(*verdict);
    }
    if (parser.isSet(QStringLiteral("limit"))) {
        bool ok = false;
        request.limit = parser.value(QStringLiteral("limit")).toLongLong(&ok);
        if (!ok || request.limit < 1)
            return context.usageError(QCoreApplication::translate("Cli", "--limit must be a whole number of at least 1."));
    }
    const QString note = parser.value(QStringLiteral("note")).trimmed();
    if (note.isEmpty())
        return context.usageError(QCoreApplication::translate("Cli", "--note TEXT is required: say why these outcomes are "
                                                                     "recorded together."));
    const auto chosen = context.chooseOperator();
    if (!chosen)
        return 2;
    const QString operatorName = *chosen;
    const bool json = parser.isSet(QStringLiteral("json"));
    const bool record = parser.isSet(QStringLiteral("yes"));

    int exitCode = 0;
    auto store = context.openStore(record ? Store::OpenMode::ReadWrite : Store::OpenMode::ReadOnly, exitCode);
    if (!store)
        return exitCode;
    const QString login = store->sessionOperator();
    if (!login.isEmpty() && !operatorName.isEmpty() && operatorName != login) {
        return context.fail(Error::refused(QCoreApplication::translate("Cli", "On PostgreSQL the operator recorded is the database "
                                                                              "login: you are logged in as %1, not %2. Nothing was "
                                                                              "recorded.")
                                               .arg(login, operatorName)));
    }
    request.operatorName = login.isEmpty() ? operatorName : login;

    auto plan = BatchPlanner::plan(*store, request);
    if (!plan)
        return context.fail(plan.error());
    if (!record || plan->eligible.empty()) {
        if (json) {
            context.out() << QString::fromStdString(JsonWriter::dump(planJson(*plan))) << '\n';
        } else {
            printPlan(context.out(), *plan);
            if (plan->eligible.empty() && plan->leftOut.empty())
                context.out() << QCoreApplication::translate("Cli", "Nothing to do: no operation in the queue is settled by "
                                                                    "the evidence, and nothing was recorded.")
                              << '\n';
            else if (plan->eligible.empty())
                context.out() << QCoreApplication::translate("Cli", "Nothing is settled by the evidence; nothing was recorded.") << '\n';
            else
                context.out() << QCoreApplication::translate("Cli", "Nothing was recorded. Run again with --yes to record these "
                                                                    "%n decision(s).", "", int(plan->eligible.size()))
                              << '\n';
        }
        return plan->eligible.empty() ? ExitNothingToDo : 0;
    }

    if (const auto &hold = beforeBatchRecording())
        hold();
    ProgressPrinter progress(context, QCoreApplication::translate("Cli", "recording", "progress"));
    BatchExecutor executor(*store, request.operatorName, note);
    executor.setProgress([&](qint64 done, qint64 total) {
        progress.update(done, total);
    });
    const BatchReport report = executor.run(*plan);
    progress.finish();
    for (const BatchItemResult &item : report.items)
        printItem(context, item, json);
    printSummary(context, report, json);
    if (report.failure)
        return context.fail(*report.failure);
    return report.skipped() > 0 ? ExitSkipped : 0;
}

} // namespace RefundDesk::Cli
