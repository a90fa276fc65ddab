// queue --json as printed by QueueJsonPrinter: the same rows and verdicts as judging the
// queue one row at a time, whatever the page size and however the pages are shared out
// among its threads; no half-made JSON when the store fails; rows written as text that
// says exactly what a JSON document of them would.

#include "jsonwriter.h"
#include "queuejsonprinter.h"

#include "demo/demosimulator.h"
#include "domain/keywindow.h"
#include "evidence/evidenceanalyzer.h"
#include "store/store.h"
#include "store/storebuilder.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cstdio>

using namespace RefundDesk;

namespace {

struct Printed
{
    std::optional<Error> error;
    QByteArray text;
};

Printed printQueue(Store &store, int retentionHours, int pageSize)
{
    std::FILE *file = std::tmpfile();
    Printed printed;
    printed.error = Cli::QueueJsonPrinter(store, retentionHours, pageSize).print(file);
    std::rewind(file);
    char buffer[65536];
    size_t read;
    while ((read = std::fread(buffer, 1, sizeof buffer, file)) > 0)
        printed.text.append(buffer, qsizetype(read));
    std::fclose(file);
    return printed;
}

} // namespace

class tst_QueueJson : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void rowsAreThoseOfOneRowAtATime();
    void emptyQueueIsAnEmptyArray();
    void storeGoneMeansAnErrorAndNoHalfMadeJson();
    void objectTextIsWhatDumpPrints();

private:
    QTemporaryDir m_dir;
    QString m_simulated;
};

void tst_QueueJson::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_simulated = m_dir.filePath(QStringLiteral("simulated.sqlite"));
    auto builder = StoreBuilder::createNew(m_simulated);
    QVERIFY(builder);
    SimulationOptions options;
    options.operations = 3000;
    options.seed = 7;
    options.nowMs = 1'735'000'000'000;
    auto summary = DemoSimulator().run(**builder, options);
    QVERIFY2(summary, qPrintable(summary ? QString() : summary.error().message));
    QVERIFY((*builder)->finish());
}

void tst_QueueJson::rowsAreThoseOfOneRowAtATime()
{
    auto opened = StoreFactory::open(m_simulated, Store::OpenMode::ReadOnly);
    QVERIFY(opened);
    Store &store = **opened;
    auto retention = store.keyRetentionHours();
    QVERIFY(retention);

    // The rows as the console's own code judges them, one at a time.
    QJsonArray expected;
    QSet<QString> verdicts;
    const QueueQuery query;
    auto all = store.queuePage(query, std::nullopt, 1'000'000);
    QVERIFY(all);
    for (const Operation &operation : *all) {
        auto events = store.candidateEvents(operation);
        QVERIFY(events);
        const QString verdict = toString(EvidenceAnalyzer::analyze(operation, *events).verdict);
        verdicts.insert(verdict);
        expected.append(QJsonObject{
            {"operation_id", operation.operationId},
            {"order_id", operation.orderId},
            {"amount_cents", operation.amountCents},
            {"currency", operation.currency},
            {"status", toString(operation.status)},
            {"attempts", operation.attempts},
            {"created_at", operation.createdAt},
            {"updated_at", operation.updatedAt},
            {"claimed_by", operation.claimedBy.isNull() ? QJsonValue() : QJsonValue(operation.claimedBy)},
            {"key_expires_at", KeyWindow(operation, *retention).expiresAt()},
            {"verdict", verdict},
        });
    }
    QVERIFY2(expected.size() > 40, "the simulated queue should span many small pages");
    QVERIFY2(verdicts.size() >= 3, "the simulated queue should hold several verdicts");

    QByteArray first;
    for (int pageSize : {1, 7, 64, Cli::QueueJsonPrinter::DefaultPageSize}) {
        const Printed printed = printQueue(store, *retention, pageSize);
        QVERIFY2(!printed.error, qPrintable(printed.error ? printed.error->message : QString()));
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(printed.text, &parseError);
        QCOMPARE(parseError.error, QJsonParseError::NoError);
        QCOMPARE(document.array(), expected);
        if (first.isEmpty())
            first = printed.text;
        QCOMPARE(printed.text, first); // the page size changes nothing, not even a byte
    }
}

void tst_QueueJson::emptyQueueIsAnEmptyArray()
{
    const QString path = m_dir.filePath(QStringLiteral("empty.sqlite"));
    auto created = StoreFactory::create(path);
    QVERIFY(created);
    const Printed printed = printQueue(**created, 24, 10);
    QVERIFY(!printed.error);
    QCOMPARE(printed.text, QByteArray("[]\n"));
}

void tst_QueueJson::storeGoneMeansAnErrorAndNoHalfMadeJson()
{
    const QString path = m_dir.filePath(QStringLiteral("moved.sqlite"));
    QVERIFY(QFile::copy(m_simulated, path));
    auto opened = StoreFactory::open(path, Store::OpenMode::ReadOnly);
    QVERIFY(opened);
    // This connection still reads the file; the connections the threads open cannot.
    QVERIFY(QFile::remove(path));
    const Printed printed = printQueue(**opened, 24, 10);
    QVERIFY(printed.error);
    QVERIFY2(printed.error->message.contains(QStringLiteral("does not exist")), qPrintable(printed.error->message));
    QCOMPARE(printed.text, QByteArray());
}

void tst_QueueJson::objectTextIsWhatDumpPrints()
{
    const QStringList values = {
        QString(), QStringLiteral(""), QStringLiteral("op_5521"), QStringLiteral("quote \" and backslash \\"),
        QStringLiteral("tab\tnew line\ncarriage\rbell\a back\b feed\f"), QString(QChar(0x01)) + QChar(0x1f) + QChar(0x7f),
        QStringLiteral("Zoë, 東京, 💶"), QStringLiteral("</script>"),
    };
    for (const QString &value : values) {
        std::string text;
        Cli::JsonWriter::ObjectText(text).field("a_number", qint64(-42)).field("b_text", value).close();
        const nlohmann::json document = {{"a_number", -42}, {"b_text", Cli::JsonWriter::text(value)}};
        QCOMPARE(QByteArray::fromStdString(text), QByteArray::fromStdString(document.dump()));
    }
}

QTEST_GUILESS_MAIN(tst_QueueJson)
#include "tst_queuejson.moc"
