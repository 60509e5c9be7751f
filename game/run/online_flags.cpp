// The online flags (see online_flags.h).
#include "game/run/online_flags.h"

#include "game/io/settings_file.h"
#include "game/io/text.h"
#include "game/net/crypto/random.h"
#include "game/net/crypto/sha256.h"
#include "game/net/udp_transport.h"

#include <algorithm>
#include <cstring>

namespace run {

// Anything else never reaches the resolver, which would otherwise be asked about terminal escapes or megabytes of text.
bool isHostName(const std::string& host) {
    if (host.empty() || host.size() > 253) return false;
    for (char c : host) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                        c == '-' || c == '_';
        if (!ok) return false;
    }
    return true;
}

void addOnlineFlags(io::FlagTable& table, OnlineFlags& out, bool withFighter) {
    table.push_back({"--host", io::Flag::Takes::MaybeValue, [&out](const std::string& v, std::string& error) {
                         out.host = true;
                         std::int64_t port = out.port;
                         if (!v.empty() && !io::flagNumber("--host", v, 0, 65535, port, error)) return false;
                         out.port = static_cast<unsigned short>(port);
                         return true;
                     }});
    table.push_back(io::textFlag("--join", out.join));
    table.push_back({"--lobby", io::Flag::Takes::Value, [&out](const std::string& v, std::string& error) {
                         if (!io::checkHostPort(v, error)) return error = "--lobby: " + error, false;
                         out.lobby = v;
                         return true;
                     }});
    table.push_back(io::textFlag("--code", out.code));
    table.push_back(io::switchFlag("--private-room", out.privateRoom));
    if (withFighter) table.push_back(io::textFlag("--fighter", out.fighter));
    table.push_back(io::numberInto("--input-delay", 0, 4, out.inputDelay));
    table.push_back(io::numberInto("--max-rollback", 1, 30, out.maxRollback));
    table.push_back(io::numberInto("--net-delay", 0, 2000, out.conditions.delayMs));
    table.push_back(io::numberInto("--net-jitter", 0, 2000, out.conditions.jitterMs));
    table.push_back(io::decimalFlag("--net-loss", 0, 100, out.conditions.lossPercent));
    table.push_back(io::decimalFlag("--net-dup", 0, 100, out.conditions.dupPercent));
    table.push_back(io::decimalFlag("--net-reorder", 0, 100, out.conditions.reorderPercent));
    table.push_back(io::uint64Flag("--net-seed", out.netSeed));
}

std::string fighterFlagProblem(const std::string& fighter, const std::string& dataDir,
                               const std::vector<std::string>& ids) {
    if (fighter.empty() || std::find(ids.begin(), ids.end(), fighter) != ids.end()) return "";
    std::string list;
    for (const std::string& id : ids) list += (list.empty() ? "" : ", ") + id;
    return io::badFlagValue("--fighter", "a fighter of " + dataDir + "/fighters (" + list + ")", fighter);
}

std::uint64_t conditionsSeed(const OnlineFlags& f) {
    if (f.netSeed != 0) return f.netSeed;
    std::uint64_t s = 0;
    while (s == 0) {
        if (!net::crypto::randomBytes(&s, sizeof s)) return 0x9e3779b97f4a7c15ULL;  // only the simulator's choices
    }
    return s;
}

const char* rulesBuild() { return BVH_RULES_BUILD; }

net::RulesHasher rulesHasher(const std::string& dataDir) {
    return [dataDir](const std::string& id) -> std::uint64_t {
        if (!net::validFighterId(id)) return 0;
        std::string text;
        io::Error error;
        if (!io::readFile(dataDir + "/fighters/" + id + ".fighter", text, error)) return 0;
        net::crypto::Sha256 h;
        h.update(rulesBuild(), std::strlen(rulesBuild()));
        h.update(text.data(), text.size());
        const auto d = h.finish();
        std::uint64_t v = 0;
        for (int i = 0; i < 8; ++i) v |= std::uint64_t(d[std::size_t(i)]) << (8 * i);
        return v;
    };
}

bool resolveJoinAddress(const std::string& text, net::Address& out, std::string& error, unsigned short defaultPort) {
    std::string host = text;
    std::int64_t port = defaultPort;
    const std::size_t colon = text.rfind(':');
    if (colon != std::string::npos) {
        host = text.substr(0, colon);
        const std::string p = text.substr(colon + 1);
        std::string why;
        if (!io::toInt(p, 1, 65535, port, why)) {
            error = "bad port " + io::quote(p) + " in " + io::quote(text) + " (expected 1..65535)";
            return false;
        }
    }
    if (!isHostName(host)) {
        error = "bad host " + io::quote(host) + " (a name or a dotted IPv4 address)";
        return false;
    }
    if (net::resolveAddress(host, static_cast<unsigned short>(port), out)) return true;
    error = "cannot resolve host " + io::quote(host);
    return false;
}

}  // namespace run
