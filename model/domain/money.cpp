#include "domain/money.h"

#include <array>
#include <string_view>

namespace RefundDesk::Money {

namespace {

// The store's amounts are Stripe's, in the unit Stripe's currency guide
// (docs.stripe.com/currencies) gives each currency: whole units for its zero-decimal
// currencies (MGA and UGX too, whatever ISO 4217 says), thousandths for its three-decimal
// ones (the last digit always 0), hundredths for every other. ISK is among those: it became
// zero-decimal in 2023 but stays two-decimal in the API (100 is 1 krona); HUF and TWD are
// whole units in payouts only, which the store never holds.
constexpr std::array<std::string_view, 16> kStripeZeroDecimal = {
    "BIF", "CLP", "DJF", "GNF", "JPY", "KMF", "KRW", "MGA",
    "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF",
};
constexpr std::array<std::string_view, 5> kStripeThreeDecimal = {"BHD", "JOD", "KWD", "OMR", "TND"};

// ISO 4217 codes Stripe does not take, whose minor unit is not 2: an amount in one of them
// did not come from Stripe, and ISO 4217 is the only rule it can follow.
constexpr std::array<std::string_view, 1> kIsoOnlyZeroDecimal = {"UYI"};
constexpr std::array<std::string_view, 2> kIsoOnlyThreeDecimal = {"IQD", "LYD"};
constexpr std::array<std::string_view, 2> kIsoOnlyFourDecimal = {"CLF", "UYW"};

template<size_t N>
bool contains(const std::array<std::string_view, N> &codes, const QByteArray &code)
{
    for (auto candidate : codes) {
        if (candidate == std::string_view(code.constData(), size_t(code.size())))
            return true;
    }
    return false;
}

QString grouped(const QString &digits)
{
    QString result;
    result.reserve(digits.size() + digits.size() / 3);
    for (qsizetype i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            result.append(u',');
        result.append(digits.at(i));
    }
    return result;
}

} // namespace

int minorUnits(const QString &currency)
{
    const QByteArray code = currency.trimmed().toUpper().toLatin1();
    if (contains(kStripeZeroDecimal, code) || contains(kIsoOnlyZeroDecimal, code))
        return 0;
    if (contains(kStripeThreeDecimal, code) || contains(kIsoOnlyThreeDecimal, code))
        return 3;
    if (contains(kIsoOnlyFourDecimal, code))
        return 4;
    return 2;
}

QString formatNumber(qint64 amountMinor, const QString &currency)
{
    const int decimals = minorUnits(currency);
    const bool negative = amountMinor < 0;
    // Work on the unsigned magnitude so that the most negative qint64 has a magnitude too.
    const quint64 magnitude = negative ? quint64(0) - quint64(amountMinor) : quint64(amountMinor);

    QString digits = QString::number(magnitude);
    if (digits.size() <= decimals)
        digits = QString(decimals + 1 - digits.size(), u'0') + digits;

    const QString whole = grouped(digits.left(digits.size() - decimals));
    QString text = negative ? QStringLiteral("-") + whole : whole;
    if (decimals > 0)
        text += u'.' + digits.right(decimals);
    return text;
}

QString format(qint64 amountMinor, const QString &currency)
{
    const QString code = currency.trimmed().toUpper();
    const QString number = formatNumber(amountMinor, currency);
    return code.isEmpty() ? number : number + u' ' + code;
}

QString display(qint64 amountMinor, const QString &currency, const QLocale &locale)
{
    if (locale.language() == QLocale::C)
        return format(amountMinor, currency);
    const QString code = currency.trimmed().toUpper();
    const int decimals = minorUnits(code);
    // The magnitude, signed below: Qt writes a negative amount as accountants do in some
    // locales, "($5.00)", which a person checking a refund may not read as negative.
    const bool negative = amountMinor < 0;
    double value = negative ? -double(amountMinor) : double(amountMinor);
    for (int i = 0; i < decimals; ++i)
        value /= 10;
    const bool ownCurrency = !code.isEmpty() && locale.currencySymbol(QLocale::CurrencyIsoCode) == code;
    const QString symbol = ownCurrency ? locale.currencySymbol(QLocale::CurrencySymbol) : code;
    QString text = locale.toCurrencyString(value, symbol, decimals);
    // A code written next to the digits ("USD38.00") is hard to read: a no-break space
    // goes between them, as CLDR's currency spacing asks for letters.
    if (!ownCurrency && !code.isEmpty()) {
        const qsizetype at = text.indexOf(code);
        if (at >= 0) {
            const qsizetype after = at + code.size();
            if (after < text.size() && text.at(after).isDigit())
                text.insert(after, QChar(0x00A0));
            else if (at > 0 && text.at(at - 1).isDigit())
                text.insert(at, QChar(0x00A0));
        }
    }
    return negative ? locale.negativeSign() + text : text;
}

} // namespace RefundDesk::Money
