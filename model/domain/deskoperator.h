#pragma once

#include <QString>

namespace RefundDesk {

// Who acts when the person does not say, chosen alike by the console and the commands:
// the name given (--operator), else the name saved at the console (File › Change operator
// name…, or an earlier --operator of the console), else the login name of the person
// running the program. On PostgreSQL the database login is recorded instead; the store
// says so (Store::sessionOperator), not this.
class DeskOperator final
{
public:
    // `given` trimmed when it is not blank; else saved(); else loginName(). Empty only when
    // the system knows no login name either.
    static QString choose(const QString &given);

    // The name saved for the next start; empty when none was.
    static QString saved();
    // Saves `name` (trimmed) for the next start; a blank name is not saved.
    static void save(const QString &name);

    // The login name of the person running the program; empty when the system has none.
    static QString loginName();
};

} // namespace RefundDesk
