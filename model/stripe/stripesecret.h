#pragma once

#include "domain/result.h"

#include <QByteArray>
#include <QDebug>
#include <QString>

QT_BEGIN_NAMESPACE
class QDataStream;
QT_END_NAMESPACE

namespace RefundDesk {

class StripeClient;

// A Stripe API key. A value of its own type so that it cannot end up in a message, a log
// line or a file by accident: it has no toString(), no QDebug operator and no way to be
// serialised; only the client reads it, to build the Authorization header.
class StripeSecret final
{
public:
    enum class Kind { Restricted, Secret };
    enum class Mode { Test, Live };

    // The key as given (surrounding white space dropped). Refuses anything that is not a
    // restricted (rk_) or secret (sk_) key of test or live mode; the message never
    // repeats the text.
    static Result<StripeSecret> fromText(const QByteArray &text);

    Kind kind() const { return m_kind; }
    Mode mode() const { return m_mode; }
    // "test mode" or "live mode", for messages.
    QString modeName() const;

private:
    friend class StripeClient;

    StripeSecret(QByteArray key, Kind kind, Mode mode);
    QByteArray authorization() const;

    QByteArray m_key;
    Kind m_kind = Kind::Restricted;
    Mode m_mode = Mode::Test;
};

// Printing or serialising a key is a compile error, not a leak.
QDebug operator<<(QDebug debug, const StripeSecret &secret) = delete;
QDataStream &operator<<(QDataStream &stream, const StripeSecret &secret) = delete;

} // namespace RefundDesk
