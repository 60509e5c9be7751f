// Drawing helpers: text anchoring, rounded rectangles built from quarter circles, shading.
#include "game/app/draw.h"

#include <SFML/Graphics/RectangleShape.hpp>
#include <SFML/Graphics/Text.hpp>

#include <algorithm>
#include <cmath>

namespace app {

float drawText(sf::RenderTarget& t, const sf::Font& font, const std::string& s, unsigned size, float x, float y,
               sf::Color color, Align align, float outline) {
    sf::Text text(sf::String::fromUtf8(s.begin(), s.end()), font, size);
    text.setFillColor(color);
    if (outline > 0.f) {
        text.setOutlineColor(sf::Color(0, 0, 0, color.a));
        text.setOutlineThickness(outline);
    }
    const sf::FloatRect b = text.getLocalBounds();
    float left = x;
    if (align == Align::Center) left = x - b.width / 2.f;
    if (align == Align::Right) left = x - b.width;
    text.setPosition(std::round(left - b.left), std::round(y));
    t.draw(text);
    return b.width;
}

unsigned fittedTextSize(const sf::Font& font, const std::string& s, unsigned size, float maxWidth, float outline) {
    constexpr unsigned kSmallest = 8;
    sf::Text text(sf::String::fromUtf8(s.begin(), s.end()), font, size);
    if (outline > 0.f) text.setOutlineThickness(outline);
    for (unsigned tries = 0; size > kSmallest && tries < 64; ++tries) {
        const float w = text.getLocalBounds().width;
        if (w <= maxWidth) break;
        // Glyph widths do not scale exactly with the size: shrink in proportion, then check again.
        const unsigned next = unsigned(float(size) * maxWidth / w);
        size = std::max(kSmallest, std::min(size - 1, next));
        text.setCharacterSize(size);
    }
    return size;
}

unsigned drawTextFitted(sf::RenderTarget& t, const sf::Font& font, const std::string& s, unsigned size, float x,
                        float y, sf::Color color, float maxWidth, float outline) {
    const unsigned fitted = fittedTextSize(font, s, size, maxWidth, outline);
    const float dy = (float(size) - float(fitted)) * 0.5f;  // keep the line's middle
    drawText(t, font, s, fitted, x, y + dy, color, Align::Center, outline);
    return fitted;
}

sf::ConvexShape roundedRect(float x, float y, float w, float h, float radius) {
    constexpr int kArc = 6;  // points per quarter circle
    constexpr float kHalfPi = 1.57079632679f;
    const float r = std::max(0.f, std::min(radius, std::min(w, h) / 2.f));
    const sf::Vector2f centres[4] = {{x + w - r, y + r}, {x + w - r, y + h - r}, {x + r, y + h - r}, {x + r, y + r}};
    sf::ConvexShape shape(4 * kArc);
    for (int c = 0; c < 4; ++c) {
        for (int i = 0; i < kArc; ++i) {
            const float a = -kHalfPi + kHalfPi * (float(c) + float(i) / float(kArc - 1));
            shape.setPoint(std::size_t(c * kArc + i), centres[c] + sf::Vector2f(r * std::cos(a), r * std::sin(a)));
        }
    }
    return shape;
}

void fillRect(sf::RenderTarget& t, float x, float y, float w, float h, sf::Color fill, sf::Color outline,
              float thickness) {
    sf::RectangleShape r({w, h});
    r.setPosition(x, y);
    r.setFillColor(fill);
    r.setOutlineColor(outline);
    r.setOutlineThickness(thickness);
    t.draw(r);
}

sf::Color shade(sf::Color c, float f) {
    const auto ch = [f](sf::Uint8 v) {
        const float out = f <= 1.f ? float(v) * f : float(v) + (255.f - float(v)) * (f - 1.f);
        return sf::Uint8(std::max(0.f, std::min(255.f, out)));
    };
    return sf::Color(ch(c.r), ch(c.g), ch(c.b), c.a);
}

sf::Color withAlpha(sf::Color c, int alpha) {
    c.a = sf::Uint8(std::max(0, std::min(255, alpha)));
    return c;
}

}  // namespace app
