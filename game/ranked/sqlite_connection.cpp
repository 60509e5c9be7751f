#include "game/ranked/sql_connection.h"
#include "game/ranked/store.h"

#include <sqlite3.h>
#include <unistd.h>

#include <cstring>
#include <vector>

namespace ranked {
namespace {

// The errno of the system call behind SQLite's last I/O error. sqlite3_system_errno() is set only on some paths (not
// for a write that fails while a transaction commits, the usual case), so the files' own record of their last
// failure is asked too: the write-ahead log's (where a commit writes), then the database file's.
int lastSystemErrno(sqlite3* db) {
    if (const int e = sqlite3_system_errno(db)) return e;
    sqlite3_file* wal = nullptr;
    int e = 0;
    if (sqlite3_file_control(db, "main", SQLITE_FCNTL_JOURNAL_POINTER, &wal) == SQLITE_OK && wal && wal->pMethods &&
        wal->pMethods->xFileControl(wal, SQLITE_FCNTL_LAST_ERRNO, &e) == SQLITE_OK && e != 0)
        return e;
    e = 0;
    return sqlite3_file_control(db, "main", SQLITE_FCNTL_LAST_ERRNO, &e) == SQLITE_OK ? e : 0;
}

// Which of the store's files cannot be written ("" when all can): SQLite's `attempt to write a readonly database`
// names none, and a start refused on a read-only database leaves its -wal and -shm made with the database's mode, so
// once the database is writable again the -shm alone still refuses every start.
std::string readOnlyFile(sqlite3* db) {
    const char* name = sqlite3_db_filename(db, "main");
    if (!name || !*name) return "";
    for (const std::string& path : {std::string(name), std::string(name) + "-wal", std::string(name) + "-shm"})
        if (::access(path.c_str(), F_OK) == 0 && ::access(path.c_str(), W_OK) != 0) return path;
    return "";
}

// SQLite's message, except for an I/O error whose system reason is known: `disk I/O error` says nothing of why, so
// it becomes what failed and the system's words, as the rest of the program says a failed write (`cannot write: File
// too large` under a file-size limit). A full disk keeps SQLite's own `database or disk is full`.
std::string sqliteReason(sqlite3* db) {
    const int code = sqlite3_extended_errcode(db);
    if ((code & 0xff) == SQLITE_READONLY) {
        const std::string file = readOnlyFile(db);
        if (!file.empty()) return std::string(sqlite3_errmsg(db)) + " (" + file + " is read-only: make it writable)";
    }
    const int err = (code & 0xff) == SQLITE_IOERR ? lastSystemErrno(db) : 0;
    if (err == 0) return sqlite3_errmsg(db);
    const bool reading = code == SQLITE_IOERR_READ || code == SQLITE_IOERR_SHORT_READ;
    const bool writing = code == SQLITE_IOERR_WRITE || code == SQLITE_IOERR_FSYNC || code == SQLITE_IOERR_DIR_FSYNC ||
                         code == SQLITE_IOERR_TRUNCATE || code == SQLITE_IOERR_SHMSIZE;
    const char* what = reading ? "cannot read: " : writing ? "cannot write: " : "disk I/O error: ";
    return what + std::string(std::strerror(err));
}

class SqliteConnection : public SqlConnection {
public:
    explicit SqliteConnection(sqlite3* db) : db_(db) {}
    ~SqliteConnection() override { sqlite3_close(db_); }

