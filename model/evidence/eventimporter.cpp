#include "evidence/eventimporter.h"

#include "domain/webhookevent.h"
#include "evidence/eventparser.h"
#include "evidence/jsonentryscanner.h"
#include "evidence/jsontext.h"
#include "store/store.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDateTime>
#include <QFile>

#include <string_view>

namespace RefundDesk {

namespace {

constexpr qint64 kChunkBytes = 1 << 20;
constexpr qint64 kProgressStep = 1 << 20;

std::string_view view(const QByteArray &bytes)
{
    return {bytes.constData(), size_t(bytes.size())};
}

QByteArray withoutBom(QByteArray bytes)
{
    if (bytes.startsWith("\xEF\xBB\xBF"))
        bytes.remove(0, 3);
    return bytes;
}

// Reads a file line by line through one reusable buffer, so a long line costs at most
// the buffer and a line longer than that is reported instead of read.
class LineReader final
{
public:
    enum class Status { Line, TooLong, End, Failed };

    LineReader(QFile &file, qsizetype maxLineBytes)
        : m_file(file)
        , m_buffer(maxLineBytes + 2, Qt::Uninitialized)
    {
    }

    Status next(QByteArray &line)
    {
        const qint64 read = m_file.readLine(m_buffer.data(), m_buffer.size());
        if (read < 0)
            return m_file.atEnd() ? Status::End : Status::Failed;
        if (read == 0)
            return Status::End;
        ++m_lineNumber;
        const bool endsLine = m_buffer.at(read - 1) == '\n';
        if (!endsLine && read == m_buffer.size() - 1 && !m_file.atEnd()) {
            skipRestOfLine();
            return Status::TooLong;
        }
        line = QByteArray(m_buffer.constData(), endsLine ? read - 1 : read);
        if (line.endsWith('\r'))
            line.chop(1);
        return Status::Line;
    }

    qint64 lineNumber() const { return m_lineNumber; }

private:
    void skipRestOfLine()
    {
        for (;;) {
            const qint64 read = m_file.readLine(m_buffer.data(), m_buffer.size());
            if (read <= 0 || m_buffer.at(read - 1) == '\n')
                return;
        }
    }

    QFile &m_file;
    QByteArray m_buffer;
    qint64 m_lineNumber = 0;
};

// Takes entries one at a time and writes them to the store in batches.
class Batcher final
{
public:
    Batcher(Store &store, int batchSize, qint64 receivedAt, ImportSummary &summary,
            const EventImporter::BatchCallback &beforeWrite, const EventImporter::BatchCallback &afterWrite)
        : m_store(store)
        , m_batchSize(batchSize)
        , m_receivedAt(receivedAt)
        , m_summary(summary)
        , m_beforeWrite(beforeWrite)
        , m_afterWrite(afterWrite)
    {
        m_batch.reserve(size_t(batchSize));
    }

    bool failed() const { return m_error.has_value(); }
    const std::optional<Error> &error() const { return m_error; }

    void take(const QByteArray &text, const QString &where)
    {
        if (failed())
            return;
        ++m_summary.read;
        const PayloadReading reading = EventParser::read(view(text));
        if (!reading.isJsonObject)
            return note(m_summary.skips, where, reading.jsonError, m_summary.skipped);
        if (reading.columns.eventId.isEmpty())
            return note(m_summary.skips, where, QStringLiteral("the event has no id (\"id\" must be a string)"), m_summary.skipped);
        if (!reading.event.readable) {
            note(m_summary.unreadableNotes, where,
                 QStringLiteral("%1: %2").arg(reading.columns.eventId, reading.event.unreadableReason), m_summary.unreadable);
        }
        WebhookEvent event;
        event.eventId = reading.columns.eventId;
        event.type = reading.columns.type;
        event.created = reading.columns.created;
        event.receivedAt = m_receivedAt;
        event.payload = QString::fromUtf8(text);
        event.operationId = reading.columns.operationId;
        event.idempotencyKey = reading.columns.idempotencyKey;
        event.refundId = reading.columns.refundId;
        m_batch.push_back(std::move(event));
        if (int(m_batch.size()) >= m_batchSize)
            flush();
    }

    void skip(const QString &where, const QString &reason)
    {
        ++m_summary.read;
        note(m_summary.skips, where, reason, m_summary.skipped);
    }

