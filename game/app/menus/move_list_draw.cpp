// Move list drawing (see move_list_draw.h).
#include "game/app/menus/move_list_draw.h"

#include "game/app/draw.h"
#include "game/app/screen.h"

#include <SFML/Graphics/CircleShape.hpp>
#include <SFML/Graphics/ConvexShape.hpp>
#include <SFML/Graphics/Text.hpp>

#include <algorithm>

#include <cmath>

namespace app {
namespace {

/// An arrow pointing up, `size` tall, centred on (cx, cy), turned clockwise by `degrees`.
void drawArrow(sf::RenderTarget& t, float cx, float cy, float size, int degrees, sf::Color fill) {
    const float h = size / 2.f, head = size * 0.42f, shaft = size * 0.14f;
    const sf::Vector2f pts[7] = {{0.f, -h},   {head, -h + head},   {shaft, -h + head}, {shaft, h},
                                 {-shaft, h}, {-shaft, -h + head}, {-head, -h + head}};
    const float a = float(degrees) * 3.14159265f / 180.f, c = std::cos(a), s = std::sin(a);
    // The outline as one concave-safe shape: the head and the shaft are two convex pieces.
    sf::ConvexShape headShape(3), shaftShape(4);
    const auto turn = [&](sf::Vector2f p) { return sf::Vector2f(cx + p.x * c - p.y * s, cy + p.x * s + p.y * c); };
    headShape.setPoint(0, turn(pts[0]));
    headShape.setPoint(1, turn(pts[1]));
    headShape.setPoint(2, turn(pts[6]));
    shaftShape.setPoint(0, turn(pts[2]));
    shaftShape.setPoint(1, turn(pts[3]));
    shaftShape.setPoint(2, turn(pts[4]));
    shaftShape.setPoint(3, turn(pts[5]));
    for (sf::ConvexShape* sh : {&headShape, &shaftShape}) {
        sh->setFillColor(fill);
        t.draw(*sh);
    }
}

sf::Color buttonColor(view::Glyph g) {
    switch (g) {
    case view::Glyph::Light: return sf::Color(90, 160, 255);
    case view::Glyph::Heavy: return sf::Color(240, 80, 70);
    case view::Glyph::Special: return sf::Color(250, 190, 50);
    case view::Glyph::Medium: return sf::Color(190, 120, 240);
    default: return sf::Color(90, 210, 120);  // throw
    }
}

Action buttonAction(view::Glyph g) {
    switch (g) {
    case view::Glyph::Light: return kP1Light;
    case view::Glyph::Heavy: return kP1Heavy;
    case view::Glyph::Special: return kP1Special;
    case view::Glyph::Medium: return kP1Medium;
    default: return kP1Throw;
    }
}

/// A key as a disc names it: the sign printed on a punctuation key (",", "/"), "N1" for the keypad's 1, else its
/// name cut to 3 characters ("RShift" as "RSh").
std::string discKey(const KeyChord& c) {
    struct Sign {
        sf::Keyboard::Key key;
        const char* sign;
    };
    static const Sign kSigns[] = {
        {sf::Keyboard::Comma, ","},     {sf::Keyboard::Period, "."},     {sf::Keyboard::Slash, "/"},
        {sf::Keyboard::Semicolon, ";"}, {sf::Keyboard::Quote, "'"},      {sf::Keyboard::LBracket, "["},
        {sf::Keyboard::RBracket, "]"},  {sf::Keyboard::Backslash, "\\"}, {sf::Keyboard::Hyphen, "-"},
        {sf::Keyboard::Equal, "="},     {sf::Keyboard::Tilde, "~"}};
    const bool plain = c.joy < 0 && !c.ctrl && !c.shift && !c.alt;
    for (const Sign& s : kSigns) {
        if (plain && c.key == s.key) return s.sign;
    }
    std::string key = chordName(c);
    if (key.size() > 6 && key.compare(0, 6, "Numpad") == 0) key = "N" + key.substr(6);
    return key.size() <= 3 ? key : key.substr(0, 3);
}

/// True for a key of the keypad, which a laptop's keyboard lacks.
bool onKeypad(const KeyChord& c) {
    return c.joy < 0 && ((c.key >= sf::Keyboard::Add && c.key <= sf::Keyboard::Divide) ||
                         (c.key >= sf::Keyboard::Numpad0 && c.key <= sf::Keyboard::Numpad9));
}

/// A button glyph's width: a disc, or a pill for a longer key name.
float glyphWidth(const Bindings& keys, view::Glyph g, float size) {
    return std::max(size, 0.62f * size * float(buttonKeyLabel(keys, g).size()) + size * 0.3f);
}

}  // namespace

std::string buttonKeyLabel(const Bindings& keys, view::Glyph g) {
    const std::vector<KeyChord>& chords = keys.keys[buttonAction(g)];
    if (chords.empty()) return "-";
    std::string label = discKey(chords.front());
    if (!onKeypad(chords.front())) return label;
    for (const KeyChord& c : chords) {
        if (c.joy < 0 && !onKeypad(c)) return label + " " + discKey(c);
    }
    return label;
}

float drawGlyph(sf::RenderTarget& t, const sf::Font& font, view::Glyph g, float x, float y, float size,
                const Bindings& keys) {
    if (view::isDirection(g)) {
        sf::ConvexShape back = roundedRect(x, y - size / 2.f, size, size, size * 0.22f);
        back.setFillColor(sf::Color(40, 36, 60, 230));
        back.setOutlineColor(sf::Color(150, 150, 180));
        back.setOutlineThickness(1.f);
        t.draw(back);
        drawArrow(t, x + size / 2.f, y, size * 0.78f, view::directionAngle(g), sf::Color(245, 245, 250));
        return size;
    }
    if (view::isButton(g)) {
        const std::string label = buttonKeyLabel(keys, g);
        const float w = glyphWidth(keys, g, size);
        sf::ConvexShape disc = roundedRect(x, y - size / 2.f, w, size, size / 2.f);
        disc.setFillColor(buttonColor(g));
        disc.setOutlineColor(sf::Color(20, 16, 30));
        disc.setOutlineThickness(1.5f);
        t.draw(disc);
        // The key's letter as large as the disc allows, light on the dark discs (blue, red, purple), dark on the
        // bright ones (yellow, green).
        const bool darkDisc = g == view::Glyph::Light || g == view::Glyph::Heavy || g == view::Glyph::Medium;
        drawText(t, font, label, unsigned(size * 0.74f), x + w / 2.f, y - size * 0.5f,
                 darkDisc ? sf::Color(250, 250, 255) : sf::Color(20, 16, 30), Align::Center);
        return w;
    }
    const char* joint = g == view::Glyph::Plus ? "+" : "/";
    return drawText(t, font, joint, unsigned(size * 0.8f), x + 2.f, y - size * 0.55f, sf::Color(230, 230, 240)) + 4.f;
}

float drawInput(sf::RenderTarget& t, const sf::Font& font, const std::vector<view::Glyph>& input, float x, float y,
                float size, const Bindings& keys) {
    float at = x;
    for (std::size_t i = 0; i < input.size(); ++i) {
        at += drawGlyph(t, font, input[i], at, y, size, keys);
        at += view::isDirection(input[i]) && i + 1 < input.size() && view::isDirection(input[i + 1]) ? 2.f : 5.f;
    }
    return at - x;
}

namespace {

/// A run of rich text: plain text, or one glyph (view::Glyph) when glyph >= 0.
struct RichPiece {
    std::string text;
    int glyph = -1;
};

/// The glyph named between brackets at open..close, or -1.
int glyphNamed(const std::string& text, std::size_t open, std::size_t close) {
    if (close == std::string::npos) return -1;
    const std::string name = text.substr(open + 1, close - open - 1);
    int glyph = -1;
    for (int g = 0; g <= int(view::Glyph::Or); ++g) {
        if (name == view::glyphName(view::Glyph(g))) glyph = g;
    }
    return glyph;
}

/// Text split into plain runs and `[NAME]` glyphs (a bracket that names no glyph stays text).
std::vector<RichPiece> richPieces(const std::string& text) {
    std::vector<RichPiece> pieces;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t open = text.find('[', at), close = open == std::string::npos ? open : text.find(']', open);
        const int glyph = glyphNamed(text, open, close);
        if (glyph < 0) {  // no glyph here: the text up to the next '[' (or the rest)
            const std::size_t end = open == std::string::npos ? text.size() : (open == at ? open + 1 : open);
            pieces.push_back({text.substr(at, end - at), -1});
            at = end;
            continue;
        }
        if (open > at) pieces.push_back({text.substr(at, open - at), -1});
        pieces.push_back({"", glyph});
        at = close + 1;
    }
    return pieces;
}

/// How far a piece moves the pen: a text run's advance, a glyph's width and its gap.
float pieceAdvance(const RichPiece& p, const sf::Font& font, unsigned size, float gsize, const Bindings& keys) {
    if (p.glyph < 0) {
        sf::Text probe(sf::String::fromUtf8(p.text.begin(), p.text.end()), font, size);
        return probe.findCharacterPos(p.text.size()).x;  // includes trailing spaces, unlike the bounds
    }
    const view::Glyph g = view::Glyph(p.glyph);
    const float gw = view::isDirection(g) ? gsize : view::isButton(g) ? glyphWidth(keys, g, gsize) : gsize * 0.6f;
    return gw + 4.f;
}

}  // namespace

