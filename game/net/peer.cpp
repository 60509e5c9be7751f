// One side of an online match: handshake, packet filter, session and ending (see peer.h).
#include "game/net/peer.h"

#include <random>

namespace net {
namespace {

constexpr int kHelloEveryMs = 250;   // joiner: Hello resend period until the host answers
constexpr int kDesyncLingerMs = 1000;// after a desync: keep sending our hash so the other side sees it too
constexpr int kMaxDatagramsPerPoll = 256;  // a flood cannot keep one tick reading forever

std::uint32_t randomToken() {
    std::random_device rd;
    std::uint32_t t = 0;
    while (t == 0) t = std::uint32_t(rd());
    return t;
}

}  // namespace

const char* refuseText(RefuseReason r) {
    switch (r) {
    case RefuseReason::Version: return "the host runs another protocol version";
    case RefuseReason::Busy: return "the host is already in a match";
    case RefuseReason::BadFighter: return "the host does not have your fighter";
    }
    return "unknown reason";
}

NetPeer::NetPeer(Transport& t, const PeerConfig& cfg, FighterLoader loader)
    : t_(t), cfg_(cfg), loader_(std::move(loader)), state_(cfg.host ? PeerState::Waiting : PeerState::Connecting) {
    cfg_.session.me = cfg.host ? 0 : 1;
    cfg_.setup.mode = sim::Mode::Versus;
    if (cfg.host) {
        cfg_.setup.fighter[0] = cfg.fighter;
        cfg_.setup.style[0] = cfg.style;
        token_ = cfg.token != 0 ? cfg.token : randomToken();
    }
}

void NetPeer::tick(std::int64_t nowMs, std::uint16_t buttons) {
    if (startMs_ < 0) startMs_ = lastHeardMs_ = nowMs;
    if (state_ == PeerState::Done) return;
    const Session* before = session_.get();  // the buttons were chosen for this session (a new one waits a tick)
    poll(nowMs);
    if (state_ == PeerState::Connecting) {
        if (nowMs - startMs_ > cfg_.connectTimeoutMs) {
            end(PeerEnd::NoAnswer, "no answer from the host", true);
        } else if (nowMs - lastHelloMs_ >= kHelloEveryMs) {
            Packet hello;
            hello.type = PacketType::Hello;
            hello.fighter = cfg_.fighter;
            hello.style = cfg_.style;
            send(hello, cfg_.hostAddress, nowMs);
            lastHelloMs_ = nowMs;
        }
        return;
    }
    if (state_ != PeerState::Playing && state_ != PeerState::Lingering) return;
    if (state_ == PeerState::Playing && session_.get() == before) session_->tick(buttons);
    sendInput(nowMs);
    checkEnd(nowMs);
}

void NetPeer::poll(std::int64_t nowMs) {
    std::vector<std::uint8_t> bytes;
    Address from = 0;
    for (int i = 0; i < kMaxDatagramsPerPoll && state_ != PeerState::Done && t_.receive(bytes, from, nowMs); ++i) {
        Packet p;
        if (!decodePacket(bytes.data(), bytes.size(), p)) {
            ++counters_.malformed;
            continue;
        }
        handle(p, from, nowMs);
    }
}

void NetPeer::handle(const Packet& p, Address from, std::int64_t nowMs) {
    if (cfg_.host && p.type == PacketType::Hello) return hostHello(p, from, nowMs);
    const Address expected = cfg_.host ? peer_ : cfg_.hostAddress;
    if ((cfg_.host && state_ == PeerState::Waiting) || from != expected) {
        ++counters_.wrongAddress;
        return;
    }
    if (!cfg_.host && (p.type == PacketType::Welcome || p.type == PacketType::Refuse || p.version != kProtocolVersion)) {
        return joinerAnswer(p, nowMs);
    }
    if (!session_) return;  // the host's inputs overtook its Welcome: they will come again
    if (p.version != kProtocolVersion || p.type != PacketType::Input) {
        ++counters_.malformed;
        return;
    }
    if (p.token != token_) {
        ++counters_.wrongToken;
        return;
    }
    lastHeardMs_ = nowMs;
    if (p.flags & kFlagLeaving) {
        if (state_ != PeerState::Lingering) end(PeerEnd::OpponentLeft, "opponent left", true);
        else if (cfg_.rematches) end(PeerEnd::OpponentLeft, "opponent left", failed_);
        else end(lingerEnd_, lingerMessage_, failed_);
        return;
    }
    if (takeRematch(p, nowMs)) session_->receive(p, nowMs);
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

void NetPeer::hostHello(const Packet& p, Address from, std::int64_t nowMs) {
    Packet answer;
    answer.type = PacketType::Refuse;
    if (state_ != PeerState::Waiting) {
        if (from == peer_ && p.version == kProtocolVersion) {  // our Welcome was lost: say it again
            answer.type = PacketType::Welcome;
            answer.token = token_;
            answer.setup = cfg_.setup;
            answer.frameLimit = cfg_.frameLimit;
        } else {
            answer.reason = RefuseReason::Busy;
        }
    } else if (p.version != kProtocolVersion) {
        answer.reason = RefuseReason::Version;
    } else {
        sim::FighterDef probe;
        std::string error;
        if (!loader_(p.fighter, probe, error)) {
            answer.reason = RefuseReason::BadFighter;
        } else {
            sim::MatchSetup agreed = cfg_.setup;
            agreed.fighter[1] = p.fighter;
            agreed.style[1] = p.style;
            // Play exactly what the Welcome carries, so both sides (and both recordings) have the same setup.
            if (!wireSetup(agreed, cfg_.setup)) return end(PeerEnd::SetupFailed, "the match setup cannot be sent online", true);
            if (!startSession(error)) return end(PeerEnd::SetupFailed, error, true);
            peer_ = from;
            lastHeardMs_ = nowMs;
            state_ = PeerState::Playing;
            answer.type = PacketType::Welcome;
            answer.token = token_;
            answer.setup = cfg_.setup;
            answer.frameLimit = cfg_.frameLimit;
        }
    }
    if (answer.type == PacketType::Refuse) ++counters_.refusedJoiners;
    send(answer, from, nowMs);
}

void NetPeer::joinerAnswer(const Packet& p, std::int64_t nowMs) {
    if (p.version != kProtocolVersion) {
        return end(PeerEnd::Refused, "refused: the host runs protocol version " + std::to_string(p.version) +
                                         ", this game " + std::to_string(kProtocolVersion), true);
    }
    if (p.type == PacketType::Refuse) {
        if (state_ == PeerState::Connecting) end(PeerEnd::Refused, std::string("refused: ") + refuseText(p.reason), true);
        return;
    }
    if (p.type != PacketType::Welcome || state_ != PeerState::Connecting) return;  // a repeated Welcome
    if (p.setup.fighter[1] != cfg_.fighter) return end(PeerEnd::Refused, "the host's welcome names another fighter", true);
    if (p.setup.style[1] != cfg_.style) return end(PeerEnd::Refused, "the host's welcome names another input style", true);
    token_ = p.token;
    cfg_.setup = p.setup;
    cfg_.frameLimit = p.frameLimit;
    std::string error;
    if (!startSession(error)) return end(PeerEnd::SetupFailed, error, true);
    lastHeardMs_ = nowMs;
    state_ = PeerState::Playing;
}

bool NetPeer::startSession(std::string& error) {
    sim::FighterDef defs[2];
    for (int i = 0; i < 2; ++i) {
        if (!loader_(cfg_.setup.fighter[i], defs[i], error)) return false;
    }
    cfg_.session.frameLimit = cfg_.frameLimit;
    session_ = std::make_unique<Session>(cfg_.session, cfg_.setup, defs[0], defs[1]);
    ++matchCount_;
    if (onStart_) onStart_(*session_);
    return true;
}

void NetPeer::send(const Packet& p, Address to, std::int64_t nowMs) {
    const std::vector<std::uint8_t> bytes = encodePacket(p);
    t_.sendTo(to, bytes.data(), bytes.size(), nowMs);
}

void NetPeer::sendInput(std::int64_t nowMs) {
    Packet p = session_->makePacket(nowMs);
    p.token = token_;
    p.match = match_;
    if (wantRematch_) p.flags |= kFlagRematch;
    send(p, cfg_.host ? peer_ : cfg_.hostAddress, nowMs);
}

void NetPeer::checkEnd(std::int64_t nowMs) {
    if (session_->desynced() && lingerEnd_ != PeerEnd::Desync) {
        failed_ = true;
        return linger(PeerEnd::Desync, "DESYNC at frame " + std::to_string(session_->desyncFrame()), nowMs);
    }
    if (state_ == PeerState::Playing && session_->finished()) return linger(PeerEnd::MatchOver, "match over", nowMs);
    const bool silent = nowMs - lastHeardMs_ > cfg_.timeoutMs;
    if (state_ == PeerState::Playing) {
        if (silent) end(PeerEnd::ConnectionLost, "connection lost", true);
        return;
    }
    const bool desync = session_->desynced();
    if (cfg_.rematches && !desync && lingerEnd_ == PeerEnd::MatchOver) {  // stay for a rematch until they go quiet
        if (silent) end(PeerEnd::OpponentLeft, "opponent left", false);
        return;
    }
    const bool delivered = !desync && session_->peerHasEverything() && nowMs - lingerSinceMs_ >= 100;
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
    end_ = why;
    endMessage_ = message;
    failed_ = failed;
}

}  // namespace net
