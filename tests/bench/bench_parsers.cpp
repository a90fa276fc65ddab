// The readers of webhook payloads side by side, in one run, on the same payloads: the
// payloads of a simulated store, each read by every reader in turn, a round at a time.
// The candidates for the sparse reader's job (the event keys' members only, the same tree
// SparseJsonReader builds): SparseJsonReader itself, simdjson's On-Demand API checking every
// value or skipping the unkept ones unchecked, nlohmann's SAX interface; and for scale the
// whole document (nlohmann, as the full parser reads it) and EventParser::read (a reading
// with its event and columns, as importers and verdicts use it).
// Usage: bench_parsers [--operations N] [--rounds R]. Prints figures and how many payloads
// each reader accepted and read to the same tree as SparseJsonReader; asserts nothing.

#include "ondemandsparsereader.h"
#include "saxsparsereader.h"

#include "demo/demostore.h"
#include "evidence/eventobjectreader.h"
#include "evidence/eventparser.h"
#include "evidence/jsontext.h"
#include "evidence/sparsejsonreader.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QStringList>
#include <QTemporaryDir>

#include <sqlite3.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <functional>
#include <memory>
#include <string>
#include <vector>

using namespace RefundDesk;
using Json = nlohmann::json;

namespace {

struct Reader
{
    const char *name = "";
    // A tree when it accepted; for the whole document and the reading, nullopt and `accepted`.
    std::function<std::optional<Json>(std::string_view, bool &accepted)> read;
    bool sparse; // builds SparseJsonReader's tree, so the two can be compared
    std::vector<double> cpuNs;   // per payload, one figure a round
    std::vector<double> clockNs;
    int accepted = 0;
    int sameTree = 0;
};

double threadCpuNs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e9 + double(t.tv_nsec);
}

double clockNs()
{
    timespec t{};
    clock_gettime(CLOCK_MONOTONIC, &t);
    return double(t.tv_sec) * 1e9 + double(t.tv_nsec);
}