float drawRichText(sf::RenderTarget& t, const sf::Font& font, const std::string& text, unsigned size, float cx, float y,
                   sf::Color color, const Bindings& keys) {
    // Split into text runs and glyphs, measure (an off-screen pass), then draw from the left edge.
    const std::vector<RichPiece> pieces = richPieces(text);
    const float gsize = float(size) * 1.15f;
    float total = 0.f;
    for (const RichPiece& p : pieces) total += pieceAdvance(p, font, size, gsize, keys);
    float x = cx - total / 2.f;
    for (const RichPiece& p : pieces) {
        const view::Glyph g = view::Glyph(p.glyph);
        if (p.glyph < 0) drawText(t, font, p.text, size, x, y, color, Align::Left, 1.5f);
        else if (view::isDirection(g) || view::isButton(g))
            drawGlyph(t, font, g, x + 2.f, y + float(size) * 0.62f, gsize, keys);
        else drawText(t, font, view::glyphName(g), size, x + 2.f, y, color, Align::Left, 1.5f);
        x += pieceAdvance(p, font, size, gsize, keys);
    }
    return total;
}

namespace {

std::string archetypeLine(const std::string& archetype, int difficulty) {
    std::string s = archetype;
    if (difficulty > 0) {
        if (!s.empty()) s += "   ";
        for (int i = 1; i <= 3; ++i) s += i <= difficulty ? "\u2605" : "\u2606";
    }
    return s;
}

}  // namespace

