#include "demostorebench.h"

#include "fakestripe.h"
#include "testpaths.h"

#include "store/store.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QProcess>

#include <sqlite3.h>

namespace RefundDesk::Bench {

QString demoBenchStripeKey()
{
    return QStringLiteral("rk_test_51QxBenchAskQueueKey0123456789abcdef");
}

AppRun runApp(const QStringList &arguments, const QProcessEnvironment &environment)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    QEventLoop loop;
    QObject::connect(&process, &QProcess::finished, &loop, &QEventLoop::quit);
    QObject::connect(&process, &QProcess::errorOccurred, &loop, &QEventLoop::quit);
    process.start(Test::appPath(), arguments);
    loop.exec();
    AppRun result;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    return result;
}

QProcessEnvironment withFakeStripe(QProcessEnvironment environment, const Testing::FakeStripe &fake)
{
    environment.insert(QStringLiteral("STRIPE_API_KEY"), demoBenchStripeKey());
    environment.insert(QStringLiteral("STRIPE_API_BASE"), fake.baseUrl());
    return environment;
}

qint64 sqliteBytes(const QString &path)
{
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK)
        sqlite3_exec(db, "PRAGMA wal_checkpoint(TRUNCATE)", nullptr, nullptr, nullptr);
    sqlite3_close_v2(db);
    return QFileInfo(path).size();
}

QString ratio(double part, double of, int decimals)
{
    return of > 0 ? QString::number(part / of, 'f', decimals) : QStringLiteral("-");
}

std::optional<DemoShape> shapeOf(const QString &path)
{
    auto store = StoreFactory::open(path, Store::OpenMode::ReadOnly);
    if (!store)
        return std::nullopt;
    DemoShape shape;
    const auto seed = (*store)->meta(QStringLiteral("demo_seed"));
    const auto now = (*store)->meta(QStringLiteral("demo_now"));
    const auto counts = (*store)->tableCounts();
    if (!seed || !now || !counts || seed->isEmpty() || now->isEmpty())
        return std::nullopt;
    shape.seed = *seed;
    shape.now = *now;
    shape.operations = counts->operations;
    return shape;
}

void addDemoStoreOptions(QCommandLineParser &parser, const QString &defaultSeed)
{
    parser.addOption({QStringLiteral("operations"), QStringLiteral("Operations in the demo store."), QStringLiteral("N"),
                      QStringLiteral("10000")});
    parser.addOption({QStringLiteral("seed"), QStringLiteral("The demo's seed."), QStringLiteral("S"), defaultSeed});
    parser.addOption({QStringLiteral("demo-store"), QStringLiteral("A demo store to copy rather than build one."),
                      QStringLiteral("DB")});
    parser.addOption({QStringLiteral("demo-truth"), QStringLiteral("The fake provider's truth of --demo-store."),
                      QStringLiteral("FILE")});
}

std::optional<DemoStore> demoStoreFor(const QCommandLineParser &parser, const QString &folder,
                                      const QProcessEnvironment &environment, double shopRefundsPerMinute,
                                      QString &failure)
{
    DemoStore demo;
    if (parser.isSet(QStringLiteral("demo-store"))) {
        demo.store = parser.value(QStringLiteral("demo-store"));
        demo.truth = parser.value(QStringLiteral("demo-truth"));
        if (demo.truth.isEmpty()) {
            failure = QStringLiteral("--demo-store needs its --demo-truth");
            return std::nullopt;
        }
        const auto shape = shapeOf(demo.store);
        if (!shape) {
            failure = QStringLiteral("the demo store %1 cannot be opened or names no demo_seed and demo_now").arg(demo.store);
            return std::nullopt;
        }
        demo.shape = *shape;
        return demo;
    }
    demo.store = QDir(folder).filePath(QStringLiteral("demo.sqlite"));
    demo.truth = QDir(folder).filePath(QStringLiteral("truth.jsonl"));
    demo.shape.seed = parser.value(QStringLiteral("seed"));
    demo.shape.now = QString::number(QDateTime::currentMSecsSinceEpoch());
    demo.shape.operations = parser.value(QStringLiteral("operations")).toLongLong();
    const AppRun built = runApp({QStringLiteral("demo"), QStringLiteral("--db"), demo.store, QStringLiteral("--operations"),
                                 QString::number(demo.shape.operations), QStringLiteral("--seed"), demo.shape.seed,
                                 QStringLiteral("--now"), demo.shape.now, QStringLiteral("--stripe-truth"), demo.truth,
                                 QStringLiteral("--shop-refunds-per-minute"), QString::number(shopRefundsPerMinute)},
                                environment);
    if (built.exitCode != 0) {
        failure = QStringLiteral("demo failed: %1").arg(built.err.trimmed());
        return std::nullopt;
    }
    return demo;
}

QString serveTruth(Testing::FakeStripe &fake, const QString &truthPath)
{
    fake.setAcceptedKey(demoBenchStripeKey().toUtf8());
    if (const QString error = fake.truth().load(truthPath); !error.isEmpty())
        return QStringLiteral("the fake Stripe could not read %1: %2").arg(truthPath, error);
    if (!fake.listenOnLoopback())
        return QStringLiteral("the fake Stripe could not listen on the loopback");
    // The fake sorts its refunds and indexes them by payment and by id on the first listing
    // of each kind it is asked for: over ten million refunds that takes seconds, in the
    // thread that answers. Asked here first, untimed; the benchmarks count requests from
    // their own start.
    QStringList paths{QStringLiteral("/v1/refunds?limit=1"), QStringLiteral("/v1/refunds?payment_intent=pi_warm&limit=1"),
                      QStringLiteral("/v1/events?limit=1")};
    if (!fake.truth().refunds.empty()) {
        const QString id = QString::fromUtf8(fake.truth().refunds.front().id);
        paths << QStringLiteral("/v1/refunds/") + id << QStringLiteral("/v1/refunds?limit=1&starting_after=") + id;
    }
    if (!fake.truth().events.empty())
        paths << QStringLiteral("/v1/events?limit=1&starting_after=") + QString::fromUtf8(fake.truth().events.front().id);
    QNetworkAccessManager network;
    for (const QString &path : std::as_const(paths)) {
        QNetworkRequest request(QUrl(fake.baseUrl() + path));
        request.setRawHeader("Authorization", "Bearer " + demoBenchStripeKey().toUtf8());
        request.setTransferTimeout(0);
        QNetworkReply *reply = network.get(request);
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        loop.exec();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        reply->deleteLater();
        if (status != 200)
            return QStringLiteral("the fake Stripe answered %1 with %2").arg(path).arg(status);
    }
    return {};
}

} // namespace RefundDesk::Bench
