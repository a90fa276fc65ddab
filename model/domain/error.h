#pragma once

#include <QString>

namespace RefundDesk {

// What went wrong, in the terms a caller acts on. The command line maps each kind to its
// exit code; the console picks how to show it.
enum class ErrorKind {
    Internal,          // a bug or an unexpected failure of the platform
    Usage,             // the request itself is malformed
    StoreUnavailable,  // missing, not a store, newer schema, read-only, busy, I/O
    Conflict,          // the operation changed since it was read
    Refused,           // the rules say no (missing refund id, contradicting evidence, ...)
    Broken,            // verify found the audit chain or an invariant broken
};

struct Error
{
    ErrorKind kind = ErrorKind::Internal;
    QString message;

    // Exit code of the command line for this kind of error (DESIGN.md, "Command line").
    int exitCode() const;

    static Error internal(const QString &message) { return {ErrorKind::Internal, message}; }
    static Error usage(const QString &message) { return {ErrorKind::Usage, message}; }
    static Error unavailable(const QString &message) { return {ErrorKind::StoreUnavailable, message}; }
    static Error conflict(const QString &message) { return {ErrorKind::Conflict, message}; }
    static Error refused(const QString &message) { return {ErrorKind::Refused, message}; }
    static Error broken(const QString &message) { return {ErrorKind::Broken, message}; }
};

} // namespace RefundDesk
