#include "clicontext.h"

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

std::optional<int> CliContext::parse(int minPositional, int maxPositional, const QString &positionalSyntax)
{
    if (!m_parser.parse(m_arguments))
        return usageError(m_parser.errorText());
    if (m_parser.isSet(QStringLiteral("help"))) {
        m_out << m_parser.helpText();
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

std::unique_ptr<Store> CliContext::openStore(Store::OpenMode mode, int &exitCode)
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
    if (mode == Store::OpenMode::ReadWrite && store.value()->isReadOnly()) {
        exitCode = fail(Error::unavailable(QCoreApplication::translate("Cli", "%1 cannot be written. %2 Nothing was written: ask for "
                                                                              "write access to the file and its folder, or work on a "
                                                                              "writable copy.")
                                               .arg(store.value()->location(), store.value()->openNote())));
        return nullptr;
    }
    if (const auto encryption = store.value()->encryption(); encryption && encryption->isEmpty()) {
        m_err << "note: "
              << QCoreApplication::translate("Cli", "the connection to %1 crosses the network unencrypted; add "
                                                    "sslmode=verify-full (and sslrootcert=) to the location.")
                     .arg(store.value()->location())
              << '\n';
        m_err.flush();
    }
    exitCode = 0;
    return std::move(store.value());
}

void CliContext::reportOpenNote(const Store &store)
{
    if (store.openNote().isEmpty())
        return;
    m_err << "note: " << store.openNote() << '\n';
    m_err.flush();
}

int CliContext::fail(const Error &error)
{
    m_err << "refund-desk " << m_command << ": " << error.message << '\n';
    m_err.flush();
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
