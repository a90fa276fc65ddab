#pragma once

#include <QString>

namespace RefundDesk {

// Which words a phrase the model builds is given in. A person at the desk reads the
// language of the run; a text that leaves the desk for the provider (the case for Stripe's
// support) keeps the source text, English, whatever the console speaks, with the same
// words the console's English shows.
enum class Wording { Translated, SourceText };

// `source`, marked for translation in `context` with QT_TRANSLATE_NOOP, in `wording`.
QString worded(const char *context, const char *source, Wording wording);

} // namespace RefundDesk
