// Training widgets (see training_hud.h).
#include "game/app/training/training_hud.h"

#include "game/app/draw.h"
#include "game/io/names.h"

#include <algorithm>
#include <cassert>

namespace app {

namespace {

/// A key name short enough for an input display column.
std::string shortKey(std::string name) {
    for (const char* prefix : {"Numpad", "Num"}) {
        const std::string p = prefix;
        if (name.size() > p.size() && name.compare(0, p.size(), p) == 0) {
            return std::string(p == "Numpad" ? "N" : "") + name.substr(p.size());
        }
    }
    return name.size() > 6 ? name.substr(0, 6) : name;
}

struct KindStyle {
    FrameKind kind;
    sf::Color color;
    const char* name;
};

const KindStyle kKinds[] = {
    {FrameKind::Free, sf::Color(48, 48, 60), "free"},
    {FrameKind::Startup, sf::Color(60, 200, 110), "startup"},
    {FrameKind::Active, sf::Color(235, 60, 60), "active"},
    {FrameKind::Recovery, sf::Color(70, 120, 235), "recovery"},
    {FrameKind::Hitstun, sf::Color(240, 210, 60), "hitstun"},
    {FrameKind::Blockstun, sf::Color(240, 140, 40), "blockstun"},
    {FrameKind::Held, sf::Color(190, 90, 220), "thrown"},
    {FrameKind::Moving, sf::Color(150, 150, 170), "jump/dash"},
};

constexpr float kMeterCell = 13.f, kMeterRowH = 14.f;  // a frame meter cell's width, one row's height

sf::Color kindColor(FrameKind k) {
    for (const KindStyle& s : kKinds) {
        if (s.kind == k) return s.color;
    }
    return sf::Color::White;
}

}  // namespace

ButtonLabels buttonLabels(const Bindings& b, int p) {
    const Action base[5] = {p == 0 ? kP1Light : kP2Light, p == 0 ? kP1Heavy : kP2Heavy,
                            p == 0 ? kP1Special : kP2Special, p == 0 ? kP1Throw : kP2Throw,
                            p == 0 ? kP1Medium : kP2Medium};
    ButtonLabels l;
    std::string* out[5] = {&l.light, &l.heavy, &l.special, &l.grab, &l.medium};
    for (int i = 0; i < 5; ++i)
        *out[i] = b.keys[base[i]].empty() ? "-" : shortKey(keyName(b.keys[base[i]].front().key));
    return l;
}

std::string inputRowText(std::uint16_t b, const ButtonLabels& labels) {
    const bool u = b & sim::kUp, d = b & sim::kDown, l = b & sim::kLeft, r = b & sim::kRight;
    std::string s = u && l   ? "\u2196"
                    : u && r ? "\u2197"
                    : d && l ? "\u2199"
                    : d && r ? "\u2198"
                    : u      ? "\u2191"
                    : d      ? "\u2193"
                    : l      ? "\u2190"
                    : r      ? "\u2192"
                             : "\u00b7";
    if (b & sim::kLight) s += " " + labels.light;
    if (b & sim::buttonTable().bit("medium")) s += " " + labels.medium;
    if (b & sim::kHeavy) s += " " + labels.heavy;
    if (b & sim::kSpecial) s += " " + labels.special;
    if (b & sim::kThrow) s += " " + labels.grab;
    return s;
}

sf::FloatRect frameMeterRect(float width, float y) {
    const float x0 = (width - kMeterCell * float(FrameMeter::kCells)) / 2.f;
    return {x0 - 44.f, y - 24.f, kMeterCell * float(FrameMeter::kCells) + 56.f, 2.f * kMeterRowH + 48.f};
}

void drawFrameMeter(sf::RenderTarget& t, const FrameMeter& meter, const sf::Font& font, float width, float y,
                    bool faint) {
    constexpr float kCell = kMeterCell, kRowH = kMeterRowH;
    const float x0 = (width - kCell * float(FrameMeter::kCells)) / 2.f;
    const sf::FloatRect box = frameMeterRect(width, y);
    fillRect(t, box.left, box.top, box.width, box.height, sf::Color(0, 0, 0, faint ? 40 : 150));
    const sf::Uint8 seen = faint ? 110 : 255;
    std::string reading = "startup " + (meter.startup(0) > 0 ? std::to_string(meter.startup(0)) : std::string("-"));
    reading += "    advantage ";
    if (meter.hasAdvantage()) reading += (meter.advantage() > 0 ? "+" : "") + std::to_string(meter.advantage());
    else reading += "-";
    drawText(t, font, reading, 15, x0, y - 21.f, sf::Color(255, 235, 170, seen), Align::Left, 1.f);
    for (int p = 0; p < 2; ++p) {
        const float ry = y + float(p) * (kRowH + 2.f);
        drawText(t, font, p == 0 ? "P1" : "P2", 12, x0 - 8.f, ry, withAlpha(sf::Color::White, seen), Align::Right, 1.f);
        const std::vector<FrameKind>& row = meter.row(p);
        for (int i = 0; i < FrameMeter::kCells; ++i) {
            const sf::Color c = i < int(row.size()) ? kindColor(row[std::size_t(i)]) : sf::Color(30, 30, 38);
            fillRect(t, x0 + kCell * float(i), ry, kCell - 2.f, kRowH, withAlpha(c, faint ? 90 : 255));
        }
    }
    float lx = x0;  // legend
    const float ly = y + 2.f * kRowH + 8.f;
    for (const KindStyle& s : kKinds) {
        fillRect(t, lx, ly + 3.f, 10.f, 10.f, withAlpha(s.color, seen));
        lx += 16.f + drawText(t, font, s.name, 12, lx + 14.f, ly, sf::Color(220, 220, 230, seen)) + 14.f;
    }
}

void drawTrainingHud(sf::RenderTarget& t, const TrainingTools& tools, sim::DummyMode dummy, const TrainingLook& look) {
    for (int p = 0; p < 2; ++p) {  // input displays: P1 on the left, P2 (the dummy) beside it
        const ButtonLabels labels = buttonLabels(look.keys, p);
        const std::vector<InputRow>& h = tools.history(p);
        const float x = 40.f + 170.f * float(p), y0 = 214.f;
        const sf::FloatRect box(x - 8.f, y0 - 8.f, 160.f, 30.f + 22.f * float(h.size()));
        const bool faint = look.overFighter && look.overFighter(box);
        fillRect(t, box.left, box.top, box.width, box.height, sf::Color(0, 0, 0, faint ? 30 : 110));
        drawText(t, look.font, p == 0 ? "P1 INPUT" : "P2 INPUT", 14, x, y0 - 4.f,
                 sf::Color(255, 230, 150, faint ? 110 : 255));
        for (std::size_t i = 0; i < h.size(); ++i) {
            const float y = y0 + 18.f + 22.f * float(i);
            const sf::Color c = withAlpha(sf::Color::White, (255 - int(i) * 14) / (faint ? 2 : 1));
            drawText(t, look.mono, std::to_string(std::min(h[i].frames, 999)), 15, x + 30.f, y, c, Align::Right);
            drawText(t, look.font, inputRowText(h[i].buttons, labels), 16, x + 42.f, y - 1.f, c);
        }
    }
    // The frame meter under the health bars; its advantage (counted from the frames each fighter could act again)
    // replaces the old "frame advantage" line, which read stun minus remaining frames and so counted the impact
    // frame as a stun frame (one more than the frames the victim really stayed stuck).
    const float meterY = 140.f;  // its box: rows 116 to kTrainingHudBottom
    assert(frameMeterRect(look.width, meterY).top + frameMeterRect(look.width, meterY).height == kTrainingHudBottom);
    drawFrameMeter(t, tools.meter(), look.font, look.width, meterY,
                   look.overFighter && look.overFighter(frameMeterRect(look.width, meterY)));
    const float rx = look.width - 40.f;
    drawText(t, look.font,
             "combo " + std::to_string(tools.comboHits()) + (tools.comboHits() == 1 ? " hit  " : " hits  ") +
                 std::to_string(tools.comboDamage()) + " damage",
             18, rx, 214.f, sf::Color::White, Align::Right, 2.f);
    drawText(
        t, look.font,
        std::string("dummy: ") + sim::dummyName(dummy) + "   (1-5, F6: all " + std::to_string(sim::kDummyModes) + ")",
        16, rx, 240.f, sf::Color(160, 220, 255), Align::Right, 2.f);
}

}  // namespace app
