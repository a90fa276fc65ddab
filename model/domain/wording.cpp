#include "domain/wording.h"

#include <QCoreApplication>

namespace RefundDesk {

QString worded(const char *context, const char *source, Wording wording)
{
    return wording == Wording::Translated ? QCoreApplication::translate(context, source) : QString::fromUtf8(source);
}

} // namespace RefundDesk
