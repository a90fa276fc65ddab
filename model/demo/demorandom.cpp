#include "demo/demorandom.h"

namespace RefundDesk::Internal {

namespace {

constexpr quint64 rotl(quint64 x, int k)
{
    return (x << k) | (x >> (64 - k));
}

constexpr char Base62[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
constexpr char Hex[] = "0123456789abcdef";

QString formatUuid(quint64 high, quint64 low)
{
    // Version 4 in the 13th hex digit, variant 10xx in the 17th.
    high = (high & 0xffffffffffff0fffULL) | 0x0000000000004000ULL;
    low = (low & 0x3fffffffffffffffULL) | 0x8000000000000000ULL;
    char text[36];
    int out = 0;
    for (int i = 0; i < 32; ++i) {
        if (i == 8 || i == 12 || i == 16 || i == 20)
            text[out++] = '-';
        const quint64 word = i < 16 ? high : low;
        const int shift = 60 - 4 * (i % 16);
        text[out++] = Hex[(word >> shift) & 0xf];
    }
    return QString::fromLatin1(text, 36);
}

} // namespace

DemoRandom::DemoRandom(quint64 seed)
{
    quint64 x = seed;
    for (auto &word : m_state) {
        x += 0x9e3779b97f4a7c15ULL;
        word = mix(x);
    }
}

quint64 DemoRandom::mix(quint64 z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

quint64 DemoRandom::next()
{
    const quint64 result = rotl(m_state[1] * 5, 7) * 9;
    const quint64 t = m_state[1] << 17;
    m_state[2] ^= m_state[0];
    m_state[3] ^= m_state[1];
    m_state[1] ^= m_state[2];
    m_state[0] ^= m_state[3];
    m_state[2] ^= t;
    m_state[3] = rotl(m_state[3], 45);
    return result;
}

quint64 DemoRandom::below(quint64 bound)
{
    // Lemire's multiply-and-reject: unbiased, and nearly always one draw.
    unsigned __int128 product = static_cast<unsigned __int128>(next()) * bound;
    auto low = static_cast<quint64>(product);
    if (low < bound) {
        const quint64 threshold = (0 - bound) % bound;
        while (low < threshold) {
            product = static_cast<unsigned __int128>(next()) * bound;
            low = static_cast<quint64>(product);
        }
    }
    return static_cast<quint64>(product >> 64);
}

qint64 DemoRandom::between(qint64 low, qint64 high)
{
    if (high <= low)
        return low;
    return low + qint64(below(quint64(high - low) + 1));
}

double DemoRandom::unit()
{
    return double(next() >> 11) * 0x1.0p-53;
}

bool DemoRandom::chance(double probability)
{
    return unit() < probability;
}

qint64 DemoRandom::skewed(qint64 low, qint64 high)
{
    if (high <= low)
        return low;
    low = qMax<qint64>(low, 1);
    int bands = 0;
    while ((low << bands) < high && bands < 62)
        ++bands;
    const int band = int(below(quint64(qMax(bands, 1))));
    const qint64 bandLow = low << band;
    const qint64 bandHigh = qMin(high, (low << (band + 1)) - 1);
    return between(bandLow, qMax(bandLow, bandHigh));
}

QString DemoRandom::uuid4()
{
    const quint64 high = next();
    const quint64 low = next();
    return formatUuid(high, low);
}

QString DemoRandom::token(QLatin1StringView prefix, int length)
{
    QString text;
    text.reserve(prefix.size() + length);
    text.append(prefix);
    quint64 word = 0;
    int left = 0;
    for (int i = 0; i < length; ++i) {
        // 62^10 < 2^64: ten characters from one draw.
        if (left == 0) {
            word = next();
            left = 10;
        }
        text.append(QLatin1Char(Base62[word % 62]));
        word /= 62;
        --left;
    }
    return text;
}

QString DemoRandom::uuidFrom(const QString &text)
{
    // FNV-1a over the UTF-16 code units, then two splitmix rounds for the 128 bits.
    quint64 hash = 0xcbf29ce484222325ULL;
    for (const QChar c : text) {
        hash ^= c.unicode();
        hash *= 0x100000001b3ULL;
    }
    return formatUuid(mix(hash), mix(hash + 0x9e3779b97f4a7c15ULL));
}

} // namespace RefundDesk::Internal
