#pragma once
// Training-mode widgets drawn over the fight: the frame meter strip with its legend and readings, and the input
// display of both players labelled with the keys each player bound (not fixed letters that collide with keys).
// Separate from fight_screen.cpp so the fight screen only feeds them; the label text is a pure function tested
// in app_tests.
#include "game/app/bindings.h"
#include "game/app/frame_meter.h"

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderTarget.hpp>

#include <cstdint>
#include <string>

namespace app {

/// The four attack-button labels of player p: the first key bound to light, heavy, special and throw, shortened
/// ("Numpad1" -> "N1"), "-" when unbound.
struct ButtonLabels {
    std::string light, heavy, special, grab;  ///< label per button
};
/// Labels for player p (0 or 1) from the bindings in force.
ButtonLabels buttonLabels(const Bindings& b, int p);
/// One input display row: a direction arrow (a dot for neutral) and the labels of the held buttons.
std::string inputRowText(std::uint16_t buttons, const ButtonLabels& labels);

/// Draws the frame meter strip (two rows of cells, legend, startup and advantage) with its top at y.
void drawFrameMeter(sf::RenderTarget& t, const FrameMeter& meter, const sf::Font& font, float width, float y);

}  // namespace app
