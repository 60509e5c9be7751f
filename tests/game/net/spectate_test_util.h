#pragma once
// Helpers for the spectator tests: a spectator's transport that captures the wire (every datagram either way, as a
// passive observer on the path would), lets the test inject datagrams from the host's address, and can move the
// spectator to another address (its NAT giving it a new port); a spectator's inputs against what the players
// confirmed.
#include "game/net/memory_transport.h"
#include "game/net/spectate.h"
#include "game/sim/buttons.h"

#include <doctest/doctest.h>

#include <deque>
#include <vector>

namespace spectest {

/// A spectator's transport over one or two in-memory endpoints: sends go out of the current one (moveTo switches,
/// as a NAT that gives the spectator a new public port), receives come from both; what passes is captured.
class Wire : public net::Transport {
public:
    explicit Wire(net::Transport& inner) : inner_(&inner), other_(nullptr) {}
    void sendTo(net::Address to, const std::uint8_t* data, std::size_t size, std::int64_t nowMs) override {
        sent.emplace_back(data, data + size);
        net::SpectateMessage head;
        if (net::spectateHead(data, size, head) && head.type == net::SpectateType::Watch && size >= 36) {
            std::copy(data + 4, data + 36, spectatorKey.begin());
        }
        inner_->sendTo(to, data, size, nowMs);
    }
    bool receive(std::vector<std::uint8_t>& data, net::Address& from, std::int64_t nowMs) override {
        if (!queued.empty()) {
            data = queued.front();
            queued.pop_front();
            from = 1;
            return true;
        }
        if (!inner_->receive(data, from, nowMs) && (other_ == nullptr || !other_->receive(data, from, nowMs)))
            return false;
        got.push_back(data);
        net::SpectateMessage head;
        if (net::spectateHead(data.data(), data.size(), head) && head.type == net::SpectateType::Setup) {
            cookie = head.cookie;
            hostKey = head.key;
        }
        return true;
    }
    /// From now on the spectator sends from `next` (and still hears the old one).
    void moveTo(net::Transport& next) {
        other_ = inner_;
        inner_ = &next;
    }
    std::deque<std::vector<std::uint8_t>> queued;
    std::vector<std::vector<std::uint8_t>> sent, got;  // the capture
    std::uint32_t cookie = 0;
    net::KxKey spectatorKey{}, hostKey{};

private:
    net::Transport* inner_;
    net::Transport* other_;
};

/// The frame's inputs a test plays (both players' buttons, within the nine buttons).
inline sim::FrameInput frameInput(std::int64_t frame) {
    sim::FrameInput in;
    in.buttons[0] = std::uint16_t(frame % 300);
    in.buttons[1] = std::uint16_t((frame * 3) % 400);
    return in;
}

/// A Welcome as a host hands its spectators.
inline net::Packet welcome() {
    net::Packet w;
    w.type = net::PacketType::Welcome;
    w.setup.fighter[0] = "a";
    w.setup.fighter[1] = "b";
    return w;
}

/// The spectator holds exactly the played frames, both players' buttons.
inline void requireSameInputs(const std::vector<sim::FrameInput>& got, const std::vector<sim::FrameInput>& played) {
    REQUIRE(got.size() == played.size());
    for (std::size_t i = 0; i < played.size(); ++i) {
        REQUIRE(got[i].buttons[0] == played[i].buttons[0]);
        REQUIRE(got[i].buttons[1] == played[i].buttons[1]);
    }
}

}  // namespace spectest
