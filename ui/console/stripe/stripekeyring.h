#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>

#include <functional>

namespace RefundDesk {

// Where the console keeps a Stripe key between runs: the desktop's keyring (the Secret
// Service through QtKeychain), one entry per store location. Its calls answer later, so
// the window never waits on the keyring. Tests put a keyring of their own in its place.
class StripeKeyring : public QObject
{
    Q_OBJECT

public:
    enum class Found { Key, None, NoKeyring };
    // `why`: one sentence when there is no keyring to ask.
    using ReadDone = std::function<void(Found found, const QByteArray &key, const QString &why)>;
    // `why` is empty when it was done.
    using WriteDone = std::function<void(const QString &why)>;

    using QObject::QObject;

    virtual void read(const QString &location, ReadDone done) = 0;
    virtual void write(const QString &location, const QByteArray &key, WriteDone done) = 0;
    virtual void forget(const QString &location, WriteDone done) = 0;

    // The desktop's keyring.
    static StripeKeyring *desktop(QObject *parent);
};

} // namespace RefundDesk