// The full parser's tree cut to what a sparse reader keeps: kept members at every depth,
// arrays whole.
Json filtered(const Internal::SparseJsonReader &keys, const Json &value)
{
    if (value.is_object()) {
        Json out = Json::object();
        for (const auto &[key, member] : value.items()) {
            if (keys.keeps(key))
                out[key] = filtered(keys, member);
        }
        return out;
    }
    if (value.is_array()) {
        Json out = Json::array();
        for (const Json &element : value)
            out.push_back(filtered(keys, element));
        return out;
    }
    return value;
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

std::vector<std::string> simulatedPayloads(int operations)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("demo.sqlite"));
    SimulationOptions options;
    options.operations = operations;
    options.seed = 11;
    options.nowMs = 1'735'000'000'000;
    const auto summary = DemoStore::generate(path, options);
    if (!summary) {
        std::fprintf(stderr, "bench_parsers: %s\n", qPrintable(summary.error().message));
        std::exit(1);
    }
    std::vector<std::string> payloads;
    sqlite3 *db = nullptr;
    sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt *rows = nullptr;
    sqlite3_prepare_v2(db, "SELECT payload FROM webhook_events ORDER BY rowid", -1, &rows, nullptr);
    while (sqlite3_step(rows) == SQLITE_ROW) {
        const auto *bytes = reinterpret_cast<const char *>(sqlite3_column_blob(rows, 0));
        payloads.emplace_back(bytes ? bytes : "", size_t(sqlite3_column_bytes(rows, 0)));
    }
    sqlite3_finalize(rows);
    sqlite3_close(db);
    return payloads;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    int operations = 4000;
    int rounds = 21;
    const QStringList args = app.arguments();
    for (int i = 1; i + 1 < args.size(); ++i) {
        if (args[i] == QLatin1String("--operations"))
            operations = args[++i].toInt();
        else if (args[i] == QLatin1String("--rounds"))
            rounds = args[++i].toInt();
    }

    // Each payload is followed by simdjson's padding, which no reader but one looks at.
    std::vector<std::string> stored = simulatedPayloads(operations);
    std::vector<std::string_view> payloads;
    size_t bytes = 0;
    for (auto &payload : stored) {
        const size_t size = payload.size();
        bytes += size;
        payload.append(Bench::OnDemandSparseReader::padding(), ' ');
        payloads.emplace_back(payload.data(), size);
    }
    bool paddedPayloads = true; // false while the sample files are read

    const Internal::SparseJsonReader &keys = Internal::eventKeysReader();
    using OnDemand = Bench::OnDemandSparseReader;
    const OnDemand baselineChecked(keys, OnDemand::Mode::Validating, OnDemand::Kernel::Baseline);
    const OnDemand baselineSkipping(keys, OnDemand::Mode::Skipping, OnDemand::Kernel::Baseline);
    const OnDemand haswellChecked(keys, OnDemand::Mode::Validating, OnDemand::Kernel::Haswell);
    const OnDemand haswellSkipping(keys, OnDemand::Mode::Skipping, OnDemand::Kernel::Haswell);
    const Bench::SaxSparseReader sax(keys);
    const std::string baselineName = std::string(" (") + baselineChecked.kernelName() + " kernel, the build's)";
    const std::string haswellName = std::string(" (") + haswellChecked.kernelName() + " kernel, this file compiled for AVX2)";
    const std::string names[] = {"simdjson On-Demand, every value checked" + baselineName,
                                 "simdjson On-Demand, unkept values skipped unchecked" + baselineName,
                                 "simdjson On-Demand, every value checked" + haswellName,
                                 "simdjson On-Demand, unkept values skipped unchecked" + haswellName,
                                 "simdjson On-Demand, every value checked, input already padded (no copy)" + baselineName};

    std::vector<Reader> readers;
    const auto add = [&readers](const char *name, decltype(Reader::read) read, bool sparse) {
        Reader reader;
        reader.name = name;
        reader.read = std::move(read);
        reader.sparse = sparse;
        readers.push_back(std::move(reader));
    };
    add("SparseJsonReader (hand-written)",
                       [&](std::string_view text, bool &) { return keys.read(text); }, true);
    add(names[0].c_str(), [&](std::string_view text, bool &) { return baselineChecked.read(text); }, true);
    // As a caller would hand over payloads it keeps in padded buffers (the others copy them).
    add(names[4].c_str(), [&](std::string_view text, bool &) {
        return paddedPayloads ? baselineChecked.readPadded(text) : baselineChecked.read(text);
    }, true);
    add(names[1].c_str(), [&](std::string_view text, bool &) { return baselineSkipping.read(text); }, true);
    add(names[2].c_str(), [&](std::string_view text, bool &) { return haswellChecked.read(text); }, true);
    add(names[3].c_str(), [&](std::string_view text, bool &) { return haswellSkipping.read(text); }, true);
    add("nlohmann SAX", [&](std::string_view text, bool &) { return sax.read(text); }, true);
    add("nlohmann DOM, the whole document (the full parser)",
                       [](std::string_view text, bool &accepted) {
                           auto document = Internal::JsonText::parse(text, EventParser::MaxDepth);
                           accepted = document.ok() && document.value.is_object();
                           return std::optional<Json>();
                       }, false);
    add("EventParser::read (the reading: fast reader, else the full parser)",
                       [](std::string_view text, bool &accepted) {
                           accepted = EventParser::read(text).event.readable;
                           return std::optional<Json>();
                       }, false);

    // What each accepts, and whether its tree is SparseJsonReader's.
    for (const auto &payload : payloads) {
        const std::optional<Json> reference = keys.read(payload);
        for (Reader &reader : readers) {
            bool accepted = false;
            const std::optional<Json> tree = reader.read(payload, accepted);
            if (reader.sparse) {
                accepted = tree.has_value();
                if (tree && reference && *tree == *reference)
                    ++reader.sameTree;
            }
            reader.accepted += accepted ? 1 : 0;
        }
    }

    // The contract on the malformed samples and the fuzzer's seeds: a sparse reader may
    // decline anything (the full parser then answers), but what it accepts must be what the
    // full parser reads, filtered to the kept keys. Beside them, texts where what a reader skips or repeats decides: a bad literal, number,
    // string or object where nobody keeps it, and a repeated kept key.
    std::vector<std::pair<QString, QByteArray>> samples = {
        {QStringLiteral("(skipped bad literal)"), R"({"id":"evt_1","object":"event","created":1,"livemode":tru,"type":"t"})"},
        {QStringLiteral("(skipped bad number)"), R"({"id":"evt_1","object":"event","created":1,"pending_webhooks":01,"type":"t"})"},
        {QStringLiteral("(skipped bad string)"), QByteArray(R"({"id":"evt_1","object":"event","created":1,"api_version":")") + '\x01' + R"(","type":"t"})"},
        {QStringLiteral("(skipped bad object)"), R"({"id":"evt_1","object":"event","created":1,"account":{"a" 1},"type":"t"})"},
        {QStringLiteral("(repeated key)"), R"({"id":"evt_1","object":"event","created":1,"type":"t","id":"evt_2"})"},
    };
    for (const char *folder : {"/tests/data/malformed", "/tests/fuzz/seeds"}) {
        const QDir dir(QStringLiteral(RD_SOURCE_DIR) + QLatin1String(folder));
        for (const QString &name : dir.entryList(QDir::Files, QDir::Name)) {
            QFile file(dir.filePath(name));
            if (file.open(QIODevice::ReadOnly))
                samples.emplace_back(name, file.readAll());
        }
    }
    std::vector<int> wrong(readers.size(), 0);
    const int files = int(samples.size());
    paddedPayloads = false;
    {
        for (const auto &[name, bytes] : samples) {
            const std::string_view text(bytes.constData(), size_t(bytes.size()));
            const auto full = Internal::JsonText::parse(text, EventParser::MaxDepth);
            const bool fullObject = full.ok() && full.value.is_object();
            for (size_t r = 0; r < readers.size(); ++r) {
                if (!readers[r].sparse)
                    continue;
                bool unused = false;
                const std::optional<Json> tree = readers[r].read(text, unused);
                if (tree && (!fullObject || *tree != filtered(keys, full.value))) {
                    ++wrong[r];
                    std::fprintf(stderr, "%s: %s reads it, the full parser %s\n", qPrintable(name), readers[r].name,
                                 fullObject ? "reads otherwise" : "refuses it");
                }
            }
        }
    }

    paddedPayloads = true;
    size_t sink = 0;
    for (int round = 0; round < rounds; ++round) {
        for (size_t k = 0; k < readers.size(); ++k) {
            Reader &reader = readers[(k + size_t(round)) % readers.size()]; // a different order each round
            const double cpu0 = threadCpuNs();
            const double clock0 = clockNs();
            for (const auto &payload : payloads) {
                bool accepted = false;
                const std::optional<Json> tree = reader.read(payload, accepted);
                sink += tree ? tree->size() : size_t(accepted);
            }
            reader.cpuNs.push_back((threadCpuNs() - cpu0) / double(payloads.size()));
            reader.clockNs.push_back((clockNs() - clock0) / double(payloads.size()));
        }
    }

    std::printf("simdjson %s; its run-time choice on this CPU (DOM API): %s; On-Demand's kernel as built: %s\n",
                OnDemand::version(), OnDemand::runtimeImplementation(), baselineChecked.kernelName());
    std::printf("%zu payloads of a simulated store (%d operations, seed 11), %.0f bytes on average; %d rounds\n\n",
                payloads.size(), operations, double(bytes) / double(payloads.size()), rounds);
    std::printf("| reader | accepted | same tree as SparseJsonReader | CPU µs/payload, median | CPU, best round | clock, median | wrong answers on %d samples |\n", files);
    std::printf("| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
    for (const Reader &reader : readers) {
        const QString same = reader.sparse ? QString::number(reader.sameTree) : QStringLiteral("–");
        const size_t r = size_t(&reader - readers.data());
        const QString wrongText = reader.sparse ? QString::number(wrong[r]) : QStringLiteral("–");
        std::printf("| %s | %d | %s | %.2f | %.2f | %.2f | %s |\n", reader.name, reader.accepted, qPrintable(same),
                    median(reader.cpuNs) / 1000, *std::min_element(reader.cpuNs.begin(), reader.cpuNs.end()) / 1000,
                    median(reader.clockNs) / 1000, qPrintable(wrongText));
    }
    std::fprintf(stderr, "(%zu)\n", sink);
    return 0;
}
