#pragma once

#include <QObject>
#include <QString>

class QWidget;

namespace RefundDesk {

// Who is at the desk: the name every claim and resolution records. It comes from
// --operator, else from the saved setting, else the person is asked once (the system
// user name offered as the default) and the answer is saved.
class OperatorIdentity final : public QObject
{
    Q_OBJECT

public:
    explicit OperatorIdentity(QObject *parent = nullptr);

    QString name() const { return m_name; }
    bool isKnown() const { return !m_name.isEmpty(); }

    // From --operator: used for this run and saved for the next.
    void setFromCommandLine(const QString &name);
    // For this run only, not saved (e.g. a screenshot run that must not ask).
    void useForThisRun(const QString &name);
    // Loads the saved name, if any. Returns whether one was found.
    bool loadSaved();
    // Asks for a name (the current one or the system user name as default); saves it.
    // Returns false when the person cancelled.
    bool ask(QWidget *parent);

    static QString systemUserName();

signals:
    void nameChanged(const QString &name);

private:
    void set(const QString &name, bool save);

    QString m_name;
};

} // namespace RefundDesk