std::string fighterLine(const sim::FighterDef& def) { return archetypeLine(def.archetype, def.difficulty); }

namespace {

/// The fighter's archetype and difficulty, right-aligned at `right`, in the largest size (14 down to 11) that fits
/// `room` pixels beside the name; past that, the archetype's words after its colon are left out.
void drawFighterLine(sf::RenderTarget& t, const sf::Font& font, const sim::FighterDef& def, float right, float y,
                     float room) {
    std::string line = fighterLine(def);
    const unsigned fits = fittedTextSize(font, line, 14, room);
    const unsigned size = std::max(11u, fits);
    if (fits < 11 && def.archetype.find(':') != std::string::npos)
        line = archetypeLine(def.archetype.substr(0, def.archetype.find(':')), def.difficulty);
    drawText(t, font, line, size, right, y + float(14 - size) / 2.f, sf::Color(220, 220, 235), Align::Right);
}

}  // namespace

float drawMoveList(sf::RenderTarget& t, const sf::Font& font, const sim::FighterDef& def,
                   const std::vector<view::MoveEntry>& all, const MoveListLayout& at, const Bindings& keys) {
    const std::vector<view::MoveEntry> list = shownMoves(all, at);
    const auto rowOf = [&](const view::MoveEntry& e) { return moveRowHeight(e, at); };
    const float head = moveListHead(at);  // the name line, and the facing note with the details
    const float height = moveListHeight(list, at);
    fillRect(t, at.x, at.y, at.width, height, sf::Color(12, 10, 24), sf::Color(255, 210, 100, 180), 1.5f);
    float y = at.y + 6.f;
    const float nameWidth =
        drawText(t, font, def.display, 22, at.x + 12.f, y, sf::Color(255, 225, 140), Align::Left, 1.5f);
    drawFighterLine(t, font, def, at.x + at.width - 12.f, y + 6.f, at.width - 36.f - nameWidth);
    y += 30.f;
    if (at.details)
        drawText(t, font, "arrows for a fighter facing right", 12, at.x + 12.f, y, sf::Color(170, 170, 190));
    y += head - 36.f;
    const float glyphX = at.x + at.width * (at.details ? 0.36f : 0.41f), size = at.row - 8.f;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const view::MoveEntry& e = list[i];
        if (i == 0 || e.group != list[i - 1].group) {
            drawText(t, font, view::groupName(e.group), 13, at.x + 12.f, y, sf::Color(255, 200, 90), Align::Left, 1.f);
            y += 18.f;
        }
        drawText(t, font, e.name, 16, at.x + 16.f, y + at.row / 2.f - 11.f, sf::Color::White, Align::Left, 1.f);
        float gx = glyphX + drawInput(t, font, e.input, glyphX, y + at.row / 2.f, size, keys);
        if (!e.when.empty()) {
            gx += drawText(t, font, e.when, 13, gx + 4.f, y + at.row / 2.f - 9.f, sf::Color(200, 220, 255)) + 4.f;
        }
        if (!e.simple.empty() && at.details) {
            const float sx = gx + 14.f;
            const float tw = drawText(t, font, "simple:", 12, sx, y + at.row / 2.f - 8.f, sf::Color(170, 170, 190));
            drawInput(t, font, e.simple, sx + tw + 6.f, y + at.row / 2.f, size * 0.75f, keys);
        }
        if (at.details && !e.detail.empty()) {
            drawText(t, font, e.detail, 12, glyphX, y + at.row - 2.f, sf::Color(190, 190, 205));
        }
        y += rowOf(e);
    }
    return height;
}

