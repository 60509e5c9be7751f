#include "game/ranked/sql_connection.h"
#include "game/ranked/store.h"

#ifdef BVH_HAVE_LIBPQ
#include <libpq-fe.h>
#endif

namespace ranked {

#ifdef BVH_HAVE_LIBPQ
namespace {

std::string trimmed(const char* message) {
    std::string s = message ? message : "";
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    return s;
}

// Every session's settings: warnings and errors only (no NOTICE lines on the service's output).
constexpr const char* kSessionSetup = "SET client_min_messages TO WARNING";

class PostgresConnection : public SqlConnection {
public:
    explicit PostgresConnection(PGconn* db) : db_(db) {}
    ~PostgresConnection() override { PQfinish(db_); }

    bool exec(const std::string& sql, const std::vector<std::string>& params, SqlRows& out, std::string& why) override {
        out = SqlRows{};
        std::vector<const char*> values;
        for (const std::string& p : params) values.push_back(p.c_str());
        PGresult* r = PQexecParams(db_, sql.c_str(), int(values.size()), nullptr, values.data(), nullptr, nullptr, 0);
        const ExecStatusType status = PQresultStatus(r);
        if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
            why = trimmed(PQresultErrorMessage(r));
            if (why.empty()) why = trimmed(PQerrorMessage(db_));
            PQclear(r);
            reconnectIfLost();
            return false;
        }
        for (int row = 0; row < PQntuples(r); ++row) {
            std::vector<std::string> cells;
            for (int c = 0; c < PQnfields(r); ++c) cells.emplace_back(PQgetvalue(r, row, c));
            out.rows.push_back(std::move(cells));
        }
        const char* changed = PQcmdTuples(r);
        out.changed = changed && *changed ? std::stoll(changed) : 0;
        PQclear(r);
        return true;
    }
    const char* begin() const override { return "BEGIN"; }
    const char* migrationLock() const override { return "SELECT pg_advisory_xact_lock(7340033)"; }
    const char* forUpdateSkipLocked() const override { return " FOR UPDATE SKIP LOCKED"; }
    const char* forUpdate() const override { return " FOR UPDATE"; }

private:
    // A connection the server dropped (it restarted, or an administrator ended the session) is made again for the
    // next statement; this one has failed, and a transaction it was in is gone (the store's caller sees the failure
    // and starts over). Without this every later statement failed until the service was restarted.
    void reconnectIfLost() {
        if (PQstatus(db_) != CONNECTION_BAD) return;
        PQreset(db_);
        if (PQstatus(db_) == CONNECTION_OK) PQclear(PQexec(db_, kSessionSetup));
    }

    PGconn* db_;
};

}  // namespace

std::unique_ptr<SqlConnection> openPostgresConnection(const std::string& conninfo, std::string& why) {
    PGconn* db = PQconnectdb(conninfo.c_str());
    if (PQstatus(db) != CONNECTION_OK) {
        why = "postgresql: " + trimmed(PQerrorMessage(db));
        PQfinish(db);
        return nullptr;
    }
    SqlRows ignored;
    auto conn = std::make_unique<PostgresConnection>(db);
    if (!conn->exec(kSessionSetup, {}, ignored, why)) return nullptr;
    return conn;
}
#else
std::unique_ptr<SqlConnection> openPostgresConnection(const std::string&, std::string& why) {
    why = "this build has no PostgreSQL support (libpq-dev was missing when it was configured)";
    return nullptr;
}
#endif

namespace {

// False with why (`postgresql: DATABASE (schema SCHEMA): not a bvh_matchd store (it has tables ...)`) when the schema
// the store would use (current_schema(), the first of the search_path) holds another program's tables, or with the
// database's reason when it cannot be read. Reads only. The relations listed are those a CREATE TABLE of the store
// would meet (tables, views, foreign tables: one namespace), in the order they were made, as SQLite's check lists them.
bool schemaIsStoreOrNew(SqlConnection& db, std::string& why) {
    SqlRows rows;
    if (!db.exec("SELECT current_database(), current_schema(), c.relname FROM pg_class c"
                 " JOIN pg_namespace n ON n.oid = c.relnamespace"
                 " WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f') ORDER BY c.oid",
                 {}, rows, why))
        return false;
    std::vector<std::string> tables;
    for (const auto& r : rows.rows) tables.push_back(r[2]);
    if (!anotherProgramsTables(tables, "give an empty database or schema, or one bvh_matchd made", why)) return true;
    why = "postgresql: " + rows.rows[0][0] + " (schema " + rows.rows[0][1] + "): " + why;
    return false;
}

}  // namespace

// Another program's database is refused before the migrations add the store's tables beside its own (or stop at a
// name both use, `relation "players" already exists`).
std::unique_ptr<Store> openPostgresStore(const std::string& conninfo, std::string& why) {
    auto db = openPostgresConnection(conninfo, why);
    if (!db || !schemaIsStoreOrNew(*db, why)) return nullptr;
    return makeSqlStore(std::move(db), why);
}

}  // namespace ranked
