#pragma once

#include <QtGlobal>

namespace RefundDesk::Internal::DemoTime {

// The simulator's spans of time, in the milliseconds its clock counts.
inline constexpr qint64 Second = 1000;
inline constexpr qint64 Minute = 60 * Second;
inline constexpr qint64 Hour = 60 * Minute;
inline constexpr qint64 Day = 24 * Hour;

} // namespace RefundDesk::Internal::DemoTime
