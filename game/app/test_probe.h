#pragma once
// What the window has done with its input, for tests that drive it with xdotool. With BVH_TEST_PROBE=FILE in the
// environment, the interactive window appends one line to FILE after each drawn frame (its ticks run, the window
// opened again if the settings asked, the picture shown) in which the count of presses (keys and pad buttons)
// handed to the screens, the count of typed characters, or the top screen changed, after every frame of a top
// screen's first second, and otherwise at least every quarter second of ticks:
//     presses N texts M screens D age T top NAME
// (T: the ticks the top screen has been on top, so a test can wait until a menu takes presses again, or for a
// number of the game's own ticks, which a loaded machine stretches as it stretches the game).
// A test then sends a key and waits until the presses count has grown (and reads which screen is on top), instead
// of sleeping a number of seconds and hoping a loaded machine kept up. Without the variable it does nothing.
#include <cstdint>
#include <cstdio>
#include <string>

namespace app {

class Screen;

/// The probe's log (see above).
class TestProbe {
public:
    /// Opens the file named by BVH_TEST_PROBE for appending, when that variable is set.
    TestProbe();
    ~TestProbe();
    TestProbe(const TestProbe&) = delete;
    TestProbe& operator=(const TestProbe&) = delete;
    /// After a drawn frame that ran `ticks` ticks: writes a line when anything it reports changed since the last
    /// line, the top screen is less than a second old, or 15 ticks ran since the last line.
    void afterFrame(int ticks, std::uint64_t presses, std::uint64_t texts, std::size_t screens, const Screen* top);

private:
    std::FILE* out_ = nullptr;
    std::uint64_t presses_ = 0, texts_ = 0;
    std::size_t screens_ = 0;
    const Screen* top_ = nullptr;
    long age_ = 0;    // ticks the top screen has been on top
    long quiet_ = 0;  // ticks since the last line
    bool written_ = false;
};

/// A screen's class name as people read it ("app::TitleScreen"), for the probe's lines.
std::string screenName(const Screen& s);

}  // namespace app
