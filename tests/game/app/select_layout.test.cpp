// Fighter select's header lines sit on dark plates (game/app/menus/select_layout.h): on the night stage a star
// beside a thin letter would otherwise read as part of the text ("I: change" under the CPU's name).
#include "game/app/menus/select_layout.h"

#include <doctest/doctest.h>

namespace {

/// True when a plate holds the whole box (left, top, width, height), with `inset` pixels of it to spare.
bool onAPlate(const std::vector<app::SelectPlate>& plates, float x, float y, float w, float h, float inset = 1.f) {
    for (const app::SelectPlate& p : plates) {
        if (x >= p.x + inset && y >= p.y + inset && x + w <= p.x + p.width - inset && y + h <= p.y + p.height - inset)
            return true;
    }
    return false;
}

/// A line's ink: SFML sets a line's letters a little under its top row (the font's leading), and capitals and
/// descenders with their outline span about 1.15 font sizes; across the width it may take (a side's line: its
/// move list's). Measured off the screenshots: the 30-pixel name at row 175 inks rows 180 to 210.
bool lineOnAPlate(const std::vector<app::SelectPlate>& plates, const app::SelectLine& l, float x, float w) {
    return onAPlate(plates, x, l.y + 0.1f * float(l.size), w, 1.15f * float(l.size));
}

}  // namespace

TEST_CASE("fighter select: each side's picker, name and colours line sit on a plate above its move list") {
    for (const float width : {1280.f, 1600.f}) {
        const std::vector<app::SelectPlate> plates = app::selectPlates(width, true, true);
        REQUIRE(plates.size() >= 2);
        for (int p = 0; p < 2; ++p) {
            const float x = app::selectListX(p, width) + 2.f, w = app::kSelectListWidth - 4.f;
            CHECK(lineOnAPlate(plates, app::kSelectWho, x, w));
            CHECK(lineOnAPlate(plates, app::kSelectName, x, w));
            CHECK(lineOnAPlate(plates, app::kSelectColours, x, w));
        }
        // The side plates end at the move lists' top, so nothing of the sky shows between them.
        CHECK(plates[0].y + plates[0].height == app::kSelectListTop);
        CHECK(plates[1].x + plates[1].width == width - app::kSelectListMargin);
    }
}

TEST_CASE("fighter select: the stage line and the CPU level's lines sit on a plate between the move lists") {
    for (const bool stage : {true, false}) {
        for (const bool level : {true, false}) {
            const std::vector<app::SelectPlate> plates = app::selectPlates(1280.f, stage, level);
            const std::vector<app::SelectLine> lines = app::selectMiddleLines(1280.f, stage, level);
            CHECK(lines.size() == (stage ? 1u : 0u) + (level ? 2u : 0u));
            CHECK(plates.size() == (lines.empty() ? 2u : 3u));
            for (const app::SelectLine& l : lines) CHECK(lineOnAPlate(plates, l, l.x - l.width / 2.f, l.width));
            if (plates.size() == 3) {  // clear of both move lists
                CHECK(plates[2].x > app::selectListX(0, 1280.f) + app::kSelectListWidth);
                CHECK(plates[2].x + plates[2].width < app::selectListX(1, 1280.f));
            }
        }
    }
}
