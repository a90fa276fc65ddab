#include "fakestripecommand.h"

#include "fakestripe.h"

#include <QTest>

namespace RefundDesk::Test {

FakeStripeCommand::FakeStripeCommand(QString key)
    : m_key(std::move(key))
    , m_db(m_dir.filePath(QStringLiteral("store.sqlite")))
    , m_fake(std::make_unique<Testing::FakeStripe>())
{
    m_ready = m_dir.isValid() && m_fake->listenOnLoopback();
    m_fake->setAcceptedKey(m_key.toUtf8());
}

FakeStripeCommand::~FakeStripeCommand() = default;

QProcessEnvironment FakeStripeCommand::environment(const QString &key) const
{
    return stripeEnvironment(key.isEmpty() ? m_key : key, m_fake->baseUrl());
}

TextRun FakeStripeCommand::run(const QStringList &arguments, const QString &key) const
{
    const TextRun result = runRefundDeskServing(arguments, environment(key));
    verifyKeyNotPrinted(result);
    return result;
}

void FakeStripeCommand::verifyKeyNotPrinted(const TextRun &run) const
{
    [&] { QVERIFY2(!run.out.contains(m_key) && !run.err.contains(m_key), "the key was printed"); }();
}

} // namespace RefundDesk::Test
