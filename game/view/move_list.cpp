// The move list (see move_list.h): every input the rules read (fight.cpp's pickAttack, dashInput and guard),
// listed for the moves this fighter's file defines, with its frame data in words.
#include "game/view/move_list.h"

namespace view {
namespace {

using G = Glyph;

/// True when an anim places a throw box (a grab: the `throw` move, or a command throw on 623).
bool grabs(const sim::AnimDef& a) {
    for (const sim::Placement& p : a.boxes) {
        if (p.target == sim::kPlaceThrow) return true;
    }
    return false;
}

/// Frame data in words: how to guard it, damage, startup and what is special about it.
std::string detailOf(const sim::AnimDef& a) {
    std::string s;
    if (grabs(a)) {
        s = a.noTech ? "unbreakable grab" : "grab: beats blocking";
    } else {
        s = a.guard == sim::Guard::Low ? "low (block crouching)" : a.guard == sim::Guard::High ? "overhead (block standing)" : "mid";
    }
    s += ", " + std::to_string(a.damage) + " damage, " + std::to_string(a.startup) + "f startup";
    if (a.projectile) s += ", projectile";
    if (a.invFirst > 0) s += ", invincible " + std::to_string(a.invFirst) + "-" + std::to_string(a.invLast) + "f";
    return s;
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
    static const char* const kNames[] = {"up",    "up-forward", "forward", "down-forward", "down", "down-back",
                                         "back",  "up-back",    "light",   "heavy",        "special", "throw",
                                         "+",     "or"};
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

std::vector<MoveEntry> moveList(const sim::FighterDef& loaded) {
    std::vector<MoveEntry> out;
    sim::FighterDef def = loaded;  // a loaded fighter's ids are filled when a fight starts; the list fills its own
    def.resolveIds();
    const sim::StandardAnims& ids = def.ids;
    const sim::InputWindows& w = def.windows;
    const auto anim = [&](int id) -> const sim::AnimDef& { return def.anims[std::size_t(id)]; };
    const auto move = [&](Group g, const char* name, int id, std::vector<Glyph> input, const char* when,
                          std::vector<Glyph> simple = {}) {
        if (id < 0) return;
        out.push_back({g, name, std::move(input), when, detailOf(anim(id)), anim(id).name, std::move(simple)});
    };

    out.push_back({Group::Movement, "Walk", {G::Back, G::Or, G::Forward}, "hold", "", "walk", {}});
    out.push_back({Group::Movement, "Jump", {G::UpBack, G::Or, G::Up, G::Or, G::UpForward}, "", "", "jump", {}});
    out.push_back({Group::Movement, "Crouch", {G::Down}, "hold", "", "crouch", {}});
    if (w.dash > 0 && ids.dash >= 0 && ids.backdash >= 0) {
        const std::string tap = "tap twice within " + std::to_string(w.dash) + "f";
        out.push_back({Group::Movement, "Dash", {G::Forward, G::Forward}, "", tap, "dash", {}});
        out.push_back({Group::Movement, "Back dash", {G::Back, G::Back}, "", tap, "backdash", {}});
    }

    out.push_back({Group::Defence, "Block high", {G::Back}, "hold", "stops mids and overheads, not lows", "block", {}});
    out.push_back({Group::Defence, "Block low", {G::DownBack}, "hold", "stops mids and lows, not overheads", "crouchblock", {}});
    if (w.tech > 0) {
        out.push_back({Group::Defence, "Throw tech", {G::Throw}, "when grabbed",
                       "within " + std::to_string(w.tech) + "f of the grab", "", {}});
    }

    move(Group::Normal, "Light attack", ids.light, {G::Light}, "");
    move(Group::Normal, "Heavy attack", ids.heavy, {G::Heavy}, "");
    move(Group::Normal, "Low attack", ids.low, {G::Down, G::Plus, G::Light}, "");
    move(Group::Normal, "Jump attack", ids.air, {G::Light, G::Or, G::Heavy}, "in the air");

    move(Group::Special, "Fireball", ids.special, {G::Down, G::DownForward, G::Forward, G::Plus, G::Special}, "",
         {G::Special});
    if (ids.rising >= 0) {
        const bool command = grabs(anim(ids.rising));
        move(command ? Group::Throw : Group::Special, command ? "Command throw" : "Rising anti-air", ids.rising,
             {G::Forward, G::Down, G::DownForward, G::Plus, G::Special}, "", {G::Forward, G::Plus, G::Special});
    }
    move(Group::Throw, "Throw", ids.grab, {G::Throw}, "close");

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
