#pragma once

#include <QString>

namespace RefundDesk::Internal {

// A text as stored (UTF-8), read back exactly as it was written. QString::fromUtf8 drops a
// byte order mark at the start of its input, which would change a text that begins with
// U+FEFF between writing and reading, and with it the hash of a resolution holding it:
// `verify` would call the row edited. Invalid sequences become U+FFFD, as with fromUtf8.
QString storedText(const char *data, qsizetype size);

} // namespace RefundDesk::Internal
