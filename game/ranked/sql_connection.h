#pragma once
// The little a store needs from a database: run one statement with text parameters ($1, $2, ...), read rows of text.
// The SQLite and PostgreSQL connections implement it; sql_store.cpp holds every statement once, for both.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ranked {

struct SqlRows {
    std::vector<std::vector<std::string>> rows;  ///< every column as text ("" for NULL)
    std::int64_t changed = 0;                    ///< rows an INSERT/UPDATE/DELETE changed
};

class SqlConnection {
public:
    virtual ~SqlConnection() = default;
    /// Runs one statement; false with the database's message.
    virtual bool exec(const std::string& sql, const std::vector<std::string>& params, SqlRows& out,
                      std::string& why) = 0;
    /// The statement that opens a write transaction (SQLite takes the write lock at once).
    virtual const char* begin() const = 0;
    /// A statement run first in the migration transaction, so two processes never migrate at once ("" = none).
    virtual const char* migrationLock() const = 0;
    /// Appended to a SELECT that reads rows about to be updated (PostgreSQL locks them; SQLite's write lock is whole).
    virtual const char* forUpdate() const = 0;
    /// The same for rows another process may be holding: they are skipped, not waited for (PostgreSQL's SKIP LOCKED;
    /// SQLite's writer is alone anyway).
    virtual const char* forUpdateSkipLocked() const = 0;
};

/// Whether the tables a database holds where the store would make its own are another program's: some, and not the
/// store's `schema_version` among them (every version of the store has it). Says so in why then, naming them (the
/// first eight) and what to give instead: `not a bvh_matchd store (it has tables players, notes; ADVICE)`.
bool anotherProgramsTables(const std::vector<std::string>& tables, const std::string& advice, std::string& why);

std::unique_ptr<SqlConnection> openSqliteConnection(const std::string& path, std::string& why,
                                                    std::int64_t maxPages = 0);
std::unique_ptr<SqlConnection> openPostgresConnection(const std::string& conninfo, std::string& why);
/// The store over an open connection: migrates it, null with why on failure.
std::unique_ptr<class Store> makeSqlStore(std::unique_ptr<SqlConnection> db, std::string& why);

}  // namespace ranked
