#include "store/storedtext.h"

#include <QStringDecoder>

#include <cstring>

namespace RefundDesk::Internal {

QString storedText(const char *data, qsizetype size)
{
    if (size < 3 || std::memcmp(data, "\xEF\xBB\xBF", 3) != 0)
        return QString::fromUtf8(data, size);
    QStringDecoder decoder(QStringDecoder::Utf8,
                           QStringDecoder::Flag::Stateless | QStringDecoder::Flag::ConvertInitialBom);
    return decoder(QByteArrayView(data, size));
}

} // namespace RefundDesk::Internal
