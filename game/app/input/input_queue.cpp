// The frame's input events spread over its ticks (see input_queue.h).
#include "game/app/input/input_queue.h"

#include <algorithm>

namespace app {
namespace {

/// The side of the dead zone an axis position is on: -1, 0 (inside) or +1.
signed char sideOf(float position, int deadZone) {
    return position < -float(deadZone) ? -1 : position > float(deadZone) ? 1 : 0;
}

}  // namespace

bool InputQueue::push(const sf::Event& e, const Bindings& b) {
    switch (e.type) {
    case sf::Event::KeyPressed:
    case sf::Event::KeyReleased:
    case sf::Event::JoystickButtonPressed:
    case sf::Event::JoystickButtonReleased:
    case sf::Event::JoystickDisconnected:
    case sf::Event::LostFocus: break;
    case sf::Event::JoystickMoved: {
        // An analog stick reports every small move; only a crossing of the dead zone changes an action, and only
        // those may take a tick's share of the frame's events.
        const sf::Event::JoystickMoveEvent& m = e.joystickMove;
        if (m.joystickId >= unsigned(kPads) || int(m.axis) >= kPadAxes) return false;
        signed char& side = axisSide_[m.joystickId][m.axis];
        const signed char now = sideOf(m.position, b.deadZone);
        if (now == side) return false;
        side = now;
        break;
    }
    default: return false;
    }
    if (e.type == sf::Event::JoystickDisconnected && e.joystickConnect.joystickId < unsigned(kPads)) {
        for (signed char& side : axisSide_[e.joystickConnect.joystickId]) side = 0;
    }
    events_.push_back(e);
    return true;
}

void InputQueue::startFrame(int ticks) {
    carried_ = std::min(frameEvents_ - taken_, events_.size());
    frameEvents_ = events_.size();
    taken_ = 0;
    frameTicks_ = ticks > 0 ? ticks : 1;
    ticksDone_ = 0;
}

std::size_t InputQueue::frameEnd(int tick) const {
    // How many of the frame's events ticks 0..tick take together. Events left over from earlier frames are late
    // already: one a tick, first. The frame's own events follow: with no more of them than ticks left they are
    // spread evenly (event i of k goes to tick floor(i * ticks / k)), which keeps how long a key was held; with
    // more, one a tick, so no two transitions merge, and the rest waits for the next frame. But never more than
    // kMaxCarried wait, so a burst (a pad letting go of every button at once) costs at most that many ticks.
    const std::size_t n = std::size_t(frameTicks_), done = std::size_t(tick) + 1, c = carried_;
    std::size_t end = 0;
    if (done <= c) {
        end = std::min(done, frameEvents_);
    } else {
        const std::size_t k = frameEvents_ - std::min(c, frameEvents_), left = n > c ? n - c : 0, own = done - c;
        end =
            c + (k <= left ? (std::min(own, left) * k + left - 1) / std::max<std::size_t>(left, 1) : std::min(own, k));
    }
    if (done >= n && frameEvents_ > end + kMaxCarried) end = frameEvents_ - kMaxCarried;
    return std::min(end, frameEvents_);
}

Tick InputQueue::nextTick(InputTracker& tracker, const Bindings& b) {
    const std::size_t end = frameEnd(ticksDone_++);
    for (; taken_ < end && !events_.empty(); ++taken_) {
        const sf::Event::EventType type = events_.front().type;
        if (type == sf::Event::KeyPressed || type == sf::Event::JoystickButtonPressed) ++pressesHanded_;
        tracker.onEvent(events_.front(), b);
        events_.pop_front();
    }
    return {tracker.held(b), tracker.takePressed()};
}

}  // namespace app
