#include "audit/auditexporter.h"

#include "domain/money.h"
#include "store/store.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QIODevice>

#include <nlohmann/json.hpp>

#include <map>

namespace RefundDesk {

namespace {

nlohmann::ordered_json textOrNull(const QString &text)
{
    return text.isNull() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(text.toStdString());
}

// The notes of the operations of one page, by operation id (schema version 2; none before).
using NotesByOperation = std::map<QString, std::vector<OperationNote>>;

// One note in a CSV cell: its time, author, follow-up date and text, on one line each
// note (a note's own line breaks kept, the cell quoted).
QString csvNote(const OperationNote &note)
{
    QString line = AuditExporter::isoUtc(note.recordedAt) + u' ' + note.operatorName;
    if (note.followUpOn.isValid())
        line += QStringLiteral(" (follow up on %1)").arg(followUpText(note.followUpOn));
    return line + QStringLiteral(": ") + note.text;
}

const std::vector<OperationNote> &notesOf(const NotesByOperation &notes, const QString &operationId)
{
    static const std::vector<OperationNote> none;
    const auto found = notes.find(operationId);
    return found == notes.end() ? none : found->second;
}

void appendCsvRow(QByteArray &out, const AuditEntry &entry, const std::vector<OperationNote> &notes)
{
    const Resolution &r = entry.resolution;
    const auto number = [](qint64 value) { return QByteArray::number(value); };
    out += number(r.resolutionId);
    out += ',';
    out += AuditExporter::isoUtc(r.recordedAt).toLatin1();
    out += ',';
    out += AuditExporter::csvField(r.operationId);
    out += ',';
    out += AuditExporter::csvField(entry.orderId);
    out += ',';
    if (entry.operationFound)
        out += number(entry.amountCents);
    out += ',';
    out += AuditExporter::csvField(entry.currency);
    out += ',';
    if (entry.operationFound)
        out += AuditExporter::csvField(Money::format(entry.amountCents, entry.currency));
    out += ',';
    out += toString(r.outcome).toLatin1();
    out += ',';
    out += AuditExporter::csvField(r.refundId);
    out += ',';
    out += AuditExporter::csvField(r.evidence);
    out += ',';
    out += AuditExporter::csvField(r.note);
    out += ',';
    out += AuditExporter::csvField(r.operatorName);
    out += ',';
    out += toString(r.previousStatus).toLatin1();
    out += ',';
    out += r.overridesEvidence ? '1' : '0';
    out += ',';
    out += AuditExporter::csvField(r.prevHash);
    out += ',';
    out += AuditExporter::csvField(r.hash);
    out += ',';
    QStringList lines;
    for (const OperationNote &note : notes)
        lines.append(csvNote(note));
    out += AuditExporter::csvField(lines.join(u'\n'));
    out += "\r\n";
}

void appendJsonRow(QByteArray &out, const AuditEntry &entry, const std::vector<OperationNote> &notes)
{
    const Resolution &r = entry.resolution;
    nlohmann::ordered_json row;
    row["resolution_id"] = r.resolutionId;
    row["recorded_at"] = AuditExporter::isoUtc(r.recordedAt).toStdString();
    row["operation_id"] = r.operationId.toStdString();
    row["order_id"] = textOrNull(entry.orderId);
    row["amount_cents"] = entry.operationFound ? nlohmann::ordered_json(entry.amountCents)
                                               : nlohmann::ordered_json(nullptr);
    row["currency"] = textOrNull(entry.currency);
    row["amount"] = entry.operationFound ? nlohmann::ordered_json(
                                               Money::format(entry.amountCents, entry.currency).toStdString())
                                         : nlohmann::ordered_json(nullptr);
    row["outcome"] = toString(r.outcome).toStdString();
    row["refund_id"] = textOrNull(r.refundId);
    row["evidence"] = textOrNull(r.evidence);
    row["note"] = textOrNull(r.note);
    row["operator"] = textOrNull(r.operatorName);
    row["previous_status"] = toString(r.previousStatus).toStdString();
    row["overrides_evidence"] = r.overridesEvidence;
    row["prev_hash"] = textOrNull(r.prevHash);
    row["hash"] = textOrNull(r.hash);
    row["notes"] = nlohmann::ordered_json::array();
    for (const OperationNote &note : notes) {
        nlohmann::ordered_json item;
        item["note_id"] = note.noteId;
        item["recorded_at"] = AuditExporter::isoUtc(note.recordedAt).toStdString();
        item["operator"] = textOrNull(note.operatorName);
        item["text"] = textOrNull(note.text);
        item["follow_up_on"] = textOrNull(followUpText(note.followUpOn));
        row["notes"].push_back(std::move(item));
    }
    // Replace, not throw, on text that is not valid UTF-8: one bad byte must not stop an export.
    const std::string text = row.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    out.append(text.data(), qsizetype(text.size()));
}

} // namespace

AuditExporter::AuditExporter(Store &store, Format format)
    : m_store(store)
    , m_format(format)
{
}

QStringList AuditExporter::columnNames()
{
    return {QStringLiteral("resolution_id"), QStringLiteral("recorded_at"),   QStringLiteral("operation_id"),
            QStringLiteral("order_id"),      QStringLiteral("amount_cents"),  QStringLiteral("currency"),
            QStringLiteral("amount"),        QStringLiteral("outcome"),       QStringLiteral("refund_id"),
            QStringLiteral("evidence"),      QStringLiteral("note"),          QStringLiteral("operator"),
            QStringLiteral("previous_status"), QStringLiteral("overrides_evidence"), QStringLiteral("prev_hash"),
            QStringLiteral("hash"),          QStringLiteral("notes")};
}

std::optional<AuditExporter::Format> AuditExporter::formatFromName(const QString &name)
{
    if (name.compare(QLatin1String("csv"), Qt::CaseInsensitive) == 0)
        return Format::Csv;
    if (name.compare(QLatin1String("json"), Qt::CaseInsensitive) == 0)
        return Format::Json;
    return std::nullopt;
}

QByteArray AuditExporter::csvField(const QString &text)
{
    QByteArray utf8 = text.toUtf8();
    if (!utf8.isEmpty()) {
        const char first = utf8.at(0);
        if (first == '=' || first == '+' || first == '-' || first == '@' || first == '\t' || first == '\r')
            utf8.prepend('\'');
    }
    bool needsQuotes = false;
    for (const char c : std::as_const(utf8)) {
        if (c == ',' || c == '"' || c == '\n' || c == '\r') {
            needsQuotes = true;
            break;
        }
    }
    if (!needsQuotes)
        return utf8;
    utf8.replace("\"", "\"\"");
    return '"' + utf8 + '"';
}

QString AuditExporter::isoUtc(qint64 msecsSinceEpoch)
{
    return QDateTime::fromMSecsSinceEpoch(msecsSinceEpoch, Qt::UTC).toString(Qt::ISODateWithMs);
}

QString AuditExporter::cancelledMessage()
{
    return QStringLiteral("The export was cancelled before it finished.");
}

Result<qint64> AuditExporter::write(QIODevice &device, const Progress &progress)
{
    const auto writeOut = [&device](const QByteArray &bytes) -> std::optional<Error> {
        if (device.write(bytes) != bytes.size())
            return Error::unavailable(QCoreApplication::translate("Audit", "The export could not be written: %1. Check the disk "
                                                     "space and the target's permissions.")
                                          .arg(device.errorString()));
        return std::nullopt;
    };

    auto total = m_store.auditCount(m_query);
    if (!total)
        return total.error();
    if (progress && !progress(0, *total))
        return Error::internal(cancelledMessage());

    QByteArray buffer;
    if (m_format == Format::Csv)
        buffer = columnNames().join(u',').toLatin1() + "\r\n";
    else
        buffer = "[";

    qint64 written = 0;
    std::optional<qint64> after;
    for (;;) {
        auto page = m_store.auditPage(m_query, after, m_pageSize);
        if (!page)
            return page.error();
        // The page's notes in one reading.
        QStringList operationIds;
        for (const AuditEntry &entry : *page)
            operationIds.append(entry.resolution.operationId);
        operationIds.removeDuplicates();
        auto notes = m_store.notesOf(operationIds);
        if (!notes)
            return notes.error();
        NotesByOperation notesByOperation;
        for (OperationNote &note : *notes)
            notesByOperation[note.operationId].push_back(std::move(note));
        for (const AuditEntry &entry : *page) {
            const auto &entryNotes = notesOf(notesByOperation, entry.resolution.operationId);
            if (m_format == Format::Csv) {
                appendCsvRow(buffer, entry, entryNotes);
            } else {
                buffer += written == 0 ? "\n" : ",\n";
                appendJsonRow(buffer, entry, entryNotes);
            }
            ++written;
        }
        if (auto failed = writeOut(buffer))
            return *failed;
        buffer.clear();
        if (int(page->size()) < m_pageSize)
            break;
        after = page->back().resolution.resolutionId;
        if (progress && !progress(written, std::max(written, *total)))
            return Error::internal(cancelledMessage());
    }
    if (m_format == Format::Json) {
        if (auto failed = writeOut(written == 0 ? QByteArray("]\n") : QByteArray("\n]\n")))
            return *failed;
    }
    if (progress)
        progress(written, written);
    return written;
}

} // namespace RefundDesk
