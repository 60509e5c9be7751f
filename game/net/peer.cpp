// One side of an online match: the packet filter, the session and its ending (see peer.h; the handshake is in
// peer_handshake.cpp).
#include "game/net/peer.h"

#include "game/net/crypto/random.h"

#include <algorithm>

namespace net {
namespace {

constexpr int kDesyncLingerMs = 1000;       // after a desync: keep sending our hash so the other side sees it too
constexpr int kMaxDatagramsPerPoll = 4096;  // drain the socket each tick, but a flood cannot keep one tick forever

std::uint32_t randomToken() {
    std::uint32_t t = 0;
    while (t == 0) {
        if (!crypto::randomBytes(&t, sizeof t)) return 0;
    }
    return t;
}

/// Where the packet's type byte says Hello (read before decoding, to drop strangers' other packets cheaply).
bool looksLikeHello(const std::vector<std::uint8_t>& b) {
    return b.size() > 3 && b[3] == std::uint8_t(PacketType::Hello);
}
bool looksLikePunch(const std::vector<std::uint8_t>& b) {
    return b.size() > 3 && b[3] == std::uint8_t(PacketType::Punch);
}

}  // namespace

NetPeer::NetPeer(Transport& t, const PeerConfig& cfg, FighterLoader loader)
    : t_(t), cfg_(cfg), loader_(std::move(loader)), state_(cfg.host ? PeerState::Waiting : PeerState::Connecting) {
    cfg_.session.me = cfg.host ? 0 : 1;
    cfg_.setup.mode = sim::Mode::Versus;
    bool random = (cfg_.identity.valid || makeIdentity("player", cfg_.identity)) && makeKxPair(ephPublic_, ephSecret_);
    if (cfg.host) {
        cfg_.setup.fighter[0] = cfg.fighter;
        cfg_.setup.style[0] = cfg.style;
        token_ = cfg.token != 0 ? cfg.token : randomToken();
        cookieKey_.resize(32);
        random = random && token_ != 0 && crypto::randomBytes(cookieKey_.data(), cookieKey_.size());
    }
    if (!random) end(PeerEnd::SetupFailed, "the system gave no random numbers (getrandom failed)", true);
}

std::int64_t NetPeer::silenceMs(std::int64_t nowMs) const {
    return session_ && state_ == PeerState::Playing ? nowMs - lastHeardMs_ : 0;
}

namespace {

/// "1.4 s" for 1400 ms (tenths, rounded down).
std::string secondsText(std::int64_t ms) {
    return std::to_string(ms / 1000) + "." + std::to_string(ms % 1000 / 100) + " s";
}

std::string seatName(int seat) { return seat == 0 ? "P1" : "P2"; }

}  // namespace

std::string NetPeer::stallText(std::int64_t nowMs) const {
    const std::int64_t silence = silenceMs(nowMs);
    if (silence < kStallShownMs) return "";
    return seatName(opponentSeat()) + "'s connection stalled " + secondsText(silence);
}

void NetPeer::heard(std::int64_t nowMs) {
    // A stall is counted when it ends (its length is known then); one that ends the match is counted by endSilent.
    const std::int64_t silence = nowMs - lastHeardMs_;
    if (state_ == PeerState::Playing && silence >= kStallShownMs) {
        ++stalls_.count;
        stalls_.longestMs = std::max(stalls_.longestMs, silence);
        stalls_.totalMs += silence;
        if (onStall_) onStall_(opponentSeat(), silence);
    }
    lastHeardMs_ = nowMs;
}

void NetPeer::endSilent(std::int64_t nowMs) {
    const std::int64_t silence = nowMs - lastHeardMs_;
    ++stalls_.count;
    stalls_.longestMs = std::max(stalls_.longestMs, silence);
    stalls_.totalMs += silence;
    if (onStall_) onStall_(opponentSeat(), silence);
    end(PeerEnd::ConnectionLost, seatName(opponentSeat()) + " went silent for " + secondsText(silence), true);
    endSeat_ = opponentSeat();
    endSilenceMs_ = silence;
}

const char* endingWord(PeerEnd why, std::int64_t silenceMs) {
    switch (why) {
    case PeerEnd::MatchOver: return "over";
    case PeerEnd::Desync: return "desync";
    case PeerEnd::ConnectionLost: return silenceMs > 0 ? "silent" : "stuck";
    case PeerEnd::OpponentLeft:
    case PeerEnd::YouLeft:
    case PeerEnd::Unsigned: return "left";  // a side that stops countersigning has left the service's match
    default: return "other";
    }
}

void NetPeer::tick(std::int64_t nowMs, std::uint16_t buttons) {
    if (startMs_ < 0) startMs_ = lastHeardMs_ = lastTickMs_ = nowMs;
    if (state_ == PeerState::Done) return;
    // A gap in our own ticks (this machine froze, or the process was not scheduled) is not the opponent's silence:
    // we were not listening, so it is neither shown, counted nor ended on as theirs.
    if (nowMs - lastTickMs_ > kStallShownMs) lastHeardMs_ = std::min(nowMs, lastHeardMs_ + (nowMs - lastTickMs_));
    lastTickMs_ = nowMs;
    const Session* before = session_.get();  // the buttons were chosen for this session (a new one waits a tick)
    poll(nowMs);
    if (state_ == PeerState::Connecting) return connecting(nowMs);
    if (state_ == PeerState::Waiting) punch(nowMs);
    if (state_ != PeerState::Playing && state_ != PeerState::Lingering) return;
    if (state_ == PeerState::Playing && session_.get() == before) session_->tick(buttons);
    sendInput(nowMs);
    checkEnd(nowMs);
}

void NetPeer::poll(std::int64_t nowMs) {
    std::vector<std::uint8_t> bytes;
    Address from = 0;
    for (int i = 0; i < kMaxDatagramsPerPoll && state_ != PeerState::Done && t_.receive(bytes, from, nowMs); ++i) {
        // Strangers are dropped before anything is decoded or authenticated; a host still reads their Hellos.
        const bool anyone =
            cfg_.host ? state_ == PeerState::Waiting : state_ == PeerState::Connecting && isCandidate(from);
        const Address known = anyone ? 0 : cfg_.host ? peer_ : cfg_.hostAddress;
        const bool maybeLearned =
            !cfg_.host && cfg_.learnFromPunch && state_ == PeerState::Connecting && looksLikePunch(bytes);
        if (known != 0 && from != known && !(cfg_.host && looksLikeHello(bytes)) && !maybeLearned) {
            ++counters_.wrongAddress;
            continue;
        }
        Packet p;
        if (!decodePacket(bytes.data(), bytes.size(), p)) {
            ++counters_.malformed;
            continue;
        }
        const std::int64_t arrived = t_.lastArrivalMs();
        handle(p, bytes, from, arrived >= 0 && arrived <= nowMs ? arrived : nowMs, nowMs);
    }
}

void NetPeer::handle(const Packet& p, const std::vector<std::uint8_t>& bytes, Address from, std::int64_t atMs,
                     std::int64_t nowMs) {
    if (p.version != kProtocolVersion) return otherVersion(p, from, nowMs);
    const PacketRoute route = packetRoute(p.type);                 // kPacketTypes (packet.h) says where each type goes
    if (route == PacketRoute::Punch) return punched(bytes, from);  // it opened a NAT on the way
    if (cfg_.host && route == PacketRoute::ToHost) return hostHello(p, bytes, from, atMs, nowMs);
    if (cfg_.host && state_ == PeerState::Waiting) {
        if (!pending_.active || from != pending_.from) {
            ++counters_.wrongAddress;
            return;
        }
        acceptPending(p, bytes, nowMs);  // a Confirm carries no inputs: they come in the next Input
        return;
    }
    const Address expected = cfg_.host ? peer_ : cfg_.hostAddress;
    const bool answering = !cfg_.host && state_ == PeerState::Connecting && isCandidate(from);
    if (from != expected && !answering) {
        ++counters_.wrongAddress;
        return;
    }
    if (!cfg_.host && route == PacketRoute::ToJoiner) return joinerAnswer(p, bytes, from, atMs, nowMs);
    if (route != PacketRoute::Sealed) {  // an unknown type, or one sent the wrong way (a Hello to a joiner)
        ++counters_.malformed;
        return;
    }
    if (!session_) return;  // the host's inputs overtook its Welcome: they will come again
    handleSealed(p, bytes, atMs, nowMs);
}

void NetPeer::handleSealed(const Packet& header, const std::vector<std::uint8_t>& bytes, std::int64_t atMs,
                           std::int64_t nowMs) {
    if (header.token != token_) {
        ++counters_.wrongToken;
        return;
    }
    Packet p;
    const std::int64_t replaysBefore = channel_.replays();
    if (!openOnChannel(channel_, bytes.data(), bytes.size(), p)) {
        if (channel_.replays() != replaysBefore) ++counters_.replayed;
        else ++counters_.forged;
        return;
    }
    if (p.type == PacketType::Confirm) return;  // the joiner says it again until our inputs reach it
    heardHost_ = true;
    heard(nowMs);
    if (p.flags & kFlagLeaving) {
        if (state_ != PeerState::Lingering) end(PeerEnd::OpponentLeft, "opponent left", true);
        else if (cfg_.rematches) end(PeerEnd::OpponentLeft, "opponent left", failed_);
        else end(lingerEnd_, lingerMessage_, failed_);
        return;
    }
    if (!takeRematch(p, nowMs)) return;
    session_->receive(p, atMs);
    if (!countersigner_) return;
    const std::int64_t refusedBefore = countersigner_->refused();
    countersigner_->receive(p, session_->confirmedHashes(), session_->endFrame());
    counters_.badCountersigns += countersigner_->refused() - refusedBefore;
}

bool NetPeer::takeRematch(const Packet& p, std::int64_t nowMs) {
    if (p.match == std::uint8_t(match_ + 1) && wantRematch_) startRematch(nowMs);  // they started it already
    if (p.match != match_) return false;  // a straggler from an older match, or a rematch we did not ask for
    if ((p.flags & kFlagRematch) && cfg_.rematches && state_ == PeerState::Lingering && !session_->desynced()) {
        remoteRematch_ = true;
        if (wantRematch_) {
            startRematch(nowMs);
            return false;  // this packet belongs to the match just ended
        }
    }
    return true;
}

void NetPeer::requestRematch() {
    if (cfg_.rematches && state_ == PeerState::Lingering && !session_->desynced()) wantRematch_ = true;
}

void NetPeer::startRematch(std::int64_t nowMs) {
    ++match_;
    cfg_.setup.seed = cfg_.setup.seed * 6364136223846793005ULL + 1442695040888963407ULL;  // both sides, in step
    wantRematch_ = remoteRematch_ = false;
    lingerEnd_ = PeerEnd::None;
    lingerMessage_.clear();
    std::string error;
    if (!startSession(error)) return end(PeerEnd::SetupFailed, error, true);
    state_ = PeerState::Playing;
    lastHeardMs_ = nowMs;
}

bool NetPeer::startSession(std::string& error) {
    sim::FighterDef defs[2];
    for (int i = 0; i < 2; ++i) {
        if (!loader_(cfg_.setup.fighter[i], defs[i], error)) return false;
    }
    cfg_.session.frameLimit = cfg_.frameLimit;
    if (cfg_.autoDelay && matchCount_ == 0) autoSessionConfig(handshakeRttMs_, cfg_.session);
    session_ = std::make_unique<Session>(cfg_.session, cfg_.setup, defs[0], defs[1]);
    countersigner_.reset();
    if (cfg_.serviceMatch != 0 && matchCount_ == 0 && opponentKnown_)  // a rematch is no service match
        countersigner_ =
            std::make_unique<Countersigner>(cfg_.identity, opponentKey_, cfg_.host ? 0 : 1, cfg_.serviceMatch);
    progressFrame_ = -1;
    ++matchCount_;
    if (onStart_) onStart_(*session_);
    return true;
}

void NetPeer::sendBytes(const std::vector<std::uint8_t>& bytes, Address to, std::int64_t nowMs) {
    t_.sendTo(to, bytes.data(), bytes.size(), nowMs);
}

void NetPeer::sendInput(std::int64_t nowMs) {
    Packet p = session_->makePacket(nowMs);
    p.token = token_;
    p.match = match_;
    if (wantRematch_) p.flags |= kFlagRematch;
    if (countersigner_) {
        const std::int64_t refusedBefore = countersigner_->refused();
        countersigner_->update(session_->confirmedHashes(), session_->endFrame());
        counters_.badCountersigns += countersigner_->refused() - refusedBefore;
        countersigner_->fill(p);
    }
    if (!cfg_.host && !heardHost_) sendConfirm(nowMs);  // until the host's first input shows it has it
    sendBytes(sealOnChannel(p, channel_), cfg_.host ? peer_ : cfg_.hostAddress, nowMs);
}

void NetPeer::checkEnd(std::int64_t nowMs) {
    if (session_->desynced() && lingerEnd_ != PeerEnd::Desync) {
        failed_ = true;
        return linger(PeerEnd::Desync, "DESYNC at frame " + std::to_string(session_->desyncFrame()), nowMs);
    }
    if (state_ == PeerState::Playing && session_->finished()) return linger(PeerEnd::MatchOver, "match over", nowMs);
    const bool silent = nowMs - lastHeardMs_ > cfg_.timeoutMs;
    if (state_ == PeerState::Playing) {
        if (session_->confirmedFrame() != progressFrame_) {
            progressFrame_ = session_->confirmedFrame();
            progressMs_ = nowMs;
        }
        const std::int64_t owed = countersigner_ ? countersigner_->overdue(session_->confirmedFrame()) : 0;
        if (silent) {
            endSilent(nowMs);
        } else if (owed > 0) {
            end(PeerEnd::Unsigned, "the opponent stopped countersigning at frame " + std::to_string(owed), true);
        } else if (nowMs - progressMs_ > cfg_.progressMs) {
            end(PeerEnd::ConnectionLost,
                "connection lost: no frame confirmed for " + std::to_string(cfg_.progressMs / 1000) + " s", true);
        }
        return;
    }
    const bool desync = session_->desynced();
    if (cfg_.rematches && !desync && lingerEnd_ == PeerEnd::MatchOver) {  // stay for a rematch until they go quiet
        if (silent) end(PeerEnd::OpponentLeft, "opponent left", false);
        return;
    }
    const bool countersigned = !countersigner_ || countersigner_->settled(session_->endFrame());
    const bool delivered = !desync && session_->peerHasEverything() && countersigned && nowMs - lingerSinceMs_ >= 100;
    const bool enough = nowMs - lingerSinceMs_ > (desync ? kDesyncLingerMs : cfg_.timeoutMs);
    if (delivered || enough || silent) end(lingerEnd_, lingerMessage_, failed_);
}

void NetPeer::leave(std::int64_t nowMs) {
    if (state_ == PeerState::Done) return;
    if (session_) {
        session_->leave();
        for (int i = 0; i < 3; ++i) sendInput(nowMs);
    }
    if (state_ == PeerState::Lingering) return end(lingerEnd_, lingerMessage_, failed_);
    if (state_ == PeerState::Playing) end(PeerEnd::YouLeft, "you left", true);
    else end(PeerEnd::Cancelled, "cancelled", true);
}

void NetPeer::linger(PeerEnd why, const std::string& message, std::int64_t nowMs) {
    lingerEnd_ = why;
    lingerMessage_ = message;
    state_ = PeerState::Lingering;
    lingerSinceMs_ = nowMs;
}

void NetPeer::end(PeerEnd why, const std::string& message, bool failed) {
    state_ = PeerState::Done;
    const bool theirs = why == PeerEnd::OpponentLeft || why == PeerEnd::Unsigned;
    endSeat_ = theirs ? opponentSeat() : why == PeerEnd::YouLeft ? 1 - opponentSeat() : -1;
    endSilenceMs_ = 0;
    end_ = why;
    endMessage_ = message;
    failed_ = failed;
}

}  // namespace net
