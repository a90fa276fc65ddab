// fake-stripe: a fake Stripe on 127.0.0.1 for demos and manual tests, serving what a demo
// store's fake provider really did (the truth file `refund-desk demo` writes beside it).
#include "fakestripe.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("A fake Stripe on 127.0.0.1 that serves a demo store's truth file."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("truth"), QStringLiteral("The truth file (JSON Lines) to serve."), QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("port"), QStringLiteral("The port to listen on (0: any free one)."), QStringLiteral("N"),
                      QStringLiteral("0")});
    parser.addOption({QStringLiteral("key"), QStringLiteral("Accept only this key (default: any)."), QStringLiteral("KEY")});
    parser.process(app);

    RefundDesk::Testing::FakeStripe stripe;
    if (parser.isSet(QStringLiteral("truth"))) {
        const QString problem = stripe.truth().load(parser.value(QStringLiteral("truth")));
        if (!problem.isEmpty()) {
            std::fprintf(stderr, "fake-stripe: %s\n", qPrintable(problem));
            return 2;
        }
    }
    if (parser.isSet(QStringLiteral("key")))
        stripe.setAcceptedKey(parser.value(QStringLiteral("key")).toUtf8());
    bool ok = false;
    const int port = parser.value(QStringLiteral("port")).toInt(&ok);
    if (!ok || port < 0 || port > 65535 || !stripe.listenOnLoopback(quint16(port))) {
        std::fprintf(stderr, "fake-stripe: cannot listen on 127.0.0.1:%s\n", qPrintable(parser.value(QStringLiteral("port"))));
        return 1;
    }
    // The first line says where it listens, for a script that asked for any port.
    std::printf("%s\n", qPrintable(stripe.baseUrl()));
    std::fflush(stdout);
    std::fprintf(stderr, "fake-stripe: %zu refunds, %zu events\n", stripe.truth().refunds.size(), stripe.truth().events.size());
    return app.exec();
}
