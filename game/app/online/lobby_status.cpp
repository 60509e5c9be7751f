// The connecting screen's words about the peer (see lobby_status.h).
#include "game/app/online/lobby_status.h"

namespace app {

std::string whoText(const std::string& name, const net::IdentityKey& key) {
    return name + " (" + net::fingerprint(key) + ")";
}

StatusLine peerStatus(const net::NetPeer& peer, const PeerScene& scene, std::int64_t nowMs) {
    if (peer.state() == net::PeerState::Done) return {peer.endMessage(), StatusTone::Problem};
    if (peer.joinerAsking(nowMs))
        return {whoText(peer.askingName(), peer.askingKey()) + " wants to play    Enter: accept    N: refuse",
                StatusTone::Question};
    if (peer.hostDeciding())
        return {"the host sees you as " + whoText(peer.identity().name, peer.identity().publicKey) +
                    ": waiting for them to accept" + scene.dots,
                StatusTone::Plain};
    if (!scene.seatNote.empty()) return {scene.seatNote + scene.dots, StatusTone::Plain};
    const std::int64_t rtt = peer.handshakeRttMs();
    if (!scene.path.empty() && rtt >= 0)
        return {"connected: " + scene.path + ", ping " + std::to_string(rtt) + " ms" + scene.dots, StatusTone::Plain};
    if (scene.tryingRelay) return {"no direct path: trying the host's relay" + scene.dots, StatusTone::Plain};
    if (scene.throughLobby) return {"connecting directly (punching through both NATs)" + scene.dots, StatusTone::Plain};
    return {(scene.hostSide ? "waiting for an opponent" : "connecting") + scene.dots, StatusTone::Plain};
}

bool answerJoiner(net::NetPeer& peer, bool accept, bool refuse, std::int64_t nowMs) {
    if (!peer.joinerAsking(nowMs) || (!accept && !refuse)) return false;
    peer.admitJoiner(accept, nowMs);
    return true;
}

}  // namespace app
