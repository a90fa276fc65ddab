#pragma once

#include "domain/error.h"
#include "domain/operationnote.h"

#include <QString>

#include <optional>

namespace RefundDesk {
class Store;
}

namespace RefundDesk::Internal {

// What both backends refuse in a note before writing it: an empty text, a follow-up date
// that is not a calendar date. (An empty operator is the SQLite side's to refuse; on
// PostgreSQL the login is the operator.)
std::optional<Error> refuseNoteDraft(const NoteDraft &draft);

// The refusal of a write to a table of schema version 2 in a version 1 store: `what` is
// the kind of row ("a note").
Error versionOneRefusal(const QString &location, const QString &what);
// What a command or a lookup that keeps what the provider answered is told by a version 1
// store (no provider lookups there); nothing from a later one.
std::optional<Error> refuseProviderAnswers(const Store &store);

} // namespace RefundDesk::Internal
