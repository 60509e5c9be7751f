// Countersigned checkpoints (countersign.h).
#include "game/net/countersign.h"

#include "game/net/crypto/sha256.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace net {
namespace {

void putLittle(crypto::Sha256& sha, std::uint64_t v, int bytes) {
    std::uint8_t b[8];
    for (int i = 0; i < bytes; ++i) b[i] = std::uint8_t(v >> (8 * i));
    sha.update(b, std::size_t(bytes));
}

int hexDigit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

// Lower-case hex of exactly out's size in bytes; false for anything else.
template <std::size_t N>
bool fromHex(const std::string& hex, std::array<std::uint8_t, N>& out) {
    if (hex.size() != 2 * N) return false;
    for (std::size_t i = 0; i < N; ++i) {
        const int hi = hexDigit(hex[2 * i]), lo = hexDigit(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) return false;
        out[i] = std::uint8_t(hi * 16 + lo);
    }
    return true;
}

}  // namespace

std::array<std::uint8_t, 32> countersignDigest(std::int64_t matchId, std::uint32_t frame, std::uint64_t hash,
                                               const IdentityKey& p1, const IdentityKey& p2) {
    static const char kLabel[] = "bvh-countersign 1";
    crypto::Sha256 sha;
    sha.update(kLabel, sizeof kLabel);  // the label's 0 ends it
    putLittle(sha, std::uint64_t(matchId), 8);
    putLittle(sha, frame, 4);
    putLittle(sha, hash, 8);
    sha.update(p1.data(), p1.size());
    sha.update(p2.data(), p2.size());
    return sha.finish();
}

Countersign signCheckpoint(const Identity& me, std::int64_t matchId, std::uint32_t frame, std::uint64_t hash,
                           const IdentityKey& p1, const IdentityKey& p2) {
    Countersign c;
    c.frame = frame;
    c.hash = hash;
    c.signature = signDigest(me, countersignDigest(matchId, frame, hash, p1, p2));
    return c;
}

bool countersignChecks(const Countersign& c, const IdentityKey& signer, std::int64_t matchId, const IdentityKey& p1,
                       const IdentityKey& p2) {
    return c.frame > 0 && verifyDigest(signer, countersignDigest(matchId, c.frame, c.hash, p1, p2), c.signature);
}

bool countersignFrame(std::int64_t frame, std::int64_t endFrame) {
    if (frame <= 0 || (endFrame > 0 && frame > endFrame)) return false;
    return frame % kCountersignEvery == 0 || frame == endFrame;
}

std::string countersignText(const std::vector<Countersign>& signs) {
    std::string out;
    static const char kDigits[] = "0123456789abcdef";
    for (const Countersign& c : signs) {
        char hash[17];
        std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(c.hash));
        out += "countersign " + std::to_string(c.frame) + " " + hash + " ";
        for (std::uint8_t b : c.signature) {
            out += kDigits[b >> 4];
            out += kDigits[b & 15];
        }
        out += "\n";
    }
    return out;
}

bool parseCountersigns(const std::string& text, std::vector<Countersign>& out, std::string& why) {
    out.clear();
    std::istringstream lines(text);
    std::string line;
    for (int n = 1; std::getline(lines, line); ++n) {
        std::istringstream words(line);
        std::string word, frame, hash, sig, extra;
        words >> word >> frame >> hash >> sig >> extra;
        Countersign c;
        std::array<std::uint8_t, 8> hashBytes{};
        const bool number =
            !frame.empty() && frame.size() <= 7 && frame.find_first_not_of("0123456789") == std::string::npos;
        if (word != "countersign" || !number || !extra.empty() || !fromHex(hash, hashBytes) ||
            !fromHex(sig, c.signature)) {
            why = "countersigns:" + std::to_string(n) + ": expected `countersign FRAME HASH SIGNATURE`";
            return false;
        }
        c.frame = std::uint32_t(std::stoul(frame));
        for (std::uint8_t b : hashBytes) c.hash = c.hash << 8 | b;
        if (c.frame == 0 || (!out.empty() && c.frame <= out.back().frame)) {
            why = "countersigns:" + std::to_string(n) + ": frame " + frame + " is not after the line before";
            return false;
        }
        if (out.size() >= kMaxCountersigns) {
            why = "countersigns:" + std::to_string(n) + ": more than " + std::to_string(kMaxCountersigns);
            return false;
        }
        out.push_back(c);
    }
    return true;
}

