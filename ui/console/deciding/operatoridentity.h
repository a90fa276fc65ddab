#pragma once

#include <QObject>
#include <QString>

class QWidget;

namespace RefundDesk {

// Who is at the desk: the name every claim and resolution records. At start it comes from
// --operator, else from the name saved by an earlier --operator or File › Change operator
// name…, else it is the login name of the person running the console (the OS user): the
// choice DeskOperator makes, which the commands make alike.
//
// One name is recorded (claimed_by, resolutions.operator): the display name when one was
// chosen, else the login. Not "Name (login)" as well: the operator value is the name
// people type and filter by, so a claim made under "Dana (dana)" would no longer match the
// same person's `release --operator Dana`, the audit would count one person twice, and a
// name holding parentheses could not be told apart. Nor would it prove who acted: on a
// SQLite store the login comes from the environment of whoever opens the file. A login
// of its own, authenticated, needs a column of its own in a later schema version.
class OperatorIdentity final : public QObject
{
    Q_OBJECT

public:
    explicit OperatorIdentity(QObject *parent = nullptr);

    QString name() const { return m_name; }
    bool isKnown() const { return !m_name.isEmpty(); }
    // The name is the person's login name (the default, or chosen to be the same).
    bool isLoginName() const { return isKnown() && m_name == loginName(); }

    // The name at start: `commandLineName` (from --operator) when given, used and saved;
    // else the saved name; else the login name, for this run only.
    void chooseAtStart(const QString &commandLineName);
    // From --operator: used for this run and saved for the next.
    void setFromCommandLine(const QString &name);
    // For this run only, not saved (e.g. a screenshot run that must not ask).
    void useForThisRun(const QString &name);
    // Loads the saved name, if any. Returns whether one was found.
    bool loadSaved();
    // Asks for a name (the current one or the login name as default); saves it.
    // Returns false when the person cancelled.
    bool ask(QWidget *parent);

    // The login name of the person running the program; empty when the system has none.
    static QString loginName();

signals:
    void nameChanged(const QString &name);

private:
    void set(const QString &name, bool save);

    QString m_name;
};

} // namespace RefundDesk
