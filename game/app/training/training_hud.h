#pragma once
// Training-mode widgets drawn over the fight: the frame meter strip with its legend and readings, the input
// display of both players labelled with the keys each player bound (not fixed letters that collide with keys),
// the combo readout and the dummy's mode. Separate from the fight view so the view only hands over the training
// tools' data; the label text is a pure function tested in app_tests.
#include "game/app/input/bindings.h"
#include "game/view/frame_meter.h"
#include "game/app/training/training.h"

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderTarget.hpp>

#include <cstdint>
#include <functional>
#include <string>

namespace app {

/// The four attack-button labels of player p: the first key bound to light, heavy, special and throw, shortened
/// ("Numpad1" -> "N1"), "-" when unbound.
struct ButtonLabels {
    std::string light, heavy, special, grab, medium;  ///< label per button
};
/// Labels for player p (0 or 1) from the bindings in force.
ButtonLabels buttonLabels(const Bindings& b, int p);
/// One input display row: a direction arrow (a dot for neutral) and the labels of the held buttons.
std::string inputRowText(std::uint16_t buttons, const ButtonLabels& labels);

/// The pixel row training's panels reach from the top (the frame meter's bottom edge): the camera keeps a jumping
/// fighter below it as far as it can.
constexpr float kTrainingHudBottom = 192.f;

/// Draws the frame meter strip (two rows of cells, legend, startup and advantage) with its top at y; faint: its
/// backing nearly clear and its cells and words half seen, for a fighter drawn under it.
void drawFrameMeter(sf::RenderTarget& t, const FrameMeter& meter, const sf::Font& font, float width, float y,
                    bool faint = false);

/// Fonts and keys the training panel is drawn with.
struct TrainingLook {
    const sf::Font& font;  ///< labels
    const sf::Font& mono;  ///< frame counts
    const Bindings& keys;  ///< the bindings the input display names
    float width;           ///< the window's width in pixels
    /// Whether a panel at that rectangle would cover a fighter: it is then drawn faint (a jump into the frame meter
    /// or the input display shows through). Empty: never.
    std::function<bool(const sf::FloatRect&)> overFighter;
};
/// Draws the whole training panel: both input displays, the frame meter, the combo readout and the dummy's mode.
void drawTrainingHud(sf::RenderTarget& t, const TrainingTools& tools, sim::DummyMode dummy, const TrainingLook& look);

}  // namespace app
