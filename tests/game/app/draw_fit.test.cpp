// Banners measured to fit: fittedTextSize shrinks a text until it is no wider than the room given, and leaves a
// text that fits at its size. Measured with the game's own font (no window needed to measure text).
#include "game/app/draw.h"

#include <SFML/Graphics/Text.hpp>

#include <doctest/doctest.h>

namespace {

float widthAt(const sf::Font& f, const std::string& s, unsigned size, float outline) {
    sf::Text t(s, f, size);
    t.setOutlineThickness(outline);
    return t.getLocalBounds().width;
}

}  // namespace

TEST_CASE("banners: a text too wide for the view is shrunk until it fits, a short one keeps its size") {
    sf::Font font;
    REQUIRE(font.loadFromFile(std::string(BVH_DATA_DIR) + "/fonts/DejaVuSans.ttf"));
    // The training banner that once ran off a 1280-pixel view at size 64.
    const std::string longText = "RECORDING  (P1 keys drive the dummy, F8 again to play it back)";
    REQUIRE(widthAt(font, longText, 64, 4.f) > 1240.f);
    const unsigned size = app::fittedTextSize(font, longText, 64, 1240.f, 4.f);
    CHECK(size < 64);
    CHECK(size >= 8);
    CHECK(widthAt(font, longText, size, 4.f) <= 1240.f);
    CHECK(widthAt(font, longText, size + 2, 4.f) > 1240.f * 0.9f);  // shrunk to fit, not far below
    CHECK(app::fittedTextSize(font, "K.O.", 64, 1240.f, 4.f) == 64);
    CHECK(app::fittedTextSize(font, std::string(400, 'W'), 64, 100.f) == 8);  // never below the smallest size
}