Bindings keysOfPlayer(const Bindings& b, int player) {
    Bindings out = b;
    if (player == 0) return out;
    for (int a = kP1Up; a <= kP1Medium; ++a) out.keys[a] = b.keys[a + (kP2Up - kP1Up)];
    return out;
}

namespace {

class MoveListScreen : public Screen {
public:
    MoveListScreen(Context& ctx, const sim::FighterDef& p1, const sim::FighterDef& p2, bool p2Human)
        : ctx_(ctx), defs_{&p1, &p2}, lists_{view::moveList(p1), view::moveList(p2)}, p2Human_(p2Human) {
        const MoveListLayout at = layout(0);
        for (int p = 0; p < panels(); ++p) {
            limit_ = std::max(limit_, moveListScrollLimit(moveListHeight(shownMoves(lists_[p], at), at), kTop,
                                                          float(ctx_.height) - kBottomBand));
        }
    }
    void tick(const Tick& in) override {
        if (in.pressedAny(bit(kBack) | kStartOrLight)) {
            ctx_.stack->pop();
            return;
        }
        // Held up / down (either player's) scroll a list taller than the screen, a few pixels a tick.
        if ((in.held & kEitherDown) != 0) scroll_ += kScrollStep;
        if ((in.held & kEitherUp) != 0) scroll_ -= kScrollStep;
        scroll_ = std::clamp(scroll_, 0.f, limit_);
    }
    void draw(sf::RenderTarget& t) override {
        const float w = float(ctx_.width), h = float(ctx_.height);
        fillRect(t, 0.f, 0.f, w, h,
                 sf::Color(8, 6, 16, 245));  // nearly opaque: the pause menu must not show between the panels
        for (int p = 0; p < panels(); ++p) {
            MoveListLayout at = layout(p);
            at.y -= scroll_;
            drawMoveList(t, ctx_.res->font, *defs_[p], lists_[p], at,
                         keysOfPlayer(*ctx_.bindings, p == 1 && p2Human_ ? 1 : 0));
        }
        // The title band over whatever scrolled under it, and, while more is below, a band that says so.
        fillRect(t, 0.f, 0.f, w, kTop - 4.f, sf::Color(8, 6, 16));  // opaque: no row shows through the title
        drawText(t, ctx_.res->display, "MOVE LIST", 40, w / 2.f, 4.f, sf::Color(255, 220, 110), Align::Center, 3.f);
        const Bindings& b = *ctx_.bindings;
        const std::string keys =
            (limit_ > 0.f ? firstKeyText(b, kP1Up) + " / " + firstKeyText(b, kP1Down) + ": scroll    " : "") +
            firstKeyText(b, kBack) + " / " + firstKeyText(b, kStart) + ": back";
        drawText(t, ctx_.res->font, keys, 15, w - 24.f, 20.f, sf::Color(200, 200, 210), Align::Right, 1.f);
        if (scroll_ < limit_) {
            fillRect(t, 0.f, h - kBottomBand, w, kBottomBand, sf::Color(8, 6, 16));
            drawText(t, ctx_.res->font, "\u25BC more below: hold " + firstKeyText(b, kP1Down) + " \u25BC", 15, w / 2.f,
                     h - kBottomBand + 5.f, sf::Color(255, 220, 110), Align::Center, 1.f);
        }
    }
    bool transparent() const override { return true; }

private:
    static constexpr float kTop = 54.f;         // the panels' top edge, under the title band
    static constexpr float kBottomBand = 28.f;  // the "more below" band, kept clear at the end of the scroll
    static constexpr float kScrollStep = 9.f;   // pixels a tick while up or down is held

    /// One panel when both fighters are the same, else one each side.
    int panels() const { return defs_[0]->id == defs_[1]->id ? 1 : 2; }
    MoveListLayout layout(int p) const {
        const float w = float(ctx_.width);
        MoveListLayout at;
        at.y = kTop;
        at.row = 22.f;
        at.width = panels() == 1 ? 760.f : 610.f;
        at.x = panels() == 1 ? (w - at.width) / 2.f : (p == 0 ? 20.f : w - 20.f - at.width);
        return at;
    }

    Context& ctx_;
    const sim::FighterDef* defs_[2];
    std::vector<view::MoveEntry> lists_[2];
    float scroll_ = 0.f;    // pixels the panels are moved up
    bool p2Human_ = false;  // player 2's list shows player 2's keys
    float limit_ = 0.f;     // the most they scroll: the taller panel's bottom just above the bottom band
};

}  // namespace

std::unique_ptr<Screen> makeMoveListScreen(Context& ctx, const sim::FighterDef& p1, const sim::FighterDef& p2,
                                           bool p2Human) {
    return std::make_unique<MoveListScreen>(ctx, p1, p2, p2Human);
}

}  // namespace app
