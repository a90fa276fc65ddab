#include "clicontext.h"

#include "domain/deskoperator.h"

#include <cstdio>

#include <QCoreApplication>

namespace RefundDesk::Cli {

CliContext::CliContext(const QString &command, const QStringList &arguments)
    : m_command(command)
    , m_arguments(arguments)
    , m_out(stdout)
    , m_err(stderr)
{
    m_parser.setApplicationDescription(QStringLiteral("refund-desk %1").arg(command));
    m_parser.addHelpOption();
}

void CliContext::addDbOption()
{
    m_parser.addOption({QStringLiteral("db"), QCoreApplication::translate("Cli", "The store to work on."), QStringLiteral("PATH")});
}

void CliContext::addPositional(const QString &name, const QString &description, const QString &syntax)
{
    m_parser.addPositionalArgument(name, description, syntax);
    m_positionalSyntax.append(syntax.isEmpty() ? name : syntax);
}

void CliContext::addOperationIdArgument()
{
    addPositional(QStringLiteral("OPERATION_ID"), QCoreApplication::translate("Cli", "The operation, e.g. op_5521."));
}

void CliContext::addOperatorOption()
{
    m_parser.addOption({QStringLiteral("operator"),
                        QCoreApplication::translate("Cli", "Who acts, recorded with what the command writes. Without it: the "
                                                           "name saved in the console, else your login name. On PostgreSQL "
                                                           "the database login is recorded, and another name is refused."),
                        QStringLiteral("NAME")});
}

std::optional<QString> CliContext::chooseOperator()
{
    const QString given = m_parser.value(QStringLiteral("operator")).trimmed();
    if (m_parser.isSet(QStringLiteral("operator")) && given.isEmpty()) {
        usageError(QCoreApplication::translate("Cli", "--operator needs a name; leave it out to act under the name saved in "
                                                      "the console or your login name."));
        return std::nullopt;
    }
    // On PostgreSQL the login is the operator: a name of the desk's own would be refused.
    if (given.isEmpty() && StoreFactory::recordsLoginAsOperator(m_parser.value(QStringLiteral("db"))))
        return QString();
    const QString name = DeskOperator::choose(given);
    if (name.isEmpty()) {
        usageError(QCoreApplication::translate("Cli", "no operator name: the system gives no login name and none was saved "
                                                      "in the console. Say who acts with --operator NAME."));
        return std::nullopt;
    }
    return name;
}

QString CliContext::actingOperator(const QString &chosen, const Store &store)
{
    return chosen.isEmpty() ? store.sessionOperator() : chosen;
}

QString CliContext::helpText() const
{
    // Qt's usage line names the program as it was started ("./refund-desk") and leaves the
    // command out; the rest of its text stays.
    const QString text = m_parser.helpText();
    QString usage = QStringLiteral("refund-desk ") + m_command + u' '
        + QCoreApplication::translate("QCommandLineParser", "[options]");
    for (const QString &syntax : m_positionalSyntax)
        usage += u' ' + syntax;
    const qsizetype end = text.indexOf(u'\n');
    return QCoreApplication::translate("QCommandLineParser", "Usage: %1").arg(usage) + (end < 0 ? QString() : text.mid(end));
}

std::optional<int> CliContext::parse(int minPositional, int maxPositional, const QString &positionalSyntax)
{
    if (!m_parser.parse(m_arguments))
        return usageError(m_parser.errorText());
    if (m_parser.isSet(QStringLiteral("help"))) {
        m_out << helpText();
        m_out.flush();
        return 0;
    }
    const auto count = m_parser.positionalArguments().size();
    if (count < minPositional || count > maxPositional) {
        return usageError(positionalSyntax.isEmpty()
                              ? QCoreApplication::translate("Cli", "unexpected arguments: %1").arg(m_parser.positionalArguments().join(u' '))
                              : QCoreApplication::translate("Cli", "expected %1").arg(positionalSyntax));
    }
    return std::nullopt;
}

std::optional<QString> CliContext::dbPath()
{
    const QString path = m_parser.value(QStringLiteral("db"));
    if (path.isEmpty()) {
        usageError(QCoreApplication::translate("Cli", "--db PATH is required: name the store to work on."));
        return std::nullopt;
    }
    return path;
}

std::unique_ptr<Store> CliContext::openStore(Store::OpenMode mode, int &exitCode, Writes writes)
{
    const auto path = dbPath();
    if (!path) {
        exitCode = 2;
        return nullptr;
    }
    auto store = StoreFactory::open(*path, mode);
    if (!store) {
        exitCode = fail(store.error());
        return nullptr;
    }
    // The store opens read-only when the user may not write it; a write command stops here.
    if (mode == Store::OpenMode::ReadWrite && store.value()->standbyStatus()) {
        exitCode = fail(StandbyStatus::writeRefusal(store.value()->location()));
        return nullptr;
    }
    const bool mayWrite = writes == Writes::ProviderAnswers ? store.value()->keepsProviderAnswers()
                                                            : !store.value()->isReadOnly();
    if (mode == Store::OpenMode::ReadWrite && !mayWrite) {
        exitCode = fail(Error::unavailable(QCoreApplication::translate("Cli", "%1 cannot be written. %2 Nothing was written: ask for "
                                                                              "write access to the file and its folder, or work on a "
                                                                              "writable copy.")
                                               .arg(store.value()->location(), store.value()->openNote())));
        return nullptr;
    }
    if (const auto encryption = store.value()->encryption(); encryption && encryption->isEmpty()) {
        note(QCoreApplication::translate("Cli", "the connection to %1 crosses the network unencrypted; add "
                                                "sslmode=verify-full (and sslrootcert=) to the location.")
                 .arg(store.value()->location()));
    }
    exitCode = 0;
    return std::move(store.value());
}

void CliContext::reportOpenNote(const Store &store)
{
    if (!store.openNote().isEmpty())
        note(store.openNote());
}

void CliContext::say(const QString &message)
{
    m_err << "refund-desk " << m_command << ": " << message << '\n';
    m_err.flush();
}

void CliContext::note(const QString &message)
{
    m_err << "refund-desk " << m_command << ": note: " << message << '\n';
    m_err.flush();
}

int CliContext::fail(const Error &error)
{
    say(error.message);
    return error.exitCode();
}

int CliContext::usageError(const QString &message)
{
    m_err << "refund-desk " << m_command << ": " << message << '\n'
          << QCoreApplication::translate("Cli", "Run 'refund-desk %1 --help' for the options.").arg(m_command) << '\n';
    m_err.flush();
    return 2;
}

std::optional<Operation> CliContext::readOperation(Store &store, const QString &operationId, int &exitCode)
{
    auto found = store.operation(operationId);
    if (!found) {
        exitCode = fail(found.error());
        return std::nullopt;
    }
    if (!found->has_value()) {
        exitCode = fail(Error::usage(
            QCoreApplication::translate("Cli", "There is no operation %1 in %2. Check the id (e.g. op_5521) with 'refund-desk queue'.")
                .arg(operationId, store.location())));
        return std::nullopt;
    }
    return **found;
}

} // namespace RefundDesk::Cli
