#pragma once
// Live-match rules: what a match started from the window's menus uses that scripts and the first replays do not,
// the round intro and motion inputs (both MatchSetup fields whose defaults keep old files reading the same).
// Kept in one place so every way into a live match (menus, --show, a rematch) agrees, and the intro banner's
// wording is a pure function the app tests can check without a window.
#include "game/sim/fight.h"

#include <cstdint>
#include <string>

namespace app {

/// Frames of the intro that show "ROUND N"; the rest show "FIGHT!".
constexpr int kIntroRoundFrames = 60;
/// Frames "FIGHT!" stays up once play is live.
constexpr int kIntroFightAfter = 30;

/// Gives a setup the window's live rules: the round intro (not in training, whose match restarts at every dummy or
/// position change), each player's input style (motion, or simple's one-button shortcuts) and counter hits on
/// startup frames (in training the dummy's own setting decides). Set the mode first.
inline void applyLiveRules(sim::MatchSetup& s, sim::InputStyle p1, sim::InputStyle p2) {
    s.intro = s.mode == sim::Mode::Training ? 0 : sim::kLiveIntro;
    if (s.mode != sim::Mode::Training) s.counter = sim::CounterHits::On;
    s.style[0] = p1;
    s.style[1] = p2;
}
/// The same with one style for both players: simple, or motion.
inline void applyLiveRules(sim::MatchSetup& s, bool simple) {
    const sim::InputStyle st = simple ? sim::InputStyle::Simple : sim::InputStyle::Motion;
    applyLiveRules(s, st, st);
}

/// The setup an online match starts from, this side's view: the rules of offline Versus (applyLiveRules: the
/// round intro, motion or simple inputs) with the given seed. The host's becomes the match (its seed, intro and
/// stage settings); style[0] is this side's own style, which a joiner sends in its Hello (the peer puts each
/// side's style in its slot).
inline sim::MatchSetup onlineSetup(std::uint64_t seed, bool simple) {
    sim::MatchSetup s;
    s.mode = sim::Mode::Versus;
    s.seed = seed;
    applyLiveRules(s, simple);
    return s;
}

/// The intro banner after `roundFrame` steps of a round with an `intro`-frame intro: "ROUND N", then "FIGHT!"
/// (through kIntroFightAfter live frames), else "" (also when the setup has no intro).
inline std::string introText(int roundFrame, int intro, int round) {
    if (intro <= 0) return "";
    if (roundFrame <= intro * kIntroRoundFrames / sim::kLiveIntro) return "ROUND " + std::to_string(round);
    if (roundFrame <= intro + kIntroFightAfter) return "FIGHT!";
    return "";
}

/// Frames the intro banner introText shows at `roundFrame` has been up (it scales in as it appears).
inline int introAge(int roundFrame, int intro) {
    const int roundUntil = intro * kIntroRoundFrames / sim::kLiveIntro;
    return roundFrame <= roundUntil ? roundFrame : roundFrame - roundUntil - 1;
}

}  // namespace app
