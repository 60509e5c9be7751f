// The `bvh_matchd` program: the matchmaking service of service.h over HTTP (cpp-httplib), a sibling of `lobby`.
//   bvh_matchd [--port N] [--db PATH | --postgres CONNINFO] [--data DIR]
// POST /request takes a request in requestText's form and answers `ok TEXT` (200) or `refused TEXT` (403, 400 for
// a malformed one); GET /leaderboard, GET /player/KEYHEX, GET /history/KEYHEX and GET /replay/MATCHID read the
// store (pages.h). The queues are
// paired and overdue matches decided every 250 ms. Prints `bvh_matchd on HTTP port N (STORE)` once listening;
// SIGINT/SIGTERM stop it.
#include "game/io/fighter_file.h"
#include "game/io/flag_table.h"
#include "game/ranked/pages.h"
#include "game/ranked/service.h"
#include "game/run/online_flags.h"

#include <httplib.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <thread>

namespace {

volatile std::sig_atomic_t gStop = 0;
extern "C" void onMatchdStop(int) { gStop = 1; }

std::int64_t nowMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

struct Options {
    std::int64_t port = 7200;
    std::string db = "bvh-ranked.db";
    std::string postgres;
    std::string data = BVH_DEFAULT_DATA_DIR;
};

// Every fighter in DATA/fighters, loaded once: the service re-simulates with exactly these.
bool loadFighters(const std::string& data, std::map<std::string, sim::FighterDef>& out, std::string& why) {
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(data + "/fighters", ec)) {
        if (e.path().extension() != ".fighter") continue;
        const std::string id = sim::fighterIdOfPath(e.path().string());
        sim::FighterLoad f = sim::loadFighterById(data, id);
        if (!f.ok) {
            why = f.error.text();
            return false;
        }
        out[id] = std::move(f.def);
    }
    if (ec || out.empty()) why = data + "/fighters: no fighters" + (ec ? " (" + ec.message() + ")" : "");
    return !out.empty();
}

std::string leaderboardText(ranked::Store& store) {
    std::vector<ranked::Standing> rows;
    std::string why;
    if (!store.leaderboard(100, rows, why)) return "error " + why + "\n";
    std::string out;
    int rank = 0;
    for (const ranked::Standing& s : rows) {
        ranked::PlayerRecord p;
        store.player(s.player, p, why);
        char line[256];
        std::snprintf(line, sizeof line, "%d %s %.0f %.0f %d%s %s\n", ++rank, p.code.c_str(), s.rating.rating,
                      s.rating.deviation, s.rating.games, ranked::isProvisional(s.rating) ? " provisional" : "",
                      p.name.c_str());
        out += line;
    }
    return out;
}

void serve(httplib::Server& http, ranked::MatchService& service, ranked::Store& store, std::mutex& lock) {
    http.set_payload_max_length(ranked::kMaxLogBytes + 4096);  // a Result with the largest log, no more
    http.Post("/request", [&](const httplib::Request& req, httplib::Response& res) {
        ranked::Request r;
        std::string why;
        if (!ranked::parseRequestText(req.body, ranked::kMaxLogBytes + 256, r, why)) {
            res.status = 400;
            res.set_content("refused " + why + "\n", "text/plain");
            return;
        }
        std::lock_guard<std::mutex> guard(lock);
        const ranked::Reply reply = service.handle(r, nowMs());
        res.status = reply.ok ? 200 : 403;
        res.set_content((reply.ok ? "ok " : "refused ") + reply.text + "\n", "text/plain");
    });
    http.Get("/leaderboard", [&](const httplib::Request&, httplib::Response& res) {
        std::lock_guard<std::mutex> guard(lock);
        res.set_content(leaderboardText(store), "text/plain");
    });
    http.Get(R"(/replay/(\d{1,19}))", [&](const httplib::Request& req, httplib::Response& res) {
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

int usage(const std::string& what) {
    std::cerr << "bvh_matchd: " << what << "\n"
              << "usage: bvh_matchd [--port N] [--db PATH | --postgres CONNINFO] [--data DIR]\n";
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    Options o;
    const io::FlagTable flags = {io::numberFlag("--port", 0, 65535, [&](std::int64_t v) { o.port = v; }),
                                 io::textFlag("--db", o.db), io::textFlag("--postgres", o.postgres),
                                 io::textFlag("--data", o.data)};
    std::string why;
    if (!io::parseFlags(argc, argv, flags, why)) return usage(why);
    std::map<std::string, sim::FighterDef> fighters;
    if (!loadFighters(o.data, fighters, why)) return usage(why);
    auto store = o.postgres.empty() ? ranked::openSqliteStore(o.db, why) : ranked::openPostgresStore(o.postgres, why);
    if (!store) return usage(why);
    ranked::ServiceConfig config;
    config.rules.rules = run::rulesBuild();
    config.rules.setup.mode = sim::Mode::Versus;
    config.rules.setup.counter = sim::CounterHits::On;
    config.rules.fighter = [&](const std::string& id) -> const sim::FighterDef* {
        const auto it = fighters.find(id);
        return it == fighters.end() ? nullptr : &it->second;
    };
    ranked::MatchService service(*store, config);
    std::mutex lock;
    httplib::Server http;
    serve(http, service, *store, lock);
    const int port = o.port == 0 ? http.bind_to_any_port("0.0.0.0") : (http.bind_to_port("0.0.0.0", int(o.port)) ? int(o.port) : -1);
    if (port < 0) return usage("cannot listen on TCP port " + std::to_string(o.port));
    std::signal(SIGINT, onMatchdStop);
    std::signal(SIGTERM, onMatchdStop);
    std::cout << "bvh_matchd on HTTP port " << port << " (" << (o.postgres.empty() ? o.db : "postgresql") << ")"
              << std::endl;
    std::thread ticker([&] {
        while (!gStop) {
            std::this_thread::sleep_for(std::chrono::milliseconds(250));
            std::lock_guard<std::mutex> guard(lock);
            service.tick(nowMs());
        }
        http.stop();
    });
    http.listen_after_bind();
    gStop = 1;
    ticker.join();
    return 0;
}
