#pragma once
// Helpers for the spectator tests: a spectator's transport that sees the wire and lets the test inject datagrams
// from the host's address, and a spectator's inputs against what the players confirmed.
#include "game/net/spectate.h"
#include "game/sim/buttons.h"

#include <doctest/doctest.h>

#include <deque>
#include <vector>

namespace spectest {

/// A spectator's transport that sees what the spectator sends and gets (the nonces and the cookie on the wire)
/// and also delivers datagrams queued by the test as if they came from the host's address (1).
class Wire : public net::Transport {
public:
    explicit Wire(net::Transport& inner) : inner_(inner) {}
    void sendTo(net::Address to, const std::uint8_t* data, std::size_t size, std::int64_t nowMs) override {
        net::SpectateMessage m;
        if (net::decodeSpectate(data, size, m) && m.type == net::SpectateType::Watch) spectatorNonce = m.nonce;
        inner_.sendTo(to, data, size, nowMs);
    }
    bool receive(std::vector<std::uint8_t>& data, net::Address& from, std::int64_t nowMs) override {
        if (!queued.empty()) {
            data = queued.front();
            queued.pop_front();
            from = 1;
            return true;
        }
        if (!inner_.receive(data, from, nowMs)) return false;
        net::SpectateMessage m;
        if (net::decodeSpectate(data.data(), data.size(), m) && m.type == net::SpectateType::Setup) {
            cookie = m.cookie;
            hostNonce = m.nonce;
        }
        return true;
    }
    std::deque<std::vector<std::uint8_t>> queued;
    std::uint32_t cookie = 0;
    net::Nonce spectatorNonce{}, hostNonce{};

private:
    net::Transport& inner_;
};

/// The spectator holds exactly the played frames, both players' buttons.
inline void requireSameInputs(const std::vector<sim::FrameInput>& got, const std::vector<sim::FrameInput>& played) {
    REQUIRE(got.size() == played.size());
    for (std::size_t i = 0; i < played.size(); ++i) {
        REQUIRE(got[i].buttons[0] == played[i].buttons[0]);
        REQUIRE(got[i].buttons[1] == played[i].buttons[1]);
    }
}

}  // namespace spectest
