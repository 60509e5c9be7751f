// The service over HTTP (cpp-httplib): the call RankedClient makes in the window and in `game_headless --ranked`.
#include "game/ranked/client.h"
#include "game/ranked/verify.h"

#include <httplib.h>

#include <chrono>
#include <cstdint>

namespace ranked {

namespace {

// The longest answer read: the largest page a service sends is a match's replay (a log of at most kMaxLogBytes).
// A service that sends more (a hostile or broken one) is cut off there and its answer not taken, instead of being
// read into memory for as long as it goes on.
constexpr std::size_t kMaxAnswerBytes = kMaxLogBytes + (1u << 20);

}  // namespace

// A client per call: the window runs a request and a Leave on two threads at once, and one httplib::Client is not
// meant to be shared between threads (no connection is kept between requests anyway).
ServiceCall httpServiceCall(const std::string& hostPort) {
    return [hostPort](const std::string& method, const std::string& path, const std::string& body) {
        const auto start = std::chrono::steady_clock::now();
        httplib::Client http("http://" + hostPort);
        http.set_connection_timeout(3);
        http.set_read_timeout(10);
        httplib::Request req;
        req.method = method == "POST" ? "POST" : "GET";
        req.path = path;
        if (req.method == "POST") req.set_header("Content-Type", "text/plain"), req.body = body;
        ServiceAnswer a;
        req.content_receiver = [&a](const char* data, std::size_t n, std::uint64_t, std::uint64_t) {
            if (a.text.size() + n > kMaxAnswerBytes) return false;
            a.text.append(data, n);
            return true;
        };
        httplib::Response res;
        httplib::Error error = httplib::Error::Success;
        if (!http.send(req, res, error)) return ServiceAnswer{};
        a.reached = true;
        // A fresh connection per call: the TCP handshake is one round trip, the request and its answer the other.
        a.roundTripMs =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count() / 2;
        a.status = res.status;
        while (!a.text.empty() && a.text.back() == '\n') a.text.pop_back();
        return a;
    };
}

}  // namespace ranked
