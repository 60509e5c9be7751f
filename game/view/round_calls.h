#pragma once
// What the announcer says when a round ends, in the order it is said: how the round ended ("K.O.", "DOUBLE K.O.",
// "TIME OVER"), "DRAW" when the round has no winner (both fell, or time ran out on equal health), and, when this
// round decided the match, the match's result. The rules report all of it in one step (a KO, the round's end and
// the match's end happen on the same frame), so the view must play the calls one after another rather than let
// the last event's banner overwrite the first. A pure function of the step's events and the state after it, so the
// app tests check the order without a window.
#include "game/sim/fight.h"

#include <functional>
#include <string>
#include <vector>

namespace app {

/// One call: its words and how long it stays up before the next (the match's result stays up for good after).
struct RoundCall {
    std::string text;     ///< "K.O.", "TIME OVER", "DRAW", "RYO WINS"
    int ticks = 0;        ///< frames it is shown before the next call
    bool result = false;  ///< the match's result (stays up after its ticks)
};

/// Frames each call is up: the round's end and DRAW share the 90 frames before the next round starts.
constexpr int kEndCallTicks = sim::kRoundCallFrames;  // the rules start the win and lose poses after it
constexpr int kDrawCallTicks = 35;
constexpr int kResultCallTicks = 90;

/// The calls of a step (none when no round ended in it); `matchResult(w)` words the match's result for winner w.
inline std::vector<RoundCall> roundCalls(const std::vector<sim::Event>& events, const sim::FightState& after,
                                         const std::function<std::string(int)>& matchResult) {
    int kos = 0;
    bool timeOver = false;
    for (const sim::Event& e : events) {
        kos += e.type == sim::EventType::KO;
        timeOver = timeOver || e.type == sim::EventType::TimeOver;
    }
    std::vector<RoundCall> calls;
    if (kos == 0 && !timeOver) return calls;
    calls.push_back({kos > 1 ? "DOUBLE K.O." : kos == 1 ? "K.O." : "TIME OVER", kEndCallTicks, false});
    if (after.roundWinner != 0 && after.roundWinner != 1) calls.push_back({"DRAW", kDrawCallTicks, false});
    if (after.matchOver) calls.push_back({matchResult(after.matchWinner), kResultCallTicks, true});
    return calls;
}

}  // namespace app
