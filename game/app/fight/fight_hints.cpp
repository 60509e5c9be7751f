// The fight's key hints (see fight_hints.h).
#include "game/app/fight/fight_hints.h"

namespace app {

std::string playerKeysHint(const Bindings& b, int player) {
    const int o = player == 0 ? 0 : kP2Up - kP1Up;
    const auto key = [&](Action a) { return firstKeyText(b, Action(a + o)); };
    const auto button = [&](Action a) { return buttonKeysText(b, Action(a + o)); };
    return std::string(player == 0 ? "P1: " : "P2: ") + key(kP1Up) + " " + key(kP1Left) + " " + key(kP1Down) + " " +
           key(kP1Right) + " move, " + button(kP1Light) + " light, " + button(kP1Medium) + " medium, " +
           button(kP1Heavy) + " heavy, " + button(kP1Special) + " special, " + button(kP1Throw) + " throw";
}

std::string fightHint(const Bindings& b, sim::Mode mode) {
    const std::string pause = firstKeyText(b, kStart) + " / " + firstKeyText(b, kBack) + ": pause menu";
    if (mode == sim::Mode::Training) {
        return playerKeysHint(b, 0) + "    " + firstKeyText(b, kOverlay) + " boxes  " + firstKeyText(b, kPause) +
               " freeze  " + firstKeyText(b, kFrameStep) + " step  " + firstKeyText(b, kSlowMotion) + " slow  " +
               firstKeyText(b, kReset) + " reset    " + pause;
    }
    if (mode == sim::Mode::Versus) return playerKeysHint(b, 0) + "    " + pause + "\n" + playerKeysHint(b, 1);
    if (mode == sim::Mode::VersusCpu) return playerKeysHint(b, 0) + "    " + pause;
    return pause;  // CPU vs CPU: nobody's keys
}

std::string onlineHint(const Bindings& b, int seat) {
    const std::string keys = playerKeysHint(b, 0).substr(4);  // the keys without their "P1: "
    return std::string(seat == 0 ? "You are P1 (left): " : "You are P2 (right): ") + keys + "    " +
           firstKeyText(b, kBack) + ": leave";
}

std::string lessonHint(const Bindings& b) {
    return playerKeysHint(b, 0) + "    " + firstKeyText(b, kStart) + " / " + firstKeyText(b, kBack) + ": pause menu";
}

std::string lessonKeysLine(const Bindings& b, bool facingRight) {
    const std::string left = firstKeyText(b, kP1Left), right = firstKeyText(b, kP1Right);
    return "Your keys:  [up] " + firstKeyText(b, kP1Up) + "   [down] " + firstKeyText(b, kP1Down) + "   [back] " +
           (facingRight ? left : right) + "   [forward] " + (facingRight ? right : left) +
           "   (forward = towards the opponent)";
}

std::string overlayHint(const Bindings& b, bool practice) {
    const std::string view = firstKeyText(b, kOverlay) + " boxes  " + firstKeyText(b, kNames) + " names";
    if (!practice) return view;
    return view + "  " + firstKeyText(b, kPause) + " freeze  " + firstKeyText(b, kFrameStep) + " step  " +
           firstKeyText(b, kSlowMotion) + " slow  " + firstKeyText(b, kReset) + " reset";
}

std::string replayHint(const Bindings& b) {
    return firstKeyText(b, kOverlay) + " boxes  " + firstKeyText(b, kNames) + " names  " + firstKeyText(b, kPause) +
           " freeze  " + firstKeyText(b, kFrameStep) + " step  " + firstKeyText(b, kSlowMotion) + " slow    " +
           firstKeyText(b, kStart) + " / " + firstKeyText(b, kBack) + ": menu";
}

}  // namespace app
