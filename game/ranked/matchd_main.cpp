// The `bvh_matchd` program: the matchmaking service of service.h over HTTP (cpp-httplib), with the lobby (lobby_server.h)
// embedded on a UDP port for the matches it makes.
//   bvh_matchd [--port N] [--lobby-port N] [--db PATH | --postgres CONNINFO] [--data DIR] [--web DIR]
//              [--rate PER_S] [--burst N] [--regions FILE]
// POST /request takes a request in requestText's form and answers `ok TEXT` (200) or `refused TEXT` (403, 400 for
// a malformed one); GET /leaderboard, GET /player/KEYHEX, GET /history/KEYHEX and GET /replay/MATCHID read the
// store (pages.h), /api/leaderboard and /api/history/KEYHEX the same as JSON for the leaderboard page; any other GET
// is a file of the web viewer's folder. Each source address gets --rate requests a second (bursts of --burst),
// beyond that 429. The queues are paired and overdue matches decided every 250 ms. Prints
// `bvh_matchd on HTTP port N, lobby on UDP port M (STORE)` once listening; SIGINT/SIGTERM stop it. Exit 0, 1 when it
// cannot start, 2 for a wrong flag or a write that failed during the run: a status line, or the store (each said on
// stderr at once, the store's bounded: store_failures.h).
#include "game/io/fighter_file.h"
#include "game/io/flag_table.h"
#include "game/lobby/lobby_server.h"
#include "game/net/udp_transport.h"
#include "game/ranked/connection_guard.h"
#include "game/ranked/pages.h"
#include "game/ranked/service.h"
#include "game/ranked/store_failures.h"
#include "game/run/online_flags.h"
#include "engine/write_signals.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <unistd.h>
#include <httplib.h>
#include <sodium.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <map>
#include <mutex>
#include <thread>

