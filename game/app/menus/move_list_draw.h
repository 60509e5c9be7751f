#pragma once
// Drawing a move list (game/view/move_list.h): arrows drawn as shapes (forward is the way the fighter faces, shown
// facing right), buttons as coloured discs named by player 1's keys (keysOfPlayer: another player's), one line per move. The character select
// screen shows a compact list beside each fighter; the pause menu's "Move list" opens the full one.
#include "game/app/input/bindings.h"
#include "game/app/menus/move_list_layout.h"
#include "game/view/move_list.h"

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderTarget.hpp>

#include <memory>
#include <string>
#include <vector>

namespace app {

struct Context;
class Screen;

/// Draws one glyph with its left edge at x, centred on y, `size` pixels tall; returns its width. Buttons carry
/// the key that player 1 presses for them (from `keys`).
float drawGlyph(sf::RenderTarget& t, const sf::Font& font, view::Glyph g, float x, float y, float size,
                const Bindings& keys);
/// The key a button glyph's disc names (from `keys`' player 1 actions): the first key bound, shortened ("N1" for the
/// keypad's 1, "," for Comma, else 3 characters); a key of the keypad is followed by the action's first keyboard key
/// off the keypad, for a keyboard without one (player 2's defaults: "N1 ,"). "-" when unbound.
std::string buttonKeyLabel(const Bindings& keys, view::Glyph g);
/// Draws an input's glyphs in a row from x, centred on y; returns the row's width.
float drawInput(sf::RenderTarget& t, const sf::Font& font, const std::vector<view::Glyph>& input, float x, float y,
                float size, const Bindings& keys);

/// Draws a line of text centred on cx with its top at y, where `[NAME]` (a glyph name: `[down-forward]`,
/// `[special]`, `[+]`, `[or]`) is drawn as that glyph; returns the line's width.
float drawRichText(sf::RenderTarget& t, const sf::Font& font, const std::string& text, unsigned size, float cx, float y,
                   sf::Color color, const Bindings& keys);

/// Draws a fighter's list in a panel: its name, its one-line archetype and difficulty, then each section's moves.
/// Returns the panel's height.
float drawMoveList(sf::RenderTarget& t, const sf::Font& font, const sim::FighterDef& def,
                   const std::vector<view::MoveEntry>& list, const MoveListLayout& at, const Bindings& keys);
/// The bindings a panel "named by player 1's keys" draws with to show `player`'s keys: player 1's move and button
/// actions take that player's keys (player 0: b itself). Player 2's move list in a two-player match shows the keys
/// player 2 presses, not player 1's.
Bindings keysOfPlayer(const Bindings& b, int player);
/// The fighter's line on character select: "Balanced all-rounder   ★☆☆" ("" when the file states neither).
std::string fighterLine(const sim::FighterDef& def);

/// The move lists of both fighters over whatever is below (the pause menu's "Move list"), scrolled with up and
/// down when taller than the screen; back or start closes it. p2Human: player 2's list shows player 2's keys.
std::unique_ptr<Screen> makeMoveListScreen(Context& ctx, const sim::FighterDef& p1, const sim::FighterDef& p2,
                                           bool p2Human = false);

}  // namespace app
