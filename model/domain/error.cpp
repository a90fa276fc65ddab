#include "domain/error.h"

namespace RefundDesk {

int Error::exitCode() const
{
    switch (kind) {
    case ErrorKind::Internal: return 1;
    case ErrorKind::Usage: return 2;
    case ErrorKind::StoreUnavailable: return 3;
    case ErrorKind::Conflict: return 4;
    case ErrorKind::Refused: return 5;
    case ErrorKind::Broken: return 6;
    }
    return 1;
}

} // namespace RefundDesk
