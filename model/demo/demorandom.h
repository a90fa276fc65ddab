#pragma once

#include <QString>

#include <array>

namespace RefundDesk::Internal {

// The simulator's source of chance: xoshiro256** seeded through splitmix64. Every draw is
// integer arithmetic (or an exact conversion to double), so a seed gives the same store
// with any compiler and standard library; std::uniform_int_distribution would not.
class DemoRandom final
{
public:
    explicit DemoRandom(quint64 seed);

    quint64 next();
    // Uniform in [0, bound); bound > 0.
    quint64 below(quint64 bound);
    // Uniform in [low, high], both included.
    qint64 between(qint64 low, qint64 high);
    // Uniform in [0, 1), 53 bits.
    double unit();
    bool chance(double probability);
    // Skewed towards low: uniform within a power-of-two band picked uniformly, so that
    // seconds and hours are as likely as each other between 1 s and 10 h, say.
    qint64 skewed(qint64 low, qint64 high);

    // A random version-4 UUID in its canonical lower-case form.
    QString uuid4();
    // prefix followed by `length` base-62 characters, the shape of Stripe's and the
    // agent's ids (evt_…, re_…, toolu_01…).
    QString token(QLatin1StringView prefix, int length);

    // splitmix64's output function: a good 64-bit mix of one value.
    static quint64 mix(quint64 value);
    // A version-4-shaped UUID derived from the text alone (the same text, the same UUID).
    static QString uuidFrom(const QString &text);

private:
    std::array<quint64, 4> m_state{};
};

} // namespace RefundDesk::Internal
