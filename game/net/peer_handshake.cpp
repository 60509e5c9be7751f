// The handshake half of NetPeer (see peer.h): Hello, Challenge, Welcome and Refuse, cookies, the joiner the host
// has welcomed but not yet heard inputs from, and answers of another protocol version.
#include "game/net/peer.h"

#include "game/net/crypto/hmac.h"
#include "game/net/crypto/sha256.h"

#include <sodium.h>

#include <algorithm>

namespace net {
namespace {

constexpr int kHelloRefusalsPerSecond = 20;  // host: refusals said at most this often (a flood of Hellos gets silence)
constexpr std::size_t kMaxHostCandidates = 12;  // joiner: the lobby's (at most 5) and those learned from Punches
constexpr std::size_t kMaxRefusedKeys = 64;     // host: keys its player refused, remembered for this run

}  // namespace

const char* refuseText(RefuseReason r) {
    switch (r) {
    case RefuseReason::Version: return "the host runs another protocol version";
    case RefuseReason::Busy: return "the host is already in a match";
    case RefuseReason::BadFighter: return "the host does not have your fighter";
    case RefuseReason::Rules: return "the host runs another build or other fighter data";
    case RefuseReason::Deciding: return "the host is deciding whether to let you in";
    case RefuseReason::NotAccepted: return "the host did not accept you";
    }
    return "unknown reason";
}

void autoSessionConfig(std::int64_t rttMs, SessionConfig& out) {
    const std::int64_t rtt = rttMs < 0 ? 0 : rttMs;
    out.inputDelay = int(std::min<std::int64_t>(4, 1 + rtt / 34));
    out.maxRollback = int(std::clamp<std::int64_t>(out.inputDelay + rtt / 17 + 4, 8, 30));
}

std::uint64_t NetPeer::rulesOf(const std::string& fighter) const {
    return cfg_.rulesHash ? cfg_.rulesHash(fighter) : 0;
}

Nonce NetPeer::cookieFor(Address from, const KxKey& nonce) const {
    crypto::Hmac<crypto::Sha256> mac(cookieKey_.data(), cookieKey_.size());
    std::uint8_t a[8];
    for (int i = 0; i < 8; ++i) a[i] = std::uint8_t(from >> (8 * i));
    mac.update(a, sizeof a);
    mac.update(nonce.data(), nonce.size());
    const auto d = mac.finish();
    Nonce c;
    for (std::size_t i = 0; i < c.size(); ++i) c[i] = d[i];
    return c;
}

bool NetPeer::isCandidate(Address from) const {
    if (from == cfg_.hostAddress) return true;
    for (Address a : cfg_.hostCandidates) {
        if (a == from) return true;
    }
    return cfg_.relayCandidate != 0 && from == cfg_.relayCandidate &&
           !cfg_.hostCandidates.empty();  // none answered yet
}

Packet NetPeer::helloPacket() const {
    Packet hello;
    hello.type = PacketType::Hello;
    hello.fighter = cfg_.fighter;
    hello.style = cfg_.style;
    hello.rules = rulesOf(cfg_.fighter);
    hello.ephemeral = ephPublic_;
    hello.cookie = cookie_;
    hello.identity = cfg_.identity.publicKey;
    hello.name = cfg_.identity.name;
    hello.signature = signDigest(cfg_.identity, helloDigest(hello));  // deterministic: the same for every Hello
    return hello;
}

void NetPeer::sendHello(std::int64_t nowMs) {
    const Packet hello = helloPacket();
    const std::vector<std::uint8_t> bytes = sealPacket(hello, cfg_.secret);
    sendBytes(bytes, cfg_.hostAddress, nowMs);
    for (Address a : cfg_.hostCandidates) {  // hole punching: every address the host may be reached at, at once
        if (a != cfg_.hostAddress) sendBytes(bytes, a, nowMs);
    }
    // The relay after the direct path had its chance (a symmetric NAT on either side never lets it come up).
    if (state_ == PeerState::Connecting && cfg_.relayCandidate != 0 && cfg_.relayCandidate != cfg_.hostAddress &&
        !cfg_.hostCandidates.empty() && nowMs - startMs_ >= cfg_.relayAfterMs) {
        sendBytes(bytes, cfg_.relayCandidate, nowMs);
    }
    lastHelloMs_ = nowMs;
}

void NetPeer::refuse(RefuseReason why, const KxKey* context, Address to, std::int64_t nowMs) {
    if (nowMs - lastRefuseMs_ >= 1000) {
        lastRefuseMs_ = nowMs;
        refusalsThisWindow_ = 0;
    }
    if (++refusalsThisWindow_ > kHelloRefusalsPerSecond) return;
    Packet answer;
    answer.type = PacketType::Refuse;
    answer.reason = why;
    ++counters_.refusedJoiners;
    sendBytes(sealPacket(answer, cfg_.secret, context ? context->data() : nullptr, context ? context->size() : 0), to,
              nowMs);
}

void NetPeer::otherVersion(const Packet& p, Address from, std::int64_t nowMs) {
    if (cfg_.host && p.type == PacketType::Hello) return refuse(RefuseReason::Version, nullptr, from, nowMs);
    if (!cfg_.host && state_ == PeerState::Connecting && from == cfg_.hostAddress) {
        // Not trusted (anyone can send 8 bytes from the host's address): only remembered, to say why if the join
        // times out with nothing authentic from the host.
        if (otherVersion_ == 0) otherVersion_ = p.version;
        return;
    }
    ++counters_.otherVersion;
}

void NetPeer::hostHello(const Packet& p, const std::vector<std::uint8_t>& bytes, Address from, std::int64_t atMs,
                        std::int64_t nowMs) {
    if (!packetAuthentic(cfg_.secret, bytes.data(), bytes.size())) {
        ++counters_.forged;  // not someone the room's secret was given to
        return;
    }
    if (state_ != PeerState::Waiting) {
        if (from != peer_) refuse(RefuseReason::Busy, &p.ephemeral, from, nowMs);
        return;  // our own joiner's late Hello: it has its Welcome, it sends inputs
    }
    const Nonce cookie = cookieFor(from, p.ephemeral);
    if (!crypto::equalConstantTime(p.cookie.data(), cookie.data(), cookie.size())) {  // first prove you receive there
        Packet challenge;
        challenge.type = PacketType::Challenge;
        challenge.cookie = cookie;
        challengeSentMs_ = nowMs;
        challengeTo_ = from;
        return sendBytes(sealPacket(challenge, cfg_.secret, p.ephemeral.data(), p.ephemeral.size()), from, nowMs);
    }
    if (from == challengeTo_ && challengeSentMs_ >= 0) {   // Challenge out, Hello with its cookie back: a round trip
        const std::int64_t rtt = atMs - challengeSentMs_;  // arrival time: not how long it waited to be read
        handshakeRttMs_ = handshakeRttMs_ < 0 ? rtt : std::min(handshakeRttMs_, rtt);
        challengeSentMs_ = -1;
    }
    if (pending_.active && from == pending_.from && p.ephemeral == pending_.joinerKey) {
        return sendBytes(pending_.welcome, from, nowMs);  // our Welcome was lost: say it again
    }
    // Someone was welcomed and may still send its first input: this joiner waits (no refusal: it keeps saying Hello,
    // and takes the seat if the other never plays).
    if (pending_.active && nowMs - pending_.sinceMs < cfg_.pendingMs) return;
    if (p.rules != rulesOf(p.fighter)) return refuse(RefuseReason::Rules, &p.ephemeral, from, nowMs);
    sim::FighterDef probe;
    std::string error;
    if (!loader_(p.fighter, probe, error)) return refuse(RefuseReason::BadFighter, &p.ephemeral, from, nowMs);
    if (!verifyDigest(p.identity, helloDigest(p), p.signature)) {
        ++counters_.forged;  // a name and key it cannot sign for
        return;
    }
    if (admits(p, from, nowMs)) welcomeJoiner(p, from, nowMs);
}

bool NetPeer::admits(const Packet& hello, Address from, std::int64_t nowMs) {
    const bool refusedBefore =
        std::find(refusedKeys_.begin(), refusedKeys_.end(), hello.identity) != refusedKeys_.end();
    if (cfg_.admission == Admission::Any) return true;
    if (refusedBefore || (cfg_.admission == Admission::Key && fingerprint(hello.identity) != cfg_.acceptFingerprint)) {
        ++counters_.notAccepted;
        refuse(RefuseReason::NotAccepted, &hello.ephemeral, from, nowMs);
        return false;
    }
    if (cfg_.admission == Admission::Key) return true;
    // Ask: one joiner at a time waits for our player; another meanwhile gets no answer and keeps saying Hello.
    if (joinerAsking(nowMs) && asking_.hello.identity != hello.identity) return false;
    asking_.active = true;
    asking_.from = from;
    asking_.hello = hello;
    asking_.lastHelloMs = nowMs;
    refuse(RefuseReason::Deciding, &hello.ephemeral, from, nowMs);  // not a refusal: "keep asking"
    return false;
}

void NetPeer::admitJoiner(bool yes, std::int64_t nowMs) {
    if (!cfg_.host || state_ != PeerState::Waiting || !asking_.active) return;
    const Asking a = asking_;
    asking_ = Asking{};
    if (yes) {
        welcomeJoiner(a.hello, a.from, nowMs);
        return;
    }
    if (refusedKeys_.size() < kMaxRefusedKeys) refusedKeys_.push_back(a.hello.identity);
    ++counters_.notAccepted;
    refuse(RefuseReason::NotAccepted, &a.hello.ephemeral, a.from, nowMs);
}

bool NetPeer::welcomeJoiner(const Packet& p, Address from, std::int64_t nowMs) {
    sim::MatchSetup agreed = cfg_.setup;
    agreed.fighter[1] = p.fighter;
    agreed.style[1] = p.style;
    Pending next;
    // Play exactly what the Welcome carries, so both sides (and both recordings) have the same setup.
    if (!wireSetup(agreed, next.setup)) {
        end(PeerEnd::SetupFailed, "the match setup cannot be sent online", true);
        return false;
    }
    KxKey ephSecret;
    Packet welcome;
    welcome.type = PacketType::Welcome;
    welcome.token = token_;
    welcome.setup = next.setup;
    welcome.frameLimit = cfg_.frameLimit;
    welcome.rules = rulesOf(cfg_.fighter);
    welcome.identity = cfg_.identity.publicKey;
    welcome.name = cfg_.identity.name;
    if (!makeKxPair(welcome.ephemeral, ephSecret)) return false;
    next.transcript = handshakeTranscript(p, welcome);
    welcome.signature = signDigest(cfg_.identity, next.transcript);
    ChannelKey tx, rx;
    const bool keyed = channelKeys(false, welcome.ephemeral, ephSecret, p.ephemeral, next.transcript, tx, rx);
    sodium_memzero(ephSecret.data(), ephSecret.size());  // forward secrecy: the exchange's secret lives no longer
    if (!keyed) {
        ++counters_.forged;  // a joiner key no exchange accepts (a low-order point)
        return false;
    }
    next.channel = Channel(tx, rx);
    next.active = true;
    next.from = from;
    next.joinerKey = p.ephemeral;
    next.joinerIdentity = p.identity;
    next.sinceMs = nowMs;
    next.welcome = sealPacket(welcome, cfg_.secret, p.ephemeral.data(), p.ephemeral.size());
    pending_ = std::move(next);
    sendBytes(pending_.welcome, from, nowMs);
    return true;
}

bool NetPeer::acceptPending(const Packet& p, const std::vector<std::uint8_t>& bytes, std::int64_t nowMs) {
    // The joiner's inputs may overtake its Confirm: they are sent again, and count once it is in.
    if (p.type != PacketType::Confirm || p.token != token_) return false;
    Packet confirm;
    if (!openOnChannel(pending_.channel, bytes.data(), bytes.size(), confirm)) {
        ++counters_.forged;
        return false;
    }
    if (confirm.identity != pending_.joinerIdentity ||
        !verifyDigest(confirm.identity, confirmDigest(pending_.transcript, confirm.identity, confirm.name),
                      confirm.signature)) {
        ++counters_.forged;  // keys right, but no identity stands behind them
        return false;
    }
    opponentKey_ = confirm.identity;
    opponentName_ = confirm.name;
    opponentKnown_ = true;
    cfg_.setup = pending_.setup;
    channel_ = pending_.channel;
    peer_ = pending_.from;
    pending_ = Pending{};
    std::string error;
    if (!startSession(error)) {
        end(PeerEnd::SetupFailed, error, true);
        return false;
    }
    lastHeardMs_ = nowMs;
    state_ = PeerState::Playing;
    return true;
}

void NetPeer::joinerAnswer(const Packet& p, const std::vector<std::uint8_t>& bytes, Address answeredFrom,
                           std::int64_t atMs, std::int64_t nowMs) {
    if (state_ != PeerState::Connecting) return;  // a repeated Welcome, a late Refuse: the match is on
    if (!packetAuthentic(cfg_.secret, bytes.data(), bytes.size(), ephPublic_.data(), ephPublic_.size())) {
        ++counters_.forged;  // not an answer to our Hello
        return;
    }
    if (p.type == PacketType::Welcome && !acceptWelcome(p)) return;
    heardAuthentic_ = true;
    const std::int64_t rtt = atMs - lastHelloMs_;  // our last Hello and this answer's arrival: a round trip
    handshakeRttMs_ = handshakeRttMs_ < 0 ? rtt : std::min(handshakeRttMs_, rtt);
    cfg_.hostAddress = answeredFrom;  // the first candidate that answers is the host's address from now on
    cfg_.hostCandidates.clear();
    if (p.type == PacketType::Challenge) {
        cookie_ = p.cookie;
        return sendHello(nowMs);
    }
    if (p.type == PacketType::Refuse && p.reason == RefuseReason::Deciding) {
        hostDeciding_ = true;  // the host's player sees our name and key: we keep saying Hello until it decides
        decidingMs_ = nowMs;
        return;
    }
    if (p.type == PacketType::Refuse)
        return end(PeerEnd::Refused, std::string("refused: ") + refuseText(p.reason), true);
    if (p.type != PacketType::Welcome) return;  // a ToJoiner type of kPacketTypes this function does not answer yet
    if (p.setup.fighter[1] != cfg_.fighter)
        return end(PeerEnd::Refused, "the host's welcome names another fighter", true);
    if (p.setup.style[1] != cfg_.style)
        return end(PeerEnd::Refused, "the host's welcome names another input style", true);
    if (p.rules != rulesOf(p.setup.fighter[0])) {
        return end(PeerEnd::Refused,
                   "refused: the host runs another build or other data for fighter '" + p.setup.fighter[0] + "'", true);
    }
    token_ = p.token;
    cfg_.setup = p.setup;
    cfg_.frameLimit = p.frameLimit;
    std::string error;
    if (!startSession(error)) return end(PeerEnd::SetupFailed, error, true);
    lastHeardMs_ = nowMs;
    state_ = PeerState::Playing;
}

bool NetPeer::acceptWelcome(const Packet& p) {
    const std::array<std::uint8_t, 32> transcript = handshakeTranscript(helloPacket(), p);
    ChannelKey tx, rx;
    if (!verifyDigest(p.identity, transcript, p.signature) ||
        !channelKeys(true, ephPublic_, ephSecret_, p.ephemeral, transcript, tx, rx)) {
        ++counters_.forged;  // not signed by the key it names, or a key no exchange accepts
        return false;
    }
    channel_ = Channel(tx, rx);
    transcript_ = transcript;
    opponentKey_ = p.identity;
    opponentName_ = p.name;
    opponentKnown_ = true;
    return true;
}

void NetPeer::sendConfirm(std::int64_t nowMs) {
    Packet confirm;
    confirm.type = PacketType::Confirm;
    confirm.token = token_;
    confirm.identity = cfg_.identity.publicKey;
    confirm.name = cfg_.identity.name;
    confirm.signature = signDigest(cfg_.identity, confirmDigest(transcript_, confirm.identity, confirm.name));
    sendBytes(sealOnChannel(confirm, channel_), cfg_.hostAddress, nowMs);
}

void NetPeer::connecting(std::int64_t nowMs) {
    Address unreachable = 0;
    while (t_.takeUnreachable(unreachable)) {
        if (unreachable == cfg_.hostAddress && ++refusedByNetwork_ >= 2) {
            return end(PeerEnd::NoAnswer,
                       "nothing answers at " + t_.addressName(cfg_.hostAddress) +
                           " (the port is closed: is the host running?)",
                       true);
        }
    }
    if (nowMs - std::max(startMs_, decidingMs_) > cfg_.connectTimeoutMs) {
        // Anyone can send 8 bytes of another version from the host's address, so such a datagram never ends the
        // join early (a forged one would stop a join whose real path, a relay say, is only slow); it names the
        // likely reason when the join times out with nothing authentic from the host.
        if (otherVersion_ != 0 && !heardAuthentic_)
            return end(
                PeerEnd::Refused,
                "refused: the host runs protocol version " + std::to_string(otherVersion_) + ", this game " +
                    std::to_string(kProtocolVersion) +
                    (otherVersion_ < kProtocolVersion ? " (the host must update the game)" : " (update the game)"),
                true);
        return end(PeerEnd::NoAnswer,
                   hostDeciding_ ? "the host stopped answering while deciding" : "no answer from the host", true);
    }
    if (nowMs - lastHelloMs_ >= kHelloEveryMs) sendHello(nowMs);
}

void NetPeer::punch(std::int64_t nowMs) {
    if ((cfg_.punchTo.empty() && cfg_.joinerRelay == 0) || nowMs - lastPunchMs_ < kHelloEveryMs ||
        nowMs - startMs_ > cfg_.connectTimeoutMs)
        return;
    Packet p;
    p.type = PacketType::Punch;
    const std::vector<std::uint8_t> bytes = sealPacket(p, cfg_.secret);
    for (Address a : cfg_.punchTo) sendBytes(bytes, a, nowMs);
    // The joiner's relay last (after the direct path and our own relay had their chance), and not while a joiner
    // that reached us is being welcomed: through its relay our packets come from our NAT's mapping towards that
    // relay, which even a symmetric NAT on our side lets the relay answer.
    if (cfg_.joinerRelay != 0 && !pending_.active && nowMs - startMs_ >= cfg_.joinerRelayAfterMs) {
        sendBytes(bytes, cfg_.joinerRelay, nowMs);
    }
    lastPunchMs_ = nowMs;
}

void NetPeer::punched(const std::vector<std::uint8_t>& bytes, Address from) {
    // A joiner with its own relay: the host's Punch through it comes from the host's mapping towards the relay (a
    // new port when the host is behind a symmetric NAT); answering there goes back through our relay.
    if (cfg_.host || !cfg_.learnFromPunch || state_ != PeerState::Connecting || cfg_.hostCandidates.empty() ||
        isCandidate(from) || cfg_.hostCandidates.size() >= kMaxHostCandidates) {
        return;
    }
    if (!packetAuthentic(cfg_.secret, bytes.data(), bytes.size())) {
        ++counters_.forged;  // not from someone the room's secret was given to
        return;
    }
    cfg_.hostCandidates.push_back(from);
}

}  // namespace net
