// The headless ranked client (see ranked_client.h): hello, queue, poll until a match is made or --wait runs out.
//   game_headless --ranked HOST:PORT [--queue quick|ranked] [--fighter ID] [--wait SECONDS]
// Prints `you: NAME (FP)`, `queued for a ranked match`, then `match ID ranked: p1 FP ryo, p2 FP brick (waited N s)`.
// Exit 0 when matched, 1 when the wait ran out, 2 for a bad flag or a refusal, 3 when the service cannot be reached.
#include "game/ranked/ranked_client.h"

#include "game/io/flag_table.h"
#include "game/ranked/client.h"
#include "game/ranked/service.h"
#include "game/run/identity_file.h"
#include "game/run/online_flags.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <thread>

namespace ranked {
namespace {

std::int64_t wallMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::string describe(const std::string& answer) {  // "match ID KIND KEY1 KEY2 F1 F2" -> with fingerprints
    std::istringstream in(answer);
    std::string ok, match, id, kind, k[2], f[2];
    in >> ok >> match >> id >> kind >> k[0] >> k[1] >> f[0] >> f[1];
    std::string fp[2];
    for (int p = 0; p < 2; ++p) {
        net::IdentityKey key{};
        for (std::size_t i = 0; i < key.size() && k[p].size() == 64; ++i)  // a bad digit reads as 0: no throw
            key[i] = std::uint8_t(std::strtoul(k[p].substr(i * 2, 2).c_str(), nullptr, 16));
        fp[p] = net::fingerprint(key);
    }
    return "match " + id + " " + kind + ": p1 " + fp[0] + " " + f[0] + ", p2 " + fp[1] + " " + f[1];
}

}  // namespace

bool wantsRankedClient(int argc, char** argv) {
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "--ranked") == 0) return true;
    return false;
}

int runRankedClient(int argc, char** argv) {
    std::string service, queue = "ranked", fighter = "ryo";
    std::int64_t waitS = 60;
    const io::FlagTable flags = {io::textFlag("--ranked", service), io::textFlag("--queue", queue),
                                 io::textFlag("--fighter", fighter),
                                 io::numberFlag("--wait", 1, 3600, [&](std::int64_t v) { waitS = v; })};
    std::string why;
    if (!io::parseFlags(argc, argv, flags, why)) {
        std::cerr << "game_headless: " << why << "\nusage: game_headless --ranked HOST:PORT [--queue quick|ranked] "
                  << "[--fighter ID] [--wait SECONDS]\n";
        return 2;
    }
    net::Identity me;
    const std::string path = run::identityPath(why);
    if (path.empty() || !run::loadOrMakeIdentity(path, run::playerName(), me, why)) {
        std::cerr << why << "\n";
        return 2;
    }
    std::cout << "you: " << me.name << " (" << net::fingerprint(me.publicKey) << ")" << std::endl;
    RankedClient client(httpServiceCall(service), me);  // the window's Online screen takes the same path
    const auto step = [&](const ServiceAnswer& answer) -> int {
        if (!answer.reached) return std::cerr << service << ": the service does not answer\n", 3;
        if (answer.text.rfind("ok ", 0) != 0) return std::cerr << service << ": " << answer.text << "\n", 2;
        return 0;
    };
    if (int rc = step(client.hello())) return rc;
    if (int rc = step(client.queue(queue, fighter, run::rulesBuild()))) return rc;
    std::cout << "queued for a " << queue << " match" << std::endl;
    const std::int64_t start = wallMs();
    while (wallMs() - start < waitS * 1000) {
        std::this_thread::sleep_for(std::chrono::milliseconds(250));
        const std::string answer = client.poll().text;
        if (answer.rfind("ok match ", 0) == 0) {
            std::cout << describe(answer) << " (waited " << (wallMs() - start) / 1000 << " s)" << std::endl;
            return 0;
        }
    }
    client.leave();
    std::cout << "no match within " << waitS << " s" << std::endl;
    return 1;
}

}  // namespace ranked
