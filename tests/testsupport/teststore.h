#pragma once

#include "domain/attempt.h"
#include "domain/error.h"
#include "domain/operation.h"
#include "domain/resolution.h"
#include "domain/webhookevent.h"

#include <QString>
#include <QTest>

struct sqlite3;

namespace RefundDesk::Test {

// A store for one test, created with the product's schema and filled by explicit SQL on
// its own connection — the way the agent's tool and the webhook receiver write it.
class TestStore final
{
public:
    // Creates the store at `path` (which must not exist yet).
    explicit TestStore(const QString &path);
    ~TestStore();
    TestStore(const TestStore &) = delete;
    TestStore &operator=(const TestStore &) = delete;

    bool isValid() const { return m_db != nullptr; }
    const QString &path() const { return m_path; }
    const QString &lastError() const { return m_lastError; }

    bool exec(const QString &sql);
    // A single integer or text answer, for assertions.
    qint64 queryInt(const QString &sql);
    QString queryText(const QString &sql);

    bool addOperation(const Operation &operation);
    bool addAttempt(const Attempt &attempt);
    bool addEvent(const WebhookEvent &event);

    // An operation as the refund tool leaves it: defaults for what the test doesn't care about.
    static Operation operation(const QString &operationId, OperationStatus status = OperationStatus::Unknown,
                               qint64 updatedAt = 1'700'000'000'000);
    // A Stripe-shaped refund event payload.
    static QString refundEventPayload(const QString &eventId, const QString &type, const QString &refundId,
                                      const QString &status, qint64 amount, const QString &currency,
                                      const QString &operationId, const QString &idempotencyKey, qint64 created);

private:
    sqlite3 *m_db = nullptr;
    QString m_path;
    QString m_lastError;
};

} // namespace RefundDesk::Test

// QCOMPARE prints the model's enums by name.
namespace QTest {
template<> inline char *toString(const RefundDesk::OperationStatus &status)
{
    return qstrdup(qPrintable(RefundDesk::Names::toString(status)));
}
template<> inline char *toString(const RefundDesk::AttemptOutcome &outcome)
{
    return qstrdup(qPrintable(RefundDesk::Names::toString(outcome)));
}
template<> inline char *toString(const RefundDesk::Outcome &outcome)
{
    return qstrdup(qPrintable(RefundDesk::Names::toString(outcome)));
}
template<> inline char *toString(const RefundDesk::ErrorKind &kind)
{
    return qstrdup(QByteArray::number(int(kind)).constData());
}
} // namespace QTest
