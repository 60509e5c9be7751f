#pragma once
// Keeps the service's HTTP connections in check from outside the HTTP library. cpp-httplib gives every connection a
// thread of a fixed pool and waits on a slow sender for ever (its read timeout is per read: a request trickled one
// header line at a time keeps its thread), so a few dozen such connections from one address left no thread for
// anyone else. Each sweep finds the open connections on the service's port (this process's stream sockets whose
// local port it is and that have a peer) and shuts down (shutdown(2): the thread serving it then sees the connection
// end and closes it) those an address holds beyond maxPerAddress, its oldest first, and any open longer than
// maxAgeMs. A client of ours makes a connection per request and the service closes it after one, so an honest
// player holds one connection at a time for milliseconds (a Result's upload of a few kilobytes the longest).
// Linux only (/proc/self/fd); a sweep that cannot list the descriptors does nothing.
#include <cstdint>
#include <map>

namespace ranked {

class ConnectionGuard {
public:
    ConnectionGuard(int port, int maxPerAddress, std::int64_t maxAgeMs)
        : port_(port), maxPerAddress_(maxPerAddress), maxAgeMs_(maxAgeMs) {}
    /// One sweep at nowMs (any clock in milliseconds); the number of connections it shut down.
    int sweep(std::int64_t nowMs);
    /// Connections open at the last sweep (those it shut down included).
    int seen() const { return int(seen_.size()); }

private:
    struct Connection {
        std::uint64_t peer = 0;  // IPv4 address << 16 | port: a descriptor reused for another connection is new
        std::int64_t sinceMs = 0;
    };
    int port_;
    int maxPerAddress_;
    std::int64_t maxAgeMs_;
    std::map<int, Connection> seen_;  // by descriptor
};

}  // namespace ranked
