#pragma once
// The players' key and pad transitions of one drawn frame, in the order the window reported them, handed to the
// ticks they belong to. The loop polls the window once per drawn frame and then runs 0 to 6 catch-up ticks; if
// every one of those ticks read only the state left after all the frame's events, a slow frame would turn
// "down, down-forward, forward, special" into one tick of everything at once (no motion), and two presses in one
// frame into one. SFML gives events no time stamps, so the frame's events are spread over its ticks in order,
// never two in one tick while there are fewer than a few extra (see frameEnd), and each tick reads the held and
// pressed actions after its own events. Free of windows, so the app tests feed it synthetic events.
#include "game/app/input/bindings.h"
#include "game/app/screen.h"

#include <cstddef>
#include <cstdint>
#include <deque>

namespace app {

/// A frame's input events, spread over its ticks.
class InputQueue {
public:
    /// Queues e when it can change the players' actions (a key or pad button going down or up, a pad axis crossing
    /// its dead zone, a pad unplugged, focus lost); returns false, queuing nothing, for any other event.
    bool push(const sf::Event& e, const Bindings& b);
    /// Starts handing out a frame of `ticks` ticks: the events queued now are spread over them.
    void startFrame(int ticks);
    /// The next tick's actions: its share of the events fed to `tracker`, then the held and newly pressed actions.
    Tick nextTick(InputTracker& tracker, const Bindings& b);
    /// Events still queued (a frame with no tick keeps them for the next).
    std::size_t size() const { return events_.size(); }
    /// Key and pad-button presses handed to ticks so far (test_probe.h reports them).
    std::uint64_t pressesHanded() const { return pressesHanded_; }

private:
    static constexpr int kPads = 8, kPadAxes = 8;
    static constexpr std::size_t kMaxCarried = 6;  // events a frame may leave to the next one's ticks
    std::size_t frameEnd(int tick) const;
    std::deque<sf::Event> events_;
    std::size_t frameEvents_ = 0;  // events queued when the frame started
    std::size_t taken_ = 0;        // of those, handed out
    std::size_t carried_ = 0;      // of those, the ones left over from earlier frames (at the front)
    std::uint64_t pressesHanded_ = 0;
    int frameTicks_ = 1;
    int ticksDone_ = 0;
    signed char axisSide_[kPads][kPadAxes] = {};  // the side (-1, 0, +1) each axis was last queued at
};

}  // namespace app
