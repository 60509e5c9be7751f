// The training dummy's settings beyond its stance and guard (fight_cpu.cpp): the guard after the first hit, a
// reversal move of the player's choice, throw techs, and playback from three recording slots.
//
// Why it looks like this: like the CPU, the dummy only produces buttons for a frame, so the rules cannot tell it
// from a player and a replay needs only the human's inputs and the setup. What it must remember between frames
// (the guard it holds since a hit, the frames of a reversal input still to enter, the coin of a throw tech, the
// recording take it plays) is FighterState::dummy (DummyMemory), so it is saved, restored and hashed with the state.
// Every random choice is one draw from the state's generator.
#include "game/sim/fight.h"

#include <algorithm>

namespace sim {

namespace {

constexpr int kAfterHitQuiet = 30;  ///< AfterHit: frames free with nothing coming before it stands open again

/// The buttons of numpad direction n for a fighter facing right (6 = forward = kRight, 4 = back = kLeft).
std::uint16_t numpadButtons(int n) {
    std::uint16_t b = 0;
    if (n <= 3) b |= kDown;
    if (n >= 7) b |= kUp;
    if (n % 3 == 1) b |= kLeft;
    if (n % 3 == 0) b |= kRight;
    return b;
}

/// The input a dummy of style `style` uses for move `a`: its first regular input (a `simple` one only when the
/// move has no other and the style allows it), or nullptr.
const MoveInput* usableInput(const AnimDef& a, InputStyle style) {
    for (const MoveInput& in : a.inputs) {
        if (!in.simple) return &in;
    }
    for (const MoveInput& in : a.inputs) {
        if (style == InputStyle::Simple) return &in;
    }
    return nullptr;
}

}  // namespace

std::vector<std::string> reversalMoves(const FighterDef& d) {
    std::vector<std::string> out;
    for (const AnimDef& a : d.anims) {
        if (a.isMove && a.fromGround && !a.inputs.empty()) out.push_back(a.name);
    }
    return out;
}

std::vector<std::uint16_t> reversalInput(const FighterDef& d, const std::string& move, InputStyle style) {
    const int anim = d.anim(move);
    if (anim < 0 || !d.anims[std::size_t(anim)].isMove || !d.anims[std::size_t(anim)].fromGround) return {};
    const MoveInput* in = usableInput(d.anims[std::size_t(anim)], style);
    if (in == nullptr) return {};
    std::vector<int> pad;
    switch (in->motion) {
    case Motion::QCF: pad = {2, 3, 6}; break;
    case Motion::DP: pad = {6, 2, 3}; break;
    case Motion::QCB: pad = {2, 1, 4}; break;
    case Motion::HCF: pad = {4, 1, 2, 3, 6}; break;
    case Motion::DownDown: pad = {2, 5, 2}; break;
    case Motion::QCF2: pad = {2, 3, 6, 2, 3, 6}; break;
    case Motion::None: pad = {in->dir == 0 ? 5 : in->dir}; break;
    }
    std::vector<std::uint16_t> steps;
    for (int n : pad) steps.push_back(numpadButtons(n));
    steps.back() = std::uint16_t(steps.back() | in->button);  // the press on the last step
    return steps;
}

std::uint16_t Fight::trainingDummy(int p, const FrameInput& in) {
    // A throw tech comes first (it is what a held dummy can still do), then a reversal being entered, then the mode.
    if (setup_.dummy == DummyMode::Record) return dummyInput(p, in);
    const int tech = dummyTech(p);
    if (setup_.dummy == DummyMode::Playback) return tech ? std::uint16_t(tech) : dummyPlayback(p);
    if (tech) return std::uint16_t(tech);
    const int reversal = dummyReversal(p);
    if (reversal >= 0) return std::uint16_t(reversal);
    return setup_.dummy == DummyMode::AfterHit ? dummyAfterHit(p) : dummyInput(p, in);
}

int Fight::dummyTech(int p) {
    // Never: as before. Always: a throw press on the first frame it is held. Random: one coin per grab.
    FighterState& f = s_.fighters[p];
    std::uint8_t& coin = f.dummy.techCoin;
    const std::uint16_t button = std::uint16_t(defs_[p].techButtons & -defs_[p].techButtons);  // its lowest tech button
    if (setup_.throwTech == DummyTech::Never || button == 0) return 0;
    if (f.action != Action::Thrown) {
        coin = 0;
        return 0;
    }
    if (coin == 0) coin = setup_.throwTech == DummyTech::Always || (nextRandom() & 1) ? 1 : 2;
    return coin == 1 && !(f.held & button) ? button : 0;
}

int Fight::dummyReversal(int p) {
    // The chosen move's input, a step a frame, timed so that its press lands on the last frame of blockstun,
    // hitstun or lying down (a buffered press then starts on the first free frame). Returns -1 when not entering one.
    FighterState& f = s_.fighters[p];
    const int steps = int(reversalSteps_.size());
    if (steps == 0) return -1;
    int left = f.dummy.reversalLeft;
    if (left == 0) {
        const bool stunned = f.action == Action::Blockstun || f.action == Action::Knockdown ||
                             (f.action == Action::Hitstun && !f.launched && !f.airborne);
        const int stun = f.action == Action::Blockstun ? f.blockstun : f.hitstun;
        if (!stunned || s_.hitstop != 0 || stun != steps) return -1;
        left = steps;
    }
    f.dummy.reversalLeft = std::uint8_t(left - 1);
    return relativeToAbsolute(reversalSteps_[std::size_t(steps - left)], f.facing);
}

std::uint16_t Fight::dummyAfterHit(int p) {
    // Stands open until it is hit; from then on it guards every attack and fireball (low for a low, standing
    // otherwise), so a second hit that is not a true combo is blocked, until it has stood free with nothing coming
    // for kAfterHitQuiet frames: then it is open again. While it guards and nothing comes it crouch-guards (holding
    // back alone would walk it away, and back, neutral, back is a back dash), so no neutral frame ever splits its
    // guard.
    FighterState& f = s_.fighters[p];
    const FighterState& o = s_.fighters[1 - p];
    DummyMemory& m = f.dummy;
    const bool hit = f.action == Action::Hitstun || f.action == Action::Knockdown || f.action == Action::Thrown;
    const bool free = f.action == Action::Idle || f.action == Action::Walk || f.action == Action::Crouch;
    const bool threatened = o.action == Action::Attack || s_.projectiles[1 - p].alive;
    if (hit) m.guarding = 1, m.quietFrames = 0;
    if (!m.guarding) return 0;
    const std::uint16_t back = f.facing > 0 ? kLeft : kRight;
    if (free && !threatened) {
        const int quiet = m.quietFrames + 1;
        if (quiet >= kAfterHitQuiet) {
            m.guarding = 0, m.quietFrames = 0;
            return 0;
        }
        m.quietFrames = std::uint8_t(quiet);
        return std::uint16_t(back | kDown);
    }
    m.quietFrames = 0;
    const bool low = o.action == Action::Attack && defs_[1 - p].anims[std::size_t(o.anim)].guard == Guard::Low;
    return std::uint16_t(back | (low || !threatened ? kDown : 0));
}

std::uint16_t Fight::dummyPlayback(int p) {
    // Slot 1 plays as it always has (dummyInput); slots 2 and 3 the same way; 0 = a random filled slot per take.
    FighterState& f = s_.fighters[p];
    if (setup_.playSlot >= 1) {
        const std::vector<std::uint16_t>& tape = setup_.tapeOf(setup_.playSlot);
        if (tape.empty()) return 0;
        const std::size_t at = std::size_t(s_.roundFrame - 1 - setup_.intro) % tape.size();
        return relativeToAbsolute(tape[at], f.facing);
    }
    int filled[kTapeSlots] = {};
    int count = 0;
    for (int n = 1; n <= kTapeSlots; ++n) {
        if (!setup_.tapeOf(n).empty()) filled[count++] = n;
    }
    if (count == 0) return 0;
    int slot = f.dummy.playSlot, at = f.dummy.playFrame;
    if (slot == 0 || at >= int(setup_.tapeOf(slot).size())) {
        slot = filled[nextRandom() % std::uint64_t(count)];
        at = 0;
    }
    f.dummy.playSlot = std::uint8_t(slot);
    f.dummy.playFrame = std::uint16_t(at + 1);
    return relativeToAbsolute(setup_.tapeOf(slot)[std::size_t(at)], f.facing);
}

}  // namespace sim
