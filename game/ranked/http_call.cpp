// The service over HTTP (cpp-httplib): the call RankedClient makes in the window and in `game_headless --ranked`.
#include "game/ranked/client.h"

#include <httplib.h>

#include <chrono>

namespace ranked {

// A client per call: the window runs a request and a Leave on two threads at once, and one httplib::Client is not
// meant to be shared between threads (no connection is kept between requests anyway).
ServiceCall httpServiceCall(const std::string& hostPort) {
    return [hostPort](const std::string& method, const std::string& path, const std::string& body) {
        const auto start = std::chrono::steady_clock::now();
        httplib::Client http("http://" + hostPort);
        http.set_connection_timeout(3);
        http.set_read_timeout(10);
        const auto res = method == "POST" ? http.Post(path.c_str(), body, "text/plain") : http.Get(path.c_str());
        ServiceAnswer a;
        if (!res) return a;
        a.reached = true;
        // A fresh connection per call: the TCP handshake is one round trip, the request and its answer the other.
        a.roundTripMs =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count() / 2;
        a.status = res->status;
        a.text = res->body;
        while (!a.text.empty() && a.text.back() == '\n') a.text.pop_back();
        return a;
    };
}

}  // namespace ranked
