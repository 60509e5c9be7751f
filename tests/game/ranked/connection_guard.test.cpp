// The service's HTTP connection guard (game/ranked/connection_guard.h) on real loopback sockets: a listening socket
// of the test's own, connections to it accepted here, sweeps on a clock the test gives.
#include "game/ranked/connection_guard.h"

#include <doctest/doctest.h>

#include <vector>

#include <arpa/inet.h>
#include <cerrno>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace {

/// A listening TCP socket on 127.0.0.1 (any free port) with `count` connections to it, accepted: the server ends in
/// the order they were made, and the client ends.
struct Connections {
    int listener = -1;
    int port = 0;
    std::vector<int> server, client;
    explicit Connections(int count) {
        listener = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        REQUIRE(::bind(listener, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
        REQUIRE(::listen(listener, 64) == 0);
        socklen_t len = sizeof a;
        REQUIRE(::getsockname(listener, reinterpret_cast<sockaddr*>(&a), &len) == 0);
        port = ntohs(a.sin_port);
        for (int i = 0; i < count; ++i) {
            const int c = ::socket(AF_INET, SOCK_STREAM, 0);
            REQUIRE(::connect(c, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
            client.push_back(c);
            server.push_back(::accept(listener, nullptr, nullptr));
            REQUIRE(server.back() >= 0);
        }
    }
    ~Connections() {
        for (int fd : server) ::close(fd);
        for (int fd : client) ::close(fd);
        ::close(listener);
    }
    /// True when the server end of connection i was shut down: reading it gives the end at once.
    bool shut(std::size_t i) const {
        char b;
        return ::recv(server[i], &b, 1, MSG_DONTWAIT) == 0;
    }
};

}  // namespace

TEST_CASE("The connection guard shuts down what one address holds beyond its limit, oldest first, and the too old") {
    Connections c(6);
    ranked::ConnectionGuard guard(c.port, 4, 30000);
    // First sweep: all six are new at the same instant, so "oldest" is the order the descriptors were opened; the
    // limit keeps four.
    CHECK(guard.sweep(1000) == 2);
    CHECK(guard.seen() == 6);
    CHECK(c.shut(0));
    CHECK(c.shut(1));
    for (std::size_t i = 2; i < 6; ++i) CHECK_FALSE(c.shut(i));
    // The two shut are closed by their owner (here the test); the other four stay within the limit and the age.
    ::close(c.server[0]), ::close(c.server[1]);
    c.server[0] = c.server[1] = -1;
    CHECK(guard.sweep(20000) == 0);
    CHECK(guard.seen() == 4);
    // Past 30 s open, every one of them goes.
    CHECK(guard.sweep(31001) == 4);
    for (std::size_t i = 2; i < 6; ++i) CHECK(c.shut(i));
}

TEST_CASE("The connection guard leaves other ports' sockets and the listening socket alone") {
    Connections mine(2), other(5);
    ranked::ConnectionGuard guard(mine.port, 1, 30000);
    CHECK(guard.sweep(0) == 1);  // of its own port's two, the older
    CHECK(guard.seen() == 2);
    for (std::size_t i = 0; i < 5; ++i) CHECK_FALSE(other.shut(i));
    sockaddr_in a{};
    socklen_t len = sizeof a;
    CHECK(::getsockname(mine.listener, reinterpret_cast<sockaddr*>(&a), &len) == 0);  // still open
    CHECK(::listen(mine.listener, 64) == 0);                                          // and listening
}