    void flush()
    {
        if (failed() || m_batch.empty())
            return;
        if (m_beforeWrite)
            m_beforeWrite(m_batch);
        auto added = m_store.insertEvents(m_batch);
        if (!added) {
            m_error = added.error();
            return;
        }
        if (m_afterWrite)
            m_afterWrite(m_batch);
        m_summary.added += *added;
        m_summary.alreadyPresent += qint64(m_batch.size()) - *added;
        m_batch.clear();
    }

private:
    static void note(std::vector<ImportNote> &notes, const QString &where, const QString &reason, qint64 &count)
    {
        ++count;
        if (notes.size() < size_t(EventImporter::MaxNotes))
            notes.push_back({where, reason});
    }

    Store &m_store;
    int m_batchSize;
    qint64 m_receivedAt;
    ImportSummary &m_summary;
    const EventImporter::BatchCallback &m_beforeWrite;
    const EventImporter::BatchCallback &m_afterWrite;
    std::vector<WebhookEvent> m_batch;
    std::optional<Error> m_error;
};

class ProgressReporter final
{
public:
    ProgressReporter(const EventImporter::ProgressCallback &callback, qint64 total)
        : m_callback(callback)
        , m_total(total)
    {
    }

    void report(qint64 done, bool force = false)
    {
        if (!m_callback || (!force && done - m_last < kProgressStep))
            return;
        m_last = done;
        m_callback(done, m_total);
    }

private:
    const EventImporter::ProgressCallback &m_callback;
    qint64 m_total;
    qint64 m_last = 0;
};

enum class FileForm { JsonLines, Document };

// What a line holds on its own: not a whole JSON object, an object, or a Stripe list object.
enum class LineKind { NotObject, Object, ListObject };

LineKind kindOf(const QByteArray &line)
{
    const auto json = Internal::JsonText::parse(view(line), EventParser::MaxDepth);
    if (!json.ok() || !json.value.is_object())
        return LineKind::NotObject;
    const auto kind = json.value.find("object");
    return kind != json.value.end() && kind->is_string() && *kind == "list" ? LineKind::ListObject : LineKind::Object;
}

bool isJsonObject(const QByteArray &line)
{
    return kindOf(line) != LineKind::NotObject;
}

// JSON Lines when the first line is an event on its own (or, if the first line is
// broken, the second is); an array or a list object otherwise, pretty-printed or not.
FileForm detectForm(QFile &file)
{
    LineReader reader(file, EventImporter::MaxEntryBytes);
    QByteArray line;
    std::vector<QByteArray> lines;
    bool firstTooLong = false;
    while (lines.size() < 2) {
        const auto status = reader.next(line);
        if (status == LineReader::Status::End || status == LineReader::Status::Failed)
            break;
        if (status == LineReader::Status::TooLong) {
            firstTooLong = firstTooLong || lines.empty();
            lines.push_back(QByteArray());
            continue;
        }
        line = withoutBom(line).trimmed();
        if (!line.isEmpty())
            lines.push_back(line);
    }
    if (lines.empty())
        return FileForm::JsonLines;
    if (firstTooLong) // one huge line is one document, unless events follow it line by line
        return lines.size() > 1 && isJsonObject(lines.at(1)) ? FileForm::JsonLines : FileForm::Document;
    if (lines.front().startsWith('['))
        return FileForm::Document;
    if (!lines.front().startsWith('{'))
        return FileForm::JsonLines;
    if (const LineKind kind = kindOf(lines.front()); kind != LineKind::NotObject)
        return kind == LineKind::ListObject ? FileForm::Document : FileForm::JsonLines;
    // A first line that is not a whole object: a pretty-printed document, or a broken
    // first event of JSON Lines (then the second line is an event on its own).
    if (lines.size() < 2 || isJsonObject(lines.at(1)))
        return FileForm::JsonLines;
    return FileForm::Document;
}

void importLines(QFile &file, Batcher &batcher, ProgressReporter &progress)
{
    LineReader reader(file, EventImporter::MaxEntryBytes);
    QByteArray line;
    for (;;) {
        const auto status = reader.next(line);
        if (status == LineReader::Status::End || status == LineReader::Status::Failed || batcher.failed())
            break;
        const QString where = QStringLiteral("line %1").arg(reader.lineNumber());
        if (status == LineReader::Status::TooLong) {
            batcher.skip(where, QStringLiteral("the line is longer than %1 MiB").arg(EventImporter::MaxEntryBytes >> 20));
        } else {
            if (reader.lineNumber() == 1)
                line = withoutBom(line);
            line = line.trimmed();
            if (!line.isEmpty())
                batcher.take(line, where);
        }
        progress.report(file.pos());
    }
}

QString importDocument(QIODevice &file, Batcher &batcher, ProgressReporter &progress, ImportSummary &summary)
{
    Internal::JsonEntryScanner scanner(EventImporter::MaxEntryBytes);
    std::vector<Internal::JsonEntryScanner::Entry> entries;
    const auto takeEntries = [&]() {
        for (const auto &entry : entries) {
            const QString where = QStringLiteral("index %1 (line %2)").arg(entry.index).arg(entry.line);
            if (entry.tooLong)
                batcher.skip(where, QStringLiteral("the event is longer than %1 MiB").arg(EventImporter::MaxEntryBytes >> 20));
            else
                batcher.take(entry.text, where);
        }
        entries.clear();
    };
    bool first = true;
    bool intact = true;
    while (intact && !file.atEnd() && !batcher.failed()) {
        QByteArray chunk = file.read(kChunkBytes);
        if (chunk.isEmpty())
            break;
        if (first)
            chunk = withoutBom(chunk);
        first = false;
        intact = scanner.feed(chunk.constData(), chunk.size(), entries);
        takeEntries();
        progress.report(file.pos());
    }
    if (intact && !batcher.failed()) {
        intact = scanner.finish(entries);
        takeEntries();
    }
    summary.format = scanner.form() == Internal::JsonEntryScanner::Form::StripeList ? QStringLiteral("Stripe list object")
                                                                                      : QStringLiteral("JSON array");
    return intact ? QString() : scanner.error();
}

} // namespace

EventImporter::EventImporter(Store &store)
    : m_store(store)
{
}

void EventImporter::setBatchSize(int size)
{
    m_batchSize = qMax(1, size);
}

void EventImporter::setProgressCallback(ProgressCallback callback)
{
    m_progress = std::move(callback);
}

void EventImporter::setBatchCallbacks(BatchCallback beforeWrite, BatchCallback afterWrite)
{
    m_beforeWrite = std::move(beforeWrite);
    m_afterWrite = std::move(afterWrite);
}

void EventImporter::setReceivedAt(qint64 receivedAtMs)
{
    m_receivedAt = receivedAtMs;
}

Result<ImportSummary> EventImporter::importFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error::usage(QCoreApplication::translate("EventImporter", "Cannot read %1: %2.").arg(path, file.errorString()));

