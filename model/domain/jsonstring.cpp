#include "domain/jsonstring.h"

namespace RefundDesk {

void appendJsonString(std::string &out, const QString &value)
{
    static constexpr char Hex[] = "0123456789abcdef";
    const QByteArray utf8 = value.toUtf8();
    out += '"';
    for (const char c : utf8) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                out += "\\u00";
                out += Hex[(c >> 4) & 0xf];
                out += Hex[c & 0xf];
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

} // namespace RefundDesk