Countersigner::Countersigner(const Identity& me, const IdentityKey& opponent, int mySeat, std::int64_t matchId)
    : me_(me), opponent_(opponent), matchId_(matchId) {
    p1_ = mySeat == 0 ? me.publicKey : opponent;
    p2_ = mySeat == 0 ? opponent : me.publicKey;
}

std::int64_t Countersigner::previousCheckpoint(std::int64_t frame) const {
    return (frame - 1) / kCountersignEvery * kCountersignEvery;
}

void Countersigner::update(const std::vector<std::uint64_t>& confirmed, std::int64_t endFrame) {
    if (waiting_.frame != 0 && waiting_.frame <= confirmed.size()) {
        const Countersign c = waiting_;
        waiting_.frame = 0;
        take(c, confirmed, endFrame);
    }
    const std::int64_t last = std::int64_t(confirmed.size());
    std::int64_t newest = endFrame > 0 && last >= endFrame ? endFrame : last / kCountersignEvery * kCountersignEvery;
    if (newest <= std::int64_t(mine_.frame)) return;
    // Lock step: the checkpoint before it must be countersigned by the opponent already (the first is free).
    const std::int64_t theirs = held_.empty() ? 0 : held_.back().frame;
    const std::int64_t before = previousCheckpoint(newest);
    if (before > theirs) newest = std::min(newest, theirs + kCountersignEvery);
    if (newest <= std::int64_t(mine_.frame) || !countersignFrame(newest, endFrame)) return;
    mine_ = signCheckpoint(me_, matchId_, std::uint32_t(newest), confirmed[std::size_t(newest - 1)], p1_, p2_);
}

void Countersigner::fill(Packet& p) const {
    if (ackWanted_) p.signAck = held_.empty() ? 0 : held_.back().frame;
    if (mine_.frame > ackedByOpponent_) {
        p.signFrame = mine_.frame;
        p.countersign = mine_.signature;
    }
}

void Countersigner::receive(const Packet& p, const std::vector<std::uint64_t>& confirmed, std::int64_t endFrame) {
    if (p.signAck <= mine_.frame) ackedByOpponent_ = std::max(ackedByOpponent_, p.signAck);
    ackWanted_ = p.signFrame != 0;  // acknowledged while the opponent still sends it, not in every packet
    if (p.signFrame == 0 || (!held_.empty() && p.signFrame <= held_.back().frame)) return;  // none, or said again
    if (p.signFrame == refusedFrame_) return;  // a bad one said again (until acknowledged): refused once
    Countersign c;
    c.frame = p.signFrame;
    c.signature = p.countersign;
    if (c.frame > confirmed.size()) {  // not confirmed here yet: checked once it is (the newest kept)
        if (c.frame >= waiting_.frame) waiting_ = c;
        return;
    }
    take(c, confirmed, endFrame);
}

bool Countersigner::take(const Countersign& in, const std::vector<std::uint64_t>& confirmed, std::int64_t endFrame) {
    Countersign c = in;
    c.hash = confirmed[std::size_t(c.frame - 1)];  // the hash this side confirmed: what the opponent must have signed
    if (!countersignFrame(c.frame, endFrame) || !countersignChecks(c, opponent_, matchId_, p1_, p2_)) {
        ++refused_;
        refusedFrame_ = c.frame;
        return false;
    }
    if (held_.empty() || c.frame > held_.back().frame) held_.push_back(c);
    return true;
}

std::int64_t Countersigner::overdue(std::int64_t confirmedFrame) const {
    const std::int64_t due = (confirmedFrame - kCountersignGraceFrames) / kCountersignEvery * kCountersignEvery;
    if (due <= 0) return 0;
    // The lock step lets the opponent sign a checkpoint once it holds ours of the one before.
    const std::int64_t theirs = held_.empty() ? 0 : held_.back().frame;
    return theirs < due && std::int64_t(mine_.frame) >= previousCheckpoint(theirs + kCountersignEvery)
               ? theirs + kCountersignEvery
               : 0;
}

bool Countersigner::settled(std::int64_t endFrame) const {
    return endFrame > 0 && !held_.empty() && held_.back().frame == endFrame && ackedByOpponent_ == endFrame;
}

}  // namespace net
