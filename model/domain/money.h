#pragma once

#include <QLocale>
#include <QString>

namespace RefundDesk {

// Amounts travel as integer minor units, as Stripe's API states them (cents for USD, yen
// for JPY, ariary for MGA). These turn them into text a person reads, with as many decimals
// as Stripe's amounts carry in that currency.
namespace Money {

// The decimals of a Stripe amount in a currency (code in either case). Stripe's own rules
// where they differ from ISO 4217: 0 for its zero-decimal currencies (JPY, KRW, MGA, UGX,
// ...), 2 for ISK (ISO says 0), 3 for BHD, JOD, KWD, OMR, TND. Codes Stripe does not take
// keep ISO 4217 (3 for IQD, LYD; 4 for CLF, UYW; 0 for UYI); 2 for everything else,
// unknown codes included.
int minorUnits(const QString &currency);

// "38.00 USD", "3,800 JPY", "1.250 KWD", "-5.00 EUR". Digits grouped by thousands with
// commas and a point before the decimals, whatever the machine's locale, so the text
// pasted to a customer is the same on every desk.
QString format(qint64 amountMinor, const QString &currency);

// The number alone, without the code: "38.00".
QString formatNumber(qint64 amountMinor, const QString &currency);

// For the console's views: the amount as `locale` writes money, "1 234,50 ₽" or
// "38,00 USD" in Russian, "¥1,234.50" in Chinese, "$38.00" in American English; the
// locale's own currency by its symbol, any other by its code. The C locale gives
// format(). A negative amount takes the locale's minus sign. Exports, JSON and the audit
// chain keep format() on every desk.
QString display(qint64 amountMinor, const QString &currency, const QLocale &locale = QLocale());

} // namespace Money

} // namespace RefundDesk
