#pragma once
// The window's online flags: `--host [PORT]`, `--join HOST[:PORT]`, `--fighter ID`, `--input-delay N`,
// `--max-rollback N` and the `--net-*` conditions, parsed into one plain struct that AppFlags holds.
#include "game/net/conditions.h"

#include <string>

namespace app {

/// The default online port (the same as net::kDefaultPort).
constexpr unsigned short kOnlinePort = 7000;

/// Online settings from the command line (and the Online menu).
struct OnlineFlags {
    bool host = false;                  ///< --host [PORT]: wait for an opponent
    unsigned short port = kOnlinePort;  ///< the port to host on
    std::string join;                   ///< --join HOST[:PORT]: connect to a host
    std::string fighter;                ///< --fighter ID: this side's fighter ("" = the first one)
    int inputDelay = 2;                 ///< --input-delay 0-4
    int maxRollback = 8;                ///< --max-rollback 1-30
    net::NetConditions conditions;      ///< --net-delay/jitter/loss/dup/reorder (what this side sends)
    /// True when the command line starts an online match.
    bool active() const { return host || !join.empty(); }
};

/// Parses argv[i] when it is an online flag (advancing i past its value); sets matched. False with error set when
/// the value is bad.
bool parseOnlineFlag(int argc, char** argv, int& i, OnlineFlags& out, bool& matched, std::string& error);

}  // namespace app
