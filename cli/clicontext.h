#pragma once

#include "domain/error.h"
#include "store/store.h"

#include <optional>

#include <QCommandLineParser>
#include <QStringList>
#include <QTextStream>

#include <memory>

namespace RefundDesk::Cli {

// What every subcommand shares: its arguments and parser, standard output and error,
// and the usual ways to open the store and to report an error with its exit code.
class CliContext final
{
public:
    CliContext(const QString &command, const QStringList &arguments);

    const QString &command() const { return m_command; }
    QCommandLineParser &parser() { return m_parser; }
    QTextStream &out() { return m_out; }
    QTextStream &err() { return m_err; }

    // Adds --db PATH (and -h); call before parse().
    void addDbOption();
    // Adds an argument to the usage line and the help (`syntax` as the usage line shows
    // it, e.g. "[OPERATION_ID]"; the name when empty); call before parse().
    void addPositional(const QString &name, const QString &description, const QString &syntax = {});
    // Adds the OPERATION_ID the command acts on.
    void addOperationIdArgument();

    // Adds --operator NAME; call before parse().
    void addOperatorOption();
    // Who acts, as the console chooses: --operator, else the name saved at the console,
    // else the login name. Empty when the store's database login will be the operator
    // (PostgreSQL; see actingOperator()). Nothing, after a usage error (exit 2), when
    // --operator is given blank or no name can be found.
    std::optional<QString> chooseOperator();
    // The name chooseOperator() gave, or the store's database login when it gave none.
    static QString actingOperator(const QString &chosen, const Store &store);

    // The help text, its usage line naming the command and its arguments.
    QString helpText() const;
    // Parses. Returns the exit code when the command should stop now (bad usage: 2,
    // after printing why; --help: 0, after printing the help), nothing to go on.
    std::optional<int> parse(int minPositional, int maxPositional, const QString &positionalSyntax = {});
    // The --db value; prints a usage error when missing.
    std::optional<QString> dbPath();

    // Opens the --db store; on failure prints the error and sets exitCode.
    // What a command opening the store ReadWrite writes: anything, or only what the
    // provider answered (Store::keepsProviderAnswers(), which a reconciler's login may).
    enum class Writes { Anything, ProviderAnswers };
    std::unique_ptr<Store> openStore(Store::OpenMode mode, int &exitCode, Writes writes = Writes::Anything);

    // Says on standard error how the store was opened when that matters for what the
    // command reports (e.g. a read-only snapshot).
    void reportOpenNote(const Store &store);

    // Prints "refund-desk <command>: <message>" to standard error; returns the exit code.
    int fail(const Error &error);
    // Prints "refund-desk <command>: <message>" to standard error: what goes on, a warning.
    void say(const QString &message);
    // Prints "refund-desk <command>: note: <message>" to standard error: how the store was
    // opened or reached, where it matters for what the command reports.
    void note(const QString &message);
    // Reads the named operation for a write: it must exist, and its current state is what
    // the write will be checked against.
    // On failure, nothing, with `exitCode` set and the reason printed.
    std::optional<Operation> readOperation(Store &store, const QString &operationId, int &exitCode);
    int usageError(const QString &message);

private:
    QString m_command;
    QStringList m_arguments;
    QCommandLineParser m_parser;
    QStringList m_positionalSyntax;
    QTextStream m_out;
    QTextStream m_err;
};

} // namespace RefundDesk::Cli
