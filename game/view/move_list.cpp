// The move list (see move_list.h): the moves with inputs come from the fighter file (sim::moveList: display name,
// inputs, frame data); movement and defence (walking, dashes, guarding, the throw tech) from the rules' fixed
// inputs and the file's windows.
#include "game/view/move_list.h"

#include "game/sim/move_list.h"

namespace view {
namespace {

using G = Glyph;

/// Frame data in words: how to guard it, damage, startup and what is special about it.
std::string detailOf(const sim::AnimDef& a) {
    std::string s;
    if (sim::isGrab(a)) {
        s = a.noTech ? "unbreakable grab" : "grab: beats blocking";
    } else {
        switch (a.guard) {
        case sim::Guard::Low: s = "low (block crouching)"; break;
        case sim::Guard::Overhead: s = "overhead (block standing)"; break;
        case sim::Guard::High: s = "high"; break;
        default: s = "mid"; break;
        }
    }
    // Startup as the training meter and the frame-data pages count it: the number of the first active frame.
    s += ", " + std::to_string(a.damage) + " damage, " + std::to_string(a.startup + 1) + "f startup";
    if (a.projectile) s += ", projectile";
    if (a.knockdown) s += ", knockdown";
    if (a.launcher) s += ", launcher";
    if (a.invFirst > 0) s += ", invincible " + std::to_string(a.invFirst) + "-" + std::to_string(a.invLast) + "f";
    const int travel = a.advanceFirst != 0 ? sim::advancedBy(a, a.length) : 0;
    if (travel != 0)
        s += travel > 0 ? ", moves " + std::to_string(travel) + " forward"
                        : ", steps " + std::to_string(-travel) + " back";
    return s;
}

/// A numpad direction (facing right) as an arrow; false for 5 (neutral) and anything else.
bool arrowOf(int numpad, Glyph& out) {
    static const Glyph kArrows[10] = {G::Up, G::DownBack, G::Down,   G::DownForward, G::Back,
                                      G::Up, G::Forward,  G::UpBack, G::Up,          G::UpForward};
    if (numpad < 1 || numpad > 9 || numpad == 5) return false;
    out = kArrows[numpad];
    return true;
}

/// One input of the data's move list as glyphs; a button with no glyph of its own is named in `extra`.
std::vector<Glyph> glyphsOf(const sim::MoveListInput& in, std::string& extra) {
    std::vector<Glyph> out;
    for (const sim::MoveToken& t : in.tokens) {
        if (t.kind == sim::MoveToken::Kind::Button) {
            if (!out.empty()) out.push_back(G::Plus);
            if (t.button == sim::kLight) out.push_back(G::Light);
            else if (t.button == sim::kHeavy) out.push_back(G::Heavy);
            else if (t.button == sim::kSpecial) out.push_back(G::Special);
            else if (t.button == sim::kThrow) out.push_back(G::Throw);
            else if (t.button != 0 && t.button == sim::buttonTable().bit("medium")) out.push_back(G::Medium);
            else {
                if (!out.empty()) out.pop_back();
                extra = "+ " + t.text;
            }
            continue;
        }
        for (int d : t.directions) {
            Glyph g;
            if (arrowOf(d, g)) out.push_back(g);
        }
    }
    return out;
}

}  // namespace

const char* groupName(Group g) {
    switch (g) {
    case Group::Movement: return "MOVEMENT";
    case Group::Defence: return "DEFENCE";
    case Group::Normal: return "NORMALS";
    case Group::Special: return "SPECIALS";
    case Group::Throw: return "THROWS";
    }
    return "";
}

const char* glyphName(Glyph g) {
    static const char* const kNames[] = {"up",     "up-forward", "forward", "down-forward", "down",    "down-back",
                                         "back",   "up-back",    "light",   "heavy",        "special", "throw",
                                         "medium", "+",          "or"};
    return kNames[int(g)];
}

std::string inputText(const std::vector<Glyph>& input) {
    std::string s;
    for (std::size_t i = 0; i < input.size(); ++i) {
        const bool joint = input[i] == G::Plus || input[i] == G::Or;
        const bool afterJoint = i > 0 && (input[i - 1] == G::Plus || input[i - 1] == G::Or);
        if (i > 0) s += joint || afterJoint ? " " : ", ";
        s += glyphName(input[i]);
    }
    return s;
}

namespace {

/// The moves every fighter has: walking, jumping, crouching and dashing, blocking and the throw tech.
void addCommonEntries(std::vector<MoveEntry>& out, const sim::FighterDef& def) {
    const sim::StandardAnims& ids = def.ids;
    const sim::InputWindows& w = def.windows;
    out.push_back({Group::Movement, "Walk", {G::Back, G::Or, G::Forward}, "hold", "", "walk", {}});
    out.push_back({Group::Movement, "Jump", {G::UpBack, G::Or, G::Up, G::Or, G::UpForward}, "", "", "jump", {}});
    out.push_back({Group::Movement, "Crouch", {G::Down}, "hold", "", "crouch", {}});
    if (w.dash > 0 && ids.dash >= 0 && ids.backdash >= 0) {
        const std::string tap = "tap twice within " + std::to_string(w.dash) + "f";
        out.push_back({Group::Movement, "Dash", {G::Forward, G::Forward}, "", tap, "dash", {}});
        out.push_back({Group::Movement, "Back dash", {G::Back, G::Back}, "", tap, "backdash", {}});
    }

    out.push_back({Group::Defence, "Block high", {G::Back}, "hold", "stops mids and overheads, not lows", "block", {}});
    out.push_back(
        {Group::Defence, "Block low", {G::DownBack}, "hold", "stops mids and lows, not overheads", "crouchblock", {}});
    if (w.tech > 0) {
        out.push_back({Group::Defence,
                       "Throw tech",
                       {G::Throw},
                       "when grabbed",
                       "within " + std::to_string(w.tech) + "f of the grab",
                       "",
                       {}});
    }
}

/// A move of the fighter file as a line of the list; false when it has no motion-style input (or no animation).
bool fileMoveEntry(const sim::FighterDef& def, const sim::MoveListEntry& m, MoveEntry& e) {
    const int id = def.anim(m.name);
    if (id < 0) return false;
    const sim::AnimDef& a = def.anims[std::size_t(id)];
    e.name = m.display;
    e.move = m.name;
    e.detail = detailOf(a);
    bool motion = false, air = false;
    std::string extra;
    for (const sim::MoveListInput& in : m.inputs) {
        for (const sim::MoveToken& t : in.tokens) motion = motion || t.kind == sim::MoveToken::Kind::Motion;
        air = air || in.air;
        std::vector<Glyph> glyphs = glyphsOf(in, extra);
        std::vector<Glyph>& to = in.simple ? e.simple : e.input;
        if (glyphs.empty() || (in.simple && !to.empty())) continue;  // one shortcut is enough
        if (!to.empty()) to.push_back(G::Or);
        to.insert(to.end(), glyphs.begin(), glyphs.end());
    }
    if (e.input.empty()) return false;  // only a simple-style shortcut: not a move of the motion style
    e.group = sim::isGrab(a) ? Group::Throw : motion ? Group::Special : Group::Normal;
    e.when = air ? "in the air" : e.group == Group::Throw && !motion ? "close" : "";
    if (!extra.empty()) e.when = e.when.empty() ? extra : extra + ", " + e.when;
    if (a.cost > 0) {  // a super: what it spends, said where a newcomer reads how to do it
        const std::string meter =
            a.cost >= sim::kMeterMax ? "full meter" : std::to_string(a.cost * 100 / sim::kMeterMax) + "% meter";
        e.when = e.when.empty() ? meter : meter + ", " + e.when;
    }
    return true;
}

}  // namespace

std::vector<MoveEntry> moveList(const sim::FighterDef& loaded) {
    std::vector<MoveEntry> out;
    sim::FighterDef def = loaded;  // a loaded fighter's ids are filled when a fight starts; the list fills its own
    def.resolveIds();
    addCommonEntries(out, def);
    // Every move the fighter file gives an input, in file order, with its own name and frame data.
    for (const sim::MoveListEntry& m : sim::moveList(def, sim::InputStyle::Simple)) {
        MoveEntry e;
        if (fileMoveEntry(def, m, e)) out.push_back(e);
    }

    // Sections in display order (stable: each keeps its lines' order).
    std::vector<MoveEntry> sorted;
    for (Group g : {Group::Movement, Group::Defence, Group::Normal, Group::Special, Group::Throw}) {
        for (const MoveEntry& e : out) {
            if (e.group == g) sorted.push_back(e);
        }
    }
    return sorted;
}

}  // namespace view