namespace {

volatile std::sig_atomic_t gStop = 0;
extern "C" void onMatchdStop(int) { gStop = 1; }

std::int64_t nowMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

constexpr std::size_t kMaxBodyBytes = ranked::kMaxLogBytes + 4096;  // a Result with the largest log, no more

struct Options {
    std::int64_t port = 7200;
    std::int64_t lobbyPort = -1;  // -1: the HTTP port's number (any free one with --port 0)
    std::string db = "bvh-ranked.db";
    std::string postgres;
    std::string data = BVH_DEFAULT_DATA_DIR;
    std::string web = BVH_DEFAULT_WEB_DIR;
    double rate = 20;
    std::int64_t burst = 40;
    std::string regions;  // "": DATA/regions.cfg when it exists
};

// The service's rules: the build's, the fighters loaded, the region table (a bad line of it is FILE:LINE and no
// service); read before the store is opened, so a bad file leaves no database behind. The lobby's port comes later.
bool serviceConfig(const Options& o, const std::map<std::string, sim::FighterDef>& fighters,
                   ranked::ServiceConfig& config, std::string& why) {
    config.rules.rules = run::rulesBuild();
    config.rules.setup = ranked::serviceBaseSetup();
    config.rules.fighter = [&fighters](const std::string& id) -> const sim::FighterDef* {
        const auto it = fighters.find(id);
        return it == fighters.end() ? nullptr : &it->second;
    };
    config.sharedQueue = !o.postgres.empty();  // other processes on the same database pair from the same table
    std::string regions = o.regions;
    std::error_code ec;
    if (regions.empty() && std::filesystem::exists(o.data + "/regions.cfg", ec)) regions = o.data + "/regions.cfg";
    return regions.empty() || config.regions.load(regions, why);
}

// Requests per second per source address in fixed memory: the lobby's address table (a 4-way set-associative
// table under a keyed hash; a new address takes the least recently seen slot of its set). An IPv6 source is
// counted by a hash of its text.
class HttpLimiter {
public:
    HttpLimiter(double perSecond, int burst) : perSecond_(perSecond), burst_(burst), table_(16384, randomKey()) {}
    bool allow(const std::string& remote, std::int64_t nowMs) {
        std::uint32_t ip = 0;
        if (inet_pton(AF_INET, remote.c_str(), &ip) != 1) ip = std::uint32_t(std::hash<std::string>()(remote));
        std::lock_guard<std::mutex> guard(lock_);
        lobby::AddressState fresh;
        fresh.requests = {double(burst_), nowMs};
        return table_.at(ip, nowMs, fresh).requests.take(perSecond_, burst_, nowMs);
    }

private:
    static std::array<std::uint8_t, 16> randomKey() {
        std::array<std::uint8_t, 16> key{};
        randombytes_buf(key.data(), key.size());
        return key;
    }
    double perSecond_;
    int burst_;
    std::mutex lock_;
    lobby::AddressTable table_;
};

// The lobby the service's matches meet through, on its own thread until gStop.
void runLobby(net::UdpTransport& udp) {
    lobby::Server server(udp, lobby::Limits{}, [](void* out, std::size_t n) {
        randombytes_buf(out, n);
        return true;
    });
    const auto t0 = std::chrono::steady_clock::now();
    while (!gStop) {
        const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0);
        if (server.poll(now.count()) == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

// Every fighter in DATA/fighters, loaded once: the service re-simulates with exactly these.
// A --web folder given on the command line must be one (the default, build/web, may not be built yet: the source
// folder's pages are served either way).
bool webFolderUsable(const std::string& web, std::string& why) {
    std::error_code ec;
    if (web == BVH_DEFAULT_WEB_DIR || std::filesystem::is_directory(web, ec)) return true;
    why = "--web " + web + ": not a folder (the built web viewer, e.g. build/web)";
    return false;
}

bool loadFighters(const std::string& data, std::map<std::string, sim::FighterDef>& out, std::string& why) {
    std::string folderError;
    for (const std::string& id : sim::fighterIdsIn(data, folderError)) {
        sim::FighterLoad f = sim::loadFighterById(data, id);
        if (!f.ok) {
            why = f.error.text();
            return false;
        }
        out[id] = std::move(f.def);
    }
    if (out.empty()) why = data + "/fighters: no fighters" + (folderError.empty() ? "" : " (" + folderError + ")");
    return !out.empty();
}

// The JSON the leaderboard page reads, and the web viewer's files.
void serveWeb(httplib::Server& http, ranked::Store& store, std::mutex& lock, const std::string& web) {
    http.Get("/api/leaderboard", [&](const httplib::Request&, httplib::Response& res) {
        std::lock_guard<std::mutex> guard(lock);
        res.set_content(ranked::leaderboardJson(store), "application/json");
    });
    http.Get(R"(/api/history/([0-9a-f]{64}))", [&](const httplib::Request& req, httplib::Response& res) {
        std::lock_guard<std::mutex> guard(lock);
        res.set_content(ranked::historyJson(store, req.matches[1].str()), "application/json");
    });
    // The built viewer first (build/web: the page, the WebAssembly module, data/), then the source folder, which
    // holds the leaderboard page even before the viewer is built.
    if (!web.empty()) http.set_mount_point("/", web);
    http.set_mount_point("/", BVH_WEB_SOURCE_DIR);
    http.Get("/", [](const httplib::Request&, httplib::Response& res) { res.set_redirect("/leaderboard.html"); });
}

/// Decides what the service marked due: the logs re-simulated outside the lock (every other request goes on being
/// answered meanwhile), the decisions stored under it.
void decideOutsideLock(ranked::MatchService& service, const std::vector<ranked::DecisionInputs>& due,
                       std::mutex& lock) {
    if (due.empty()) return;
    std::vector<ranked::Undecided> undecided;  // out of memory: the match stays open, to be taken again when due
    std::vector<ranked::Decision> decisions = ranked::decideEach(due, service.rules(), undecided);
    for (const ranked::Undecided& u : undecided)
        std::cerr << "bvh_matchd: match " << u.matchId << " not decided now: " << u.why << std::endl;
    std::lock_guard<std::mutex> guard(lock);
    service.commit(decisions);
    for (const ranked::Undecided& u : undecided) service.release(u.matchId);
}

void serve(httplib::Server& http, ranked::MatchService& service, ranked::Store& store, std::mutex& lock) {
    http.set_payload_max_length(kMaxBodyBytes);
    // Each open connection holds one of cpp-httplib's few worker threads: an idle or slow one is let go soon.
    http.set_keep_alive_timeout(1);
    http.set_read_timeout(5);
    http.Post("/request", [&](const httplib::Request& req, httplib::Response& res) {
        ranked::Request r;
        std::string why;
        if (!ranked::parseRequestText(req.body, ranked::kMaxLogBytes + 256, r, why)) {
            res.status = 400;
            res.set_content("refused " + why + "\n", "text/plain");
            return;
        }
        r.address = req.remote_addr;  // the region table places the player by it
        ranked::Reply reply;
        std::vector<ranked::DecisionInputs> due;
        {
            std::lock_guard<std::mutex> guard(lock);
            reply = service.handle(r, nowMs());
            due = service.takeDue();
        }
        decideOutsideLock(service, due, lock);
        res.status = reply.ok ? 200 : 403;
        res.set_content((reply.ok ? "ok " : "refused ") + reply.text + "\n", "text/plain");
    });
    http.Get("/leaderboard", [&](const httplib::Request&, httplib::Response& res) {
        std::lock_guard<std::mutex> guard(lock);
        std::string page, why;
        if (!ranked::leaderboardPage(store, page, why)) page = "error " + why + "\n";
        res.set_content(page, "text/plain");
    });
    http.Get(R"(/replay/(\d{1,19})(?:\.freplay)?)", [&](const httplib::Request& req, httplib::Response& res) {
        std::lock_guard<std::mutex> guard(lock);
        std::string text, why;
        if (!store.replay(std::strtoll(req.matches[1].str().c_str(), nullptr, 10), text, why)) {
            res.status = 404;
            text = why + "\n";
        }
        res.set_content(text, "text/plain");
    });
    http.Get(R"(/history/([0-9a-f]{64}))", [&](const httplib::Request& req, httplib::Response& res) {
        std::lock_guard<std::mutex> guard(lock);
        std::string page, why;
        if (!ranked::historyPage(store, req.matches[1].str(), page, why)) page = "error " + why + "\n";
        res.set_content(page, "text/plain");
    });
    http.Get(R"(/player/([0-9a-f]{64}))", [&](const httplib::Request& req, httplib::Response& res) {
        std::lock_guard<std::mutex> guard(lock);
        std::string page, why;
        if (!ranked::playerPage(store, req.matches[1].str(), page, why)) res.status = 404, page = why + "\n";
        res.set_content(page, "text/plain");
    });
}

void printUsage(std::ostream& out) {
    out << "usage: bvh_matchd [--port N] [--lobby-port N] [--db PATH | --postgres CONNINFO] [--data DIR]\n"
        << "                  [--web DIR] [--rate PER_S] [--burst N] [--regions FILE]\n"
        << "The ranked and quick-match service: HTTP and the lobby's UDP on --port (7200), a SQLite file by default\n"
        << "(--db, bvh-ranked.db) or a PostgreSQL store shared by several processes (--postgres). docs/ranked.md.\n";
}

int usage(const std::string& what) {
    std::cerr << "bvh_matchd: " << what << "\n";
    printUsage(std::cerr);
    return 2;
}

// The SQLite file's path, checked before anything is created beside it (the lock file, SQLite's -wal and -shm):
// a folder, or a file in a folder that does not exist, is named with what is wrong.
bool sqlitePathUsable(const std::string& db, std::string& why) {
    std::error_code ec;
    const std::filesystem::path path(db);
    const std::filesystem::path folder = path.has_parent_path() ? path.parent_path() : ".";
    if (std::filesystem::is_directory(path, ec))
        why = "--db " + db + ": is a folder, not a database file (name the SQLite file, e.g. " + db + "/ranked.db)";
    else if (!std::filesystem::exists(folder, ec))
        why = "--db " + db + ": the folder " + folder.string() +
              (ec ? " cannot be read: " + ec.message() : " does not exist");
    else if (!std::filesystem::is_directory(folder, ec))
        why = "--db " + db + ": " + folder.string() + " is not a folder";
    return why.empty();
}

// An exclusive flock on PATH, opened (made if missing) with FLAGS; false with `why` said when the file cannot be
// opened, false with `why` empty when another process holds the lock. On success the descriptor is never closed:
// the lock lasts the process.
bool flockForLife(const std::string& path, int flags, bool& held, std::string& why) {
    const int fd = ::open(path.c_str(), flags | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        why = path + ": " + std::strerror(errno);
        return false;
    }
    held = ::flock(fd, LOCK_EX | LOCK_NB) != 0;
    if (held) ::close(fd);
    return !held;
}

// One process per SQLite file: with SQLite the queue lives in the process's memory, so a second process on the same
// file would split the players in two without a word. Two locks, both held until the process ends, however it ends:
// - flock on REAL.lock, REAL the path with its symbolic links resolved, so that every name reaching the file through
//   a symbolic link takes the same lock file (and an older bvh_matchd, which locks FILE.lock, is still met);
// - flock on the database file itself, which a hard link (a second name of the same file, no link to resolve)
//   reaches too. flock and SQLite's POSIX (fcntl) locks are independent on Linux, but closing any descriptor of the
//   file drops every POSIX lock the process holds on it, SQLite's included: this descriptor is therefore never
//   closed (the system closes it at exit, after SQLite has let its locks go). Opened read-only: a read-only database
//   is still locked, and the file is not written.
bool lockSqliteFile(const std::string& db, std::string& why) {
    std::error_code ec;
    const std::filesystem::path real = std::filesystem::weakly_canonical(db, ec);
    const std::string lockPath = (ec ? std::filesystem::path(db) : real).string() + ".lock";
    bool held = false;
    if (flockForLife(lockPath, O_RDWR, held, why) && flockForLife(db, O_RDONLY, held, why)) return true;
    if (held)
        why = db +
              " is in use by another bvh_matchd: one SQLite file serves one process (its queue is in that "
              "process's memory); run one, or share one queue between processes with --postgres";
    return false;
}

// A status line on stdout. One that cannot be written (a full disk, a reader gone) is said on stderr once, at once
// (`bvh_matchd: cannot write the output (stdout): REASON`), and the service goes on serving: its players need no
// stdout. The exit status says it at the end (io::failOnLostStdout: 2).
void sayStatus(const std::string& line) {
    std::cout << line << std::endl;
    io::watchStdout();  // the system's reason, kept before anything else can change errno
    io::stdoutWritten("bvh_matchd");
}

// What stops the service from starting once its flags are right (a data file, the store, a port): said alone, exit 1.
int cannotStart(const std::string& what) {
    std::cerr << "bvh_matchd: " << what << "\n";
    return 1;
}

// A request whose Content-Length the service would not take: 0, or the status it is answered with. cpp-httplib
// answers a length over set_payload_max_length only once it has read that many bytes or the sender stalls for its
// read timeout (a sender that goes on trickling keeps the connection); here it is answered before the body is read,
// and the connection closed.
int bodyRefusal(const httplib::Request& req, std::string& why) {
    const std::string length = req.get_header_value("Content-Length");
    if (length.empty()) return 0;
    if (length.find_first_not_of("0123456789") != std::string::npos) return why = "Content-Length is not a number", 400;
    const std::size_t first = length.find_first_not_of('0');  // leading zeros count for nothing
    if (first == std::string::npos ||
        (length.size() - first <= 12 && std::stoull(length.substr(first)) <= kMaxBodyBytes))
        return 0;
    return why = "the body is larger than " + std::to_string(kMaxBodyBytes) + " bytes", 413;
}

// Every request first: its source address within its rate, else 429 and nothing else done; then a body the service
// would not take (bodyRefusal).
void limitSources(httplib::Server& http, HttpLimiter& limiter) {
    http.set_pre_routing_handler([&](const httplib::Request& req, httplib::Response& res) {
        std::string why = "too many requests from your address; wait a little";
        const int status = limiter.allow(req.remote_addr, nowMs()) ? bodyRefusal(req, why) : 429;
        if (status == 0) return httplib::Server::HandlerResponse::Unhandled;
        res.status = status;
        res.set_header("Connection", "close");
        res.set_content("refused " + why + "\n", "text/plain");
        return httplib::Server::HandlerResponse::Handled;
    });
}

constexpr int kHttpThreads = 64;                  // connections served at once
constexpr int kConnectionsPerAddress = 16;        // open at once from one address (players behind one NAT share it)
constexpr std::int64_t kConnectionMaxMs = 30000;  // a Result of 4 MB at about 1 Mbit/s

// Binds the HTTP port (0: any free one); the port, or -1. cpp-httplib's default socket options set SO_REUSEPORT on
// Linux, which let a second service bind the same port and take a share of the connections (a player's requests
// then went to two services, two stores). SO_REUSEADDR only: a restarted service still binds while the old
// connections wait out TIME_WAIT, and a second one while the first runs is refused.
int bindHttp(httplib::Server& http, int port) {
    // A thread per connection from a pool (a slow sender holds one: ConnectionGuard bounds what one address holds and
    // for how long), one request per connection (our clients make a connection per request anyway).
    http.new_task_queue = [] { return new httplib::ThreadPool(kHttpThreads); };
    http.set_keep_alive_max_count(1);
    static socket_t listening = -1;
    http.set_socket_options([](socket_t sock) {
        int yes = 1;
        ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        listening = sock;
    });
    const int bound = port == 0 ? http.bind_to_any_port("0.0.0.0") : (http.bind_to_port("0.0.0.0", port) ? port : -1);
    // cpp-httplib listens with a backlog of 5: a burst of connections (a crowd polling at once, or the guard's
    // shutdowns waking threads) overflowed it, and each dropped connection waited a second for its SYN to be sent
    // again. listen() again on the same socket takes the system's largest backlog.
    if (bound >= 0 && listening >= 0) ::listen(listening, SOMAXCONN);
    return bound;
}

// Both ports, taken before the store is opened: a port in use (another service, a wrong --port) stops the start with
// no database or lock file made (an empty one was left behind before). The HTTP port's number, or -1 with why.
int bindPorts(const Options& o, httplib::Server& http, net::UdpTransport& udp, std::string& why) {
    const int port = bindHttp(http, int(o.port));
    if (port < 0) {
        why = "cannot listen on TCP port " + std::to_string(o.port) + " (in use, or not allowed)";
        return -1;
    }
    return udp.open(static_cast<unsigned short>(o.lobbyPort < 0 ? port : o.lobbyPort), why) ? port : -1;
}

}  // namespace

/// Every 250 ms until a stop signal: the slow connections let go, the queues paired, what is due decided; then
/// the HTTP server stopped.
void runTicker(httplib::Server& http, ranked::MatchService& service, std::mutex& lock, int port,
               ranked::StoreFailureLog& storeFailures) {
    ranked::ConnectionGuard connections(port, kConnectionsPerAddress, kConnectionMaxMs);
    while (!gStop) {
        std::this_thread::sleep_for(std::chrono::milliseconds(250));
        connections.sweep(nowMs());
        std::vector<ranked::DecisionInputs> due;
        {
            std::lock_guard<std::mutex> guard(lock);
            service.tick(nowMs());
            due = service.takeDue();
            std::cerr << storeFailures.due(nowMs());  // the counts of failures held back, once their minute is over
        }
        decideOutsideLock(service, due, lock);
    }
    http.stop();
}

/// Serves until a stop signal on the ports bindPorts took: the HTTP service, the lobby, the ticker. 0, or 2 when the
/// store failed during the run (each failure said on stderr as it came, and a summary at the end).
int runService(const Options& o, httplib::Server& http, int port, net::UdpTransport& udp, ranked::Store& store,
               ranked::ServiceConfig config) {
    config.lobbyPort = udp.localPort();
    // The store's failures on stderr, bounded (store_failures.h); noted under the service's lock, as is every call.
    ranked::StoreFailureLog storeFailures("bvh_matchd: ");
    config.onStoreFailure = [&storeFailures](const std::string& reason) {
        std::cerr << storeFailures.note(reason, nowMs());
    };
    ranked::MatchService service(store, config);
    std::mutex lock;
    HttpLimiter limiter(o.rate, int(o.burst));
    limitSources(http, limiter);
    serve(http, service, store, lock);
    serveWeb(http, store, lock, o.web);
    std::signal(SIGINT, onMatchdStop);
    std::signal(SIGTERM, onMatchdStop);
    sayStatus("bvh_matchd on HTTP port " + std::to_string(port) + ", lobby on UDP port " +
              std::to_string(udp.localPort()) + " (" + (o.postgres.empty() ? o.db : "postgresql") + ")");
    std::thread lobbyThread([&] { runLobby(udp); });
    std::thread ticker([&] { runTicker(http, service, lock, port, storeFailures); });
    http.listen_after_bind();
    gStop = 1;
    ticker.join();
    lobbyThread.join();
    const std::string failed = storeFailures.summary();  // the operator learns of a failing store at the end too
    std::cerr << failed;
    sayStatus("bvh_matchd stopped");
    return failed.empty() ? 0 : 2;
}

int main(int argc, char** argv) {
    engine::failWritesInsteadOfDying();  // a full disk, a size limit or a gone reader: said, not a silent death
    io::failOnLostStdout("bvh_matchd");  // the usage or a status line lost: said, and the exit status is 2
    Options o;
    bool dbGiven = false;
    const io::FlagTable flags = {io::numberFlag("--port", 0, 65535, [&](std::int64_t v) { o.port = v; }),
                                 io::numberFlag("--lobby-port", 0, 65535, [&](std::int64_t v) { o.lobbyPort = v; }),
                                 io::noting(io::textFlag("--db", o.db), dbGiven),
                                 io::textFlag("--postgres", o.postgres),
                                 io::textFlag("--data", o.data),
                                 io::textFlag("--web", o.web),
                                 io::decimalFlag("--rate", 0.1, 1000000, o.rate),
                                 io::numberFlag("--burst", 1, 1000000, [&](std::int64_t v) { o.burst = v; }),
                                 io::textFlag("--regions", o.regions)};
    if (io::helpAsked(argc, argv)) {
        printUsage(std::cout);
        return 0;
    }
    std::string why;
    if (!io::parseFlags(argc, argv, flags, why)) return usage(why);
    if (dbGiven && !o.postgres.empty()) return usage("give one of --db PATH and --postgres CONNINFO");
    if (sodium_init() < 0) return cannotStart("libsodium did not start (no system randomness)");
    std::map<std::string, sim::FighterDef> fighters;
    ranked::ServiceConfig config;
    if (!loadFighters(o.data, fighters, why) || !webFolderUsable(o.web, why) ||
        !serviceConfig(o, fighters, config, why))
        return cannotStart(why);
    httplib::Server http;
    net::UdpTransport udp({}, 1);
    const int port = bindPorts(o, http, udp, why);
    if (port < 0) return cannotStart(why);
    if (o.postgres.empty() &&
        (!sqlitePathUsable(o.db, why) || !ranked::sqliteFileIsStoreOrNew(o.db, why) || !lockSqliteFile(o.db, why)))
        return cannotStart(why);
    auto store = o.postgres.empty() ? ranked::openSqliteStore(o.db, why) : ranked::openPostgresStore(o.postgres, why);
    if (!store) return cannotStart(why);
    return runService(o, http, port, udp, *store, std::move(config));
}
