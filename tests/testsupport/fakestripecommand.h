#pragma once

#include "clirun.h"

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>

namespace RefundDesk::Testing {
class FakeStripe;
}

namespace RefundDesk::Test {

// What a test of a Stripe command (sync-events, ask-stripe) runs refund-desk against: a
// store path in a temporary folder of its own, and the fake Stripe on the loopback
// accepting only `key`. Made in init(), dropped in cleanup().
class FakeStripeCommand final
{
public:
    explicit FakeStripeCommand(QString key);
    ~FakeStripeCommand();
    FakeStripeCommand(const FakeStripeCommand &) = delete;
    FakeStripeCommand &operator=(const FakeStripeCommand &) = delete;

    // The folder is there and the fake Stripe listens.
    bool isReady() const { return m_ready; }
    Testing::FakeStripe &fake() { return *m_fake; }
    // The store's path (nothing is there until the test creates it).
    const QString &db() const { return m_db; }
    // The temporary folder, and a path in it, for other files of the test.
    QString folder() const { return m_dir.path(); }
    QString filePath(const QString &name) const { return m_dir.filePath(name); }

    // A run's environment: `key` (this one's when empty) and the fake Stripe's address.
    QProcessEnvironment environment(const QString &key = {}) const;
    // Runs refund-desk with `key` while this thread serves the fake Stripe; the running
    // test fails when this one's key was printed.
    TextRun run(const QStringList &arguments, const QString &key = {}) const;
    // The test fails when `run` printed this one's key.
    void verifyKeyNotPrinted(const TextRun &run) const;

private:
    QString m_key;
    QTemporaryDir m_dir;
    QString m_db;
    std::unique_ptr<Testing::FakeStripe> m_fake;
    bool m_ready = false;
};

} // namespace RefundDesk::Test