    ImportSummary summary;
    Batcher batcher(m_store, m_batchSize, m_receivedAt.value_or(QDateTime::currentMSecsSinceEpoch()), summary, m_beforeWrite,
                    m_afterWrite);
    ProgressReporter progress(m_progress, file.size());

    const FileForm form = detectForm(file);
    if (!file.seek(0))
        return Error::usage(QCoreApplication::translate("EventImporter", "Cannot read %1: %2.").arg(path, file.errorString()));
    if (form == FileForm::JsonLines) {
        summary.format = QStringLiteral("JSON Lines");
        importLines(file, batcher, progress);
    } else {
        summary.stoppedEarly = importDocument(file, batcher, progress, summary);
    }
    batcher.flush();
    if (file.error() != QFileDevice::NoError && !batcher.failed())
        return Error::usage(QCoreApplication::translate("EventImporter", "Reading %1 failed: %2.").arg(path, file.errorString()));
    if (const auto &error = batcher.error()) {
        return Error{error->kind, QStringLiteral("%1 (%2 new events were written before this; importing the file "
                                                 "again skips them.)").arg(error->message).arg(summary.added)};
    }
    progress.report(file.size(), true);
    return summary;
}

Result<ImportSummary> EventImporter::importListBody(const QByteArray &body)
{
    QBuffer buffer;
    buffer.setData(body);
    if (!buffer.open(QIODevice::ReadOnly))
        return Error::internal(QStringLiteral("Cannot read a list body from memory."));
    ImportSummary summary;
    Batcher batcher(m_store, m_batchSize, m_receivedAt.value_or(QDateTime::currentMSecsSinceEpoch()), summary, m_beforeWrite,
                    m_afterWrite);
    const ProgressCallback none;
    ProgressReporter progress(none, body.size());
    summary.stoppedEarly = importDocument(buffer, batcher, progress, summary);
    batcher.flush();
    if (const auto &error = batcher.error())
        return *error;
    return summary;
}

} // namespace RefundDesk
