// The stages' music: each song renders to exactly its loop's length (bars x 4 beats at its tempo), is the same
// every time, is audible without clipping, and loops without a click (its tail runs into its head).
#include "game/view/music.h"
#include "game/view/sfx.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace {

double rms(const std::vector<std::int16_t>& s, std::size_t from, std::size_t to) {
    double sum = 0.0;
    for (std::size_t i = from; i < to; ++i) sum += double(s[i]) * double(s[i]);
    return std::sqrt(sum / double(to - from));
}

}  // namespace

TEST_CASE("Every song renders one seamless, audible, unclipped loop of exactly its bars, the same each time") {
    for (int i = 0; i < int(view::Song::kCount); ++i) {
        const auto song = view::Song(i);
        const view::SongInfo info = view::songInfo(song);
        CAPTURE(info.name);
        // Hand-computed lengths: dusk 128 BPM, 4 bars: 22050 * 60 / 128 / 4 = 2583 samples a sixteenth (rounded
        // down), 64 sixteenths; night 96 BPM: 3445 a sixteenth; title 84 BPM: 22050 * 60 / 84 / 4 = 3937.5, so 3937.
        const std::size_t expected = info.name == "dusk"    ? 2583u * 64u
                                     : info.name == "night" ? 3445u * 64u
                                                            : 3937u * 64u;
        CHECK(view::loopSamples(song) == expected);
        const std::vector<std::int16_t> a = view::render(song);
        REQUIRE(a.size() == expected);
        CHECK(view::render(song) == a);

        // Audible in every bar (a bar of silence would mean a voice or a pattern fell out).
        const std::size_t bar = a.size() / std::size_t(info.bars);
        for (int b = 0; b < info.bars; ++b) CHECK(rms(a, std::size_t(b) * bar, std::size_t(b + 1) * bar) > 1500.0);
        // The limiter keeps headroom: nothing at full scale.
        int peak = 0;
        for (std::int16_t v : a) peak = std::max(peak, std::abs(int(v)));
        CHECK(peak <= 26000);
        CHECK(peak > 8000);
        // The seam: the step from the last sample to the first is an ordinary one, no bigger than 99 in 100 of the
        // loop's own steps (a tail cut at the end instead of wrapped would jump by a held note's level).
        std::vector<int> steps;
        for (std::size_t k = 1; k < a.size(); ++k) steps.push_back(std::abs(int(a[k]) - int(a[k - 1])));
        std::sort(steps.begin(), steps.end());
        CHECK(std::abs(int(a.front()) - int(a.back())) <= steps[steps.size() * 99 / 100]);
    }
}

TEST_CASE("The two songs differ") {
    CHECK(view::render(view::Song::Dusk) != view::render(view::Song::Night));
    CHECK(view::songInfo(view::Song::Dusk).bpm != view::songInfo(view::Song::Night).bpm);
}

TEST_CASE("The menus have their own loop, apart from both stages'") {
    const std::vector<std::int16_t> title = view::render(view::Song::Title);
    CHECK(title != view::render(view::Song::Dusk));
    CHECK(title != view::render(view::Song::Night));
    CHECK(view::songInfo(view::Song::Title).name == "title");
}

TEST_CASE("Every sound effect renders its length at 22,050 Hz, audible, unclipped, the same each time, ending silent") {
    // Lengths worked from the effects' table (seconds x 22,050): hit 0.12 s, heavy 0.30, block 0.08, fireball 0.45,
    // K.O. 1.2, blip 0.06, laser 0.10, boom 0.40.
    const std::size_t expected[] = {2646, 6615, 1764, 9922, 26460, 1323, 2205, 8820};
    static_assert(sizeof expected / sizeof expected[0] == std::size_t(view::Sfx::kCount), "one length per effect");
    for (int i = 0; i < int(view::Sfx::kCount); ++i) {
        CAPTURE(i);
        const std::vector<std::int16_t> s = view::synthSfx(view::Sfx(i));
        CHECK(s.size() == expected[i]);
        CHECK(s == view::synthSfx(view::Sfx(i)));
        const auto peak = std::max_element(s.begin(), s.end(), [](int a, int b) { return std::abs(a) < std::abs(b); });
        CHECK(std::abs(int(*peak)) > 3000);
        CHECK(std::abs(int(*peak)) <= 32000);
        CHECK(std::abs(int(s.back())) < 400);  // the 5 ms fade: no click when it stops
    }
}
