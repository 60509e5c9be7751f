#pragma once
// A fault schedule of the online simulator: the world (NATs, relay, links, match length, input delay, spectators,
// an attacker) and the faults on a timeline (link changes, bursts of loss, partitions that heal, NAT rebinding, a
// peer paused, a process killed and restarted, attacker packets). generateSchedule(seed) draws one; the same
// schedule as text (scheduleText) reads back with parseSchedule, so a failing run can be kept in a file, edited and
// run again. The text format is one record a line, `#` comments, described in docs/testing.md.
#include "game/simnet/sim_network.h"

#include <cstdint>
#include <string>
#include <vector>

namespace simnet {

/// Who an event is about.
enum class Side : std::uint8_t { Host, Joiner };

/// What happens at an event's time.
enum class FaultKind : std::uint8_t {
    Link,       ///< the side's link becomes `link`
    Burst,      ///< everything the side sends is lost for durationMs
    Partition,  ///< host and joiner cannot reach each other for durationMs
    Pause,      ///< the side's process stops ticking for durationMs (a lag switch, a debugger)
    Rebind,     ///< the side's NAT forgets its mappings (a new public port mid-match)
    Kill,       ///< the side's process dies; it starts again after durationMs (a fresh process, same config)
    Spoof,      ///< the attacker sends `count` datagrams claiming the joiner's address to the host (and back)
    Replay,     ///< the attacker sends again `count` datagrams it saw on the wire, from their real sources
    Forge,      ///< the attacker changes a byte in `count` datagrams it saw and sends them from their sources
    Flood,      ///< the attacker sends `count` Hellos and junk datagrams to the host at once
    Intrude,    ///< a joiner without the room secret tries to take the host's seat
    Guess,      ///< the attacker asks the lobby for `count` guessed room codes
    MadeUp,     ///< the side cheats at a service match: it plays a made-up match in step (its own inputs against a
                ///< standing bot in the opponent's place) and, at the end, sends that match's log with the real
                ///< opponent's countersignatures it holds; the service's settlement must go to the honest log
};
const char* faultName(FaultKind k);

struct Fault {
    std::int64_t atMs = 0;
    FaultKind kind = FaultKind::Link;
    Side side = Side::Host;
    std::int64_t durationMs = 0;
    int count = 0;
    LinkModel link;
};

struct Schedule {
    std::uint64_t seed = 1;  ///< inputs, setup and the network's generator
    int frames = 600;        ///< the match's frame limit
    int inputDelay = 2;      ///< both sides' input delay (-1: automatic from the handshake's ping)
    int maxRollback = 8;
    NatKind nat[2] = {NatKind::None, NatKind::None};  ///< host, joiner
    bool hostRelay = false;                           ///< the host offers a TURN relay (through the lobby)
    bool joinerRelay = false;    ///< the joiner has a TURN relay of its own (the host reaches it through it)
    int joinerPeriodUs = 16667;  ///< the joiner's tick period (a slower or faster machine: time sync works)
    LinkModel link[2];           ///< what host and joiner send suffer at first
    int joinerStartMs = 500;     ///< when the joiner starts (it asks the lobby once the host has a code)
    std::vector<std::int64_t> spectatorStartMs;  ///< one spectator per entry
    std::vector<NatKind> spectatorNat;
    std::vector<Fault> faults;  ///< in time order
};

/// A random schedule of the seed (the explorer's).
Schedule generateSchedule(std::uint64_t seed);
/// The schedule as text (parseSchedule reads it back to the same schedule).
std::string scheduleText(const Schedule& s);
/// Reads a schedule; false with error = "FILE:LINE: what" for anything malformed or out of range.
bool parseSchedule(const std::string& text, const std::string& fileName, Schedule& out, std::string& error);
/// One fault as its schedule line ("at 1200 burst host 800").
std::string faultText(const Fault& f);
/// True when a fault can legitimately end a match early (a side unreachable for long enough, killed or rebound).
bool disruptive(const Fault& f);

}  // namespace simnet