    bool exec(const std::string& sql, const std::vector<std::string>& params, SqlRows& out, std::string& why) override {
        out = SqlRows{};
        sqlite3_stmt* st = nullptr;
        if (sqlite3_prepare_v2(db_, sql.c_str(), int(sql.size()), &st, nullptr) != SQLITE_OK) return fail(why);
        for (std::size_t i = 0; i < params.size(); ++i) {
            // Parameters are named $1, $2, ... as PostgreSQL numbers them; SQLite indexes them by first use.
            const int at = sqlite3_bind_parameter_index(st, ("$" + std::to_string(i + 1)).c_str());
            if (at > 0) sqlite3_bind_text(st, at, params[i].c_str(), int(params[i].size()), SQLITE_TRANSIENT);
        }
        int rc = SQLITE_ROW;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            std::vector<std::string> row;
            for (int c = 0; c < sqlite3_column_count(st); ++c) {
                const unsigned char* text = sqlite3_column_text(st, c);
                row.emplace_back(text ? reinterpret_cast<const char*>(text) : "");
            }
            out.rows.push_back(std::move(row));
        }
        sqlite3_finalize(st);
        if (rc != SQLITE_DONE) return fail(why);
        out.changed = sqlite3_changes(db_);
        return true;
    }
    const char* begin() const override { return "BEGIN IMMEDIATE"; }
    const char* migrationLock() const override { return ""; }
    const char* forUpdateSkipLocked() const override { return ""; }
    const char* forUpdate() const override { return ""; }

private:
    bool fail(std::string& why) {
        why = sqliteReason(db_);
        return false;
    }
    sqlite3* db_;
};

bool pragma(sqlite3* db, const char* sql, std::string& why) {
    char* err = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &err) == SQLITE_OK) return true;
    const int code = sqlite3_extended_errcode(db) & 0xff;
    why = code == SQLITE_IOERR || code == SQLITE_READONLY ? sqliteReason(db) : err ? err : sqlite3_errmsg(db);
    sqlite3_free(err);
    return false;
}

// Another program's database is refused before anything in it is changed (the migrations would add our tables to
// it, journal_mode=WAL would switch its journal): a file with no tables is a new store, one with `schema_version` is
// ours (every version of the store has it); any other is not. Reading sqlite_master writes nothing.
bool anotherProgramsDatabase(sqlite3* db, std::string& why) {
    sqlite3_stmt* st = nullptr;
    const char* sql =
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
        "ORDER BY rowid";
    if (sqlite3_prepare_v2(db, sql, -1, &st, nullptr) != SQLITE_OK) return false;  // the open says what is wrong
    std::vector<std::string> tables;
    while (sqlite3_step(st) == SQLITE_ROW)
        tables.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)));
    sqlite3_finalize(st);
    return anotherProgramsTables(tables, "give a new file or one bvh_matchd made", why);
}

}  // namespace

bool sqliteFileIsStoreOrNew(const std::string& path, std::string& why) {
    sqlite3* db = nullptr;
    const bool opened = sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK;
    const bool foreign = opened && anotherProgramsDatabase(db, why);
    sqlite3_close(db);
    if (foreign) why = path + ": " + why;
    return !foreign;
}

std::unique_ptr<SqlConnection> openSqliteConnection(const std::string& path, std::string& why, std::int64_t maxPages) {
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK) {
        why = path + ": " + (db ? sqlite3_errmsg(db) : "cannot open");
        sqlite3_close(db);
        return nullptr;
    }
    // WAL: readers (the leaderboard page) never wait for the writer; synchronous=FULL: a committed result survives
    // a power cut, not only a crash; busy_timeout: a second process waits for the write lock instead of failing.
    sqlite3_busy_timeout(db, 5000);
    if (anotherProgramsDatabase(db, why) || !pragma(db, "PRAGMA journal_mode=WAL", why) ||
        !pragma(db, "PRAGMA synchronous=FULL", why) || !pragma(db, "PRAGMA foreign_keys=ON", why) ||
        (maxPages > 0 && !pragma(db, ("PRAGMA max_page_count=" + std::to_string(maxPages)).c_str(), why))) {
        why = path + ": " + why;
        sqlite3_close(db);
        return nullptr;
    }
    return std::make_unique<SqliteConnection>(db);
}

std::unique_ptr<Store> openSqliteStore(const std::string& path, std::string& why, std::int64_t maxPages) {
    auto db = openSqliteConnection(path, why, maxPages);
    if (!db) return nullptr;
    auto store = makeSqlStore(std::move(db), why);
    if (!store) why = path + ": " + why;
    return store;
}

}  // namespace ranked
