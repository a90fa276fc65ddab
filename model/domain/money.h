#pragma once

#include <QLocale>
#include <QString>

namespace RefundDesk {

// Amounts travel as integer minor units (cents for USD, yen for JPY). These turn them
// into text a person reads, with as many decimals as ISO 4217 gives the currency.
namespace Money {

// ISO 4217 minor units of a currency code (either case): 0 for JPY, KRW, ...;
// 3 for BHD, KWD, JOD, ...; 4 for CLF, UYW; 2 for everything else, unknown codes included.
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
// format(). Exports, JSON and the audit chain keep format() on every desk.
QString display(qint64 amountMinor, const QString &currency, const QLocale &locale = QLocale());

} // namespace Money

} // namespace RefundDesk
