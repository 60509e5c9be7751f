#pragma once
// Small drawing helpers shared by every screen: text with alignment, rounded shapes, colour shading.
#include <SFML/Graphics/Color.hpp>
#include <SFML/Graphics/ConvexShape.hpp>
#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderTarget.hpp>

#include <string>

namespace app {

/// Horizontal anchor of a text.
enum class Align { Left, Center, Right };

/// Draws a UTF-8 string with its top at y, anchored at x; returns its width in pixels.
float drawText(sf::RenderTarget& t, const sf::Font& font, const std::string& s, unsigned size, float x, float y,
               sf::Color color, Align align = Align::Left, float outline = 0.f);
/// The largest character size up to `size` at which s (with its outline) is at most maxWidth wide (at least 8).
unsigned fittedTextSize(const sf::Font& font, const std::string& s, unsigned size, float maxWidth, float outline = 0.f);
/// Draws s centred at x, shrunk (fittedTextSize) to be at most maxWidth wide, so no banner runs off the view.
/// The text keeps its vertical middle where the full-size text would have it; returns the size used.
unsigned drawTextFitted(sf::RenderTarget& t, const sf::Font& font, const std::string& s, unsigned size, float x,
                        float y, sf::Color color, float maxWidth, float outline = 0.f);
/// A rectangle with rounded corners (radius clamped to half the shorter side), top-left at (x, y).
sf::ConvexShape roundedRect(float x, float y, float w, float h, float radius);
/// Draws a filled rectangle.
void fillRect(sf::RenderTarget& t, float x, float y, float w, float h, sf::Color fill,
              sf::Color outline = sf::Color::Transparent, float thickness = 0.f);
/// Colour scaled towards black (f < 1) or white (f > 1).
sf::Color shade(sf::Color c, float f);
/// The colour with another alpha.
sf::Color withAlpha(sf::Color c, int alpha);

}  // namespace app
