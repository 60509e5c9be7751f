// A fighter as data: lookups by name (for loaders, scripts and the app; never per frame in the simulation) and
// the resolution of the standard animations to ids, done once when a fighter is loaded.
#include "game/sim/fighter_def.h"

#include <algorithm>

namespace sim {

const char* const kRequiredAnims[] = {"stand",   "walk", "crouch", "jump",  "block",  "crouchblock",
                                      "hitstun", "ko",   "light",  "heavy", "special"};
const int kRequiredAnimCount = int(sizeof(kRequiredAnims) / sizeof(kRequiredAnims[0]));

int advancedBy(const AnimDef& a, int frame) {
    const int last = frame < a.advanceLast ? frame : a.advanceLast;
    return last < a.advanceFirst ? 0 : (last - a.advanceFirst + 1) * a.advanceDx;
}

int FighterDef::anim(std::string_view name) const {
    for (int i = 0; i < int(anims.size()); ++i) {
        if (anims[i].name == name) return i;
    }
    return -1;
}

int FighterDef::member(std::string_view name) const {
    for (int i = 0; i < int(members.size()); ++i) {
        if (members[i].name == name) return i;
    }
    return -1;
}

NamedColor FighterDef::color(std::string_view role, NamedColor fallback) const {
    for (const NamedColor& c : colors) {
        if (c.name == role) return c;
    }
    return fallback;
}
void FighterDef::resolveIds() {
    ids.stand = anim("stand");
    ids.walk = anim("walk");
    ids.crouch = anim("crouch");
    ids.jump = anim("jump");
    ids.block = anim("block");
    ids.crouchblock = anim("crouchblock");
    ids.hitstun = anim("hitstun");
    ids.ko = anim("ko");
    ids.light = anim("light");
    ids.heavy = anim("heavy");
    ids.special = anim("special");
    ids.low = anim("low");
    ids.air = anim("air");
    ids.rising = anim("rising");
    ids.grab = anim("throw");
    ids.thrown = anim("thrown");
    ids.dash = anim("dash");
    ids.backdash = anim("backdash");
    ids.medium = anim("medium");
    ids.crouchmedium = anim("crouchmedium");
    ids.crouchheavy = anim("crouchheavy");
    ids.super = anim("super");
    ids.down = anim("down");
    ids.hitstunHigh = anim("hitstun-high");
    ids.hitstunLow = anim("hitstun-low");
    ids.win = anim("win");
    ids.lose = anim("lose");
    headMember = member("head");
    legMembers = 0;
    for (int m = 0; m < int(members.size()) && m < 32; ++m) {
        if (members[std::size_t(m)].name.compare(0, 3, "leg") == 0) legMembers |= 1u << m;
    }
    techButtons = 0;
    for (const AnimDef& a : anims) {
        if (a.guard != Guard::Throw) continue;
        for (const MoveInput& in : a.inputs) {  // the plain throw's button (not a command grab's motion)
            if (in.motion == Motion::None && in.dir == 0) techButtons = std::uint16_t(techButtons | in.button);
        }
    }
}

}  // namespace sim
