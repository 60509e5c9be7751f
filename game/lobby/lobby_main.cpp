// The `lobby` program: the rendezvous server of lobby_server.h on a UDP port, until SIGINT or SIGTERM.
//   lobby [--port N] [--max-rooms N] [--lifetime S] [--max-spectators N] [--rate R] [--burst N]
//         [--rooms-per-address N] [--wrong-codes PER_MINUTE] [--wrong-codes-all PER_SECOND] [--stats S]
// Prints `lobby on UDP port N` once listening, a counters line every --stats seconds (0: never) and at the end. A
// stdout that cannot take them (a full disk) is said at once, `lobby: cannot write the output (stdout): REASON`; the
// lobby serves on (the players keep their rooms) and exits 2 when stopped.
#include "game/io/flag_table.h"
#include "game/lobby/lobby_server.h"
#include "game/net/udp_transport.h"
#include "engine/write_signals.h"

#include <sodium.h>

#include <chrono>
#include <csignal>
#include <iostream>
#include <thread>

namespace {

volatile std::sig_atomic_t gStop = 0;
extern "C" void onLobbyStop(int) { gStop = 1; }

/// After a status line: a stdout that lost it is said at once (once), with the reason its write failed.
void checkStdout() {
    io::watchStdout();  // the write's own errno, before anything else can change it
    io::stdoutWritten("lobby");
}

void printCounters(const lobby::Server& s) {
    const lobby::Counters& c = s.counters();
    std::cout << "rooms: " << s.liveRooms() << " live, " << s.heldRooms() << " held; created " << c.created
              << ", joined " << c.joined << ", spectating " << c.spectating << "; received " << c.received
              << ", malformed " << c.malformed << ", rate-limited " << c.limited << "; refused: wrong code "
              << c.refusedWrongCode << ", expired " << c.refusedExpired << ", full " << c.refusedFull << ", lobby full "
              << c.refusedBusy << ", slow " << c.refusedSlow << ", not yours " << c.refusedNotYours << "; retries "
              << c.retries << ", unanswered " << c.unanswered << ", other version " << c.outdated << ", lookups "
              << c.lookups << ", guess-limited " << c.guessLimited << ", room-limited " << c.roomLimited
              << ", seat-limited " << c.seatLimited << std::endl;
    checkStdout();  // the exit status says it again
}

void printUsage(std::ostream& out) {
    out << "usage: lobby [--port N] [--max-rooms N] [--lifetime SECONDS] [--max-spectators N] [--rate PER_S]\n"
        << "             [--burst N] [--rooms-per-address N] [--wrong-codes PER_MINUTE]\n"
        << "             [--wrong-codes-all PER_SECOND] [--stats SECONDS]\n"
        << "  (docs/netcode.md#lobby says what each limit does)\n";
}

int usage(const std::string& what) {
    std::cerr << "lobby: " << what << "\n";
    printUsage(std::cerr);
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    engine::failWritesInsteadOfDying();  // a full disk, a size limit or a gone reader: said, not a silent death
    io::failOnLostStdout("lobby");       // its usage and its status lines are its output: lost ones make exit 2
    long port = 7100, stats = 0;
    lobby::Limits limits;
    io::FlagTable table = {
        io::numberInto("--port", 0, 65535, port),
        io::numberInto("--max-rooms", 1, 10000000, limits.maxRooms),
        io::numberInto("--lifetime", 10, 86400, limits.lifetimeS),
        io::numberInto("--max-spectators", 0, 255, limits.maxSpectators),
        io::decimalFlag("--rate", 0.1, 1000000, limits.ratePerSecond),
        io::numberInto("--burst", 1, 1000000, limits.burst),
        io::numberInto("--rooms-per-address", 1, 10000000, limits.roomsPerAddress),
        io::decimalFlag("--wrong-codes", 0.1, 1000000, limits.wrongCodesPerMinute),
        io::decimalFlag("--wrong-codes-all", 0.1, 1000000, limits.wrongCodesPerSecond),
        io::numberInto("--stats", 0, 86400, stats),
    };
    if (io::helpAsked(argc, argv)) {
        printUsage(std::cout);
        return 0;
    }
    std::string error;
    if (!io::parseFlags(argc, argv, table, error)) return usage(error);
    net::UdpTransport udp({}, 1);
    if (!udp.open(static_cast<unsigned short>(port), error)) {
        std::cerr << "lobby: " << error << "\n";
        return 2;
    }
    if (sodium_init() < 0) {
        std::cerr << "lobby: libsodium did not start (no system randomness)\n";
        return 2;
    }
    lobby::Server server(udp, limits, [](void* out, std::size_t n) {
        randombytes_buf(out, n);
        return true;
    });
    struct sigaction stop {};
    stop.sa_handler = onLobbyStop;
    sigemptyset(&stop.sa_mask);
    sigaction(SIGINT, &stop, nullptr);
    sigaction(SIGTERM, &stop, nullptr);
    std::cout << "lobby on UDP port " << udp.localPort() << " (rooms " << limits.maxRooms << ", lifetime "
              << limits.lifetimeS << " s, spectators " << limits.maxSpectators << ", " << limits.ratePerSecond
              << " requests/s per address, burst " << limits.burst << ")" << std::endl;
    checkStdout();
    using Clock = std::chrono::steady_clock;
    const Clock::time_point t0 = Clock::now();
    std::int64_t lastStats = 0;
    while (gStop == 0) {
        const std::int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
        if (server.poll(now) == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        if (stats > 0 && now - lastStats >= stats * 1000) {
            lastStats = now;
            printCounters(server);
        }
    }
    printCounters(server);
    return 0;
}
