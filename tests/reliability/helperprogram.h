#pragma once

// What the helper programs share. They stand in for the other programs that write the
// store (the agent's refund tool, the webhook receiver, anything holding a lock), so they
// use the plain sqlite3 C API and nothing of Refund Desk.

#include <sqlite3.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <thread>

namespace RefundDesk::Helpers {

inline long long nowMs()
{
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

inline long long steadyMs()
{
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

inline void sleepMs(long long ms)
{
    if (ms > 0)
        std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

// --name value pairs.
class Arguments
{
public:
    Arguments(int argc, char **argv)
    {
        for (int i = 1; i + 1 < argc; i += 2) {
            std::string name = argv[i];
            if (name.rfind("--", 0) == 0)
                m_values[name.substr(2)] = argv[i + 1];
        }
    }
    std::string text(const std::string &name, const std::string &fallback = {}) const
    {
        const auto found = m_values.find(name);
        return found == m_values.end() ? fallback : found->second;
    }
    long long number(const std::string &name, long long fallback) const
    {
        const auto found = m_values.find(name);
        return found == m_values.end() ? fallback : std::atoll(found->second.c_str());
    }

private:
    std::map<std::string, std::string> m_values;
};

// When to stop: a file appearing, a time limit or a count.
class StopCondition
{
public:
    explicit StopCondition(const Arguments &arguments)
        : m_stopFile(arguments.text("stop-file"))
        , m_deadline(steadyMs() + 1000 * arguments.number("max-seconds", 120))
        , m_maxCount(arguments.number("count", -1))
    {
    }
    bool reached(long long count) const
    {
        if (m_maxCount >= 0 && count >= m_maxCount)
            return true;
        if (steadyMs() >= m_deadline)
            return true;
        return !m_stopFile.empty() && std::filesystem::exists(m_stopFile);
    }

private:
    std::string m_stopFile;
    long long m_deadline;
    long long m_maxCount;
};

// One connection, opened the way a well-behaved writer opens the shared store: read-write,
// never creating it, with a busy timeout so that a writer waits its turn.
class Connection
{
public:
    explicit Connection(const std::string &path, int busyTimeoutMs = 5000)
    {
        if (sqlite3_open_v2(path.c_str(), &m_db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
            std::fprintf(stderr, "cannot open %s: %s\n", path.c_str(), sqlite3_errmsg(m_db));
            sqlite3_close_v2(m_db);
            m_db = nullptr;
            return;
        }
        sqlite3_busy_timeout(m_db, busyTimeoutMs);
    }
    ~Connection() { sqlite3_close_v2(m_db); }
    Connection(const Connection &) = delete;
    Connection &operator=(const Connection &) = delete;

    sqlite3 *get() const { return m_db; }
    bool isOpen() const { return m_db != nullptr; }
    // Runs SQL without results; false (with the error printed) on failure.
    bool exec(const char *sql)
    {
        if (sqlite3_exec(m_db, sql, nullptr, nullptr, nullptr) == SQLITE_OK)
            return true;
        std::fprintf(stderr, "%s: %s\n", sql, sqlite3_errmsg(m_db));
        return false;
    }

private:
    sqlite3 *m_db = nullptr;
};

// A prepared statement, finalized when it goes out of scope.
class Statement
{
public:
    Statement(sqlite3 *db, const char *sql)
        : m_db(db)
    {
        if (sqlite3_prepare_v2(db, sql, -1, &m_stmt, nullptr) != SQLITE_OK)
            std::fprintf(stderr, "prepare %s: %s\n", sql, sqlite3_errmsg(db));
    }
    ~Statement() { sqlite3_finalize(m_stmt); }
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;

    Statement &bind(int index, const std::string &value)
    {
        sqlite3_bind_text(m_stmt, index, value.data(), int(value.size()), SQLITE_TRANSIENT);
        return *this;
    }
    Statement &bind(int index, long long value)
    {
        sqlite3_bind_int64(m_stmt, index, value);
        return *this;
    }
    Statement &bindNull(int index)
    {
        sqlite3_bind_null(m_stmt, index);
        return *this;
    }
    // Steps once; returns SQLITE_ROW, SQLITE_DONE or the error (printed). Resets after DONE
    // or an error so that the statement can run again.
    int step()
    {
        const int code = sqlite3_step(m_stmt);
        if (code != SQLITE_ROW) {
            if (code != SQLITE_DONE)
                std::fprintf(stderr, "step %s: %s\n", sqlite3_sql(m_stmt), sqlite3_errmsg(m_db));
            sqlite3_reset(m_stmt);
            sqlite3_clear_bindings(m_stmt);
        }
        return code;
    }
    void reset()
    {
        sqlite3_reset(m_stmt);
        sqlite3_clear_bindings(m_stmt);
    }
    long long integer(int column) const { return sqlite3_column_int64(m_stmt, column); }

private:
    sqlite3 *m_db;
    sqlite3_stmt *m_stmt = nullptr;
};

} // namespace RefundDesk::Helpers
