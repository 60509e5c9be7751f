// The move list: a fighter's moves and inputs as tokens, read from its data.
#include "game/sim/move_list.h"

namespace sim {

std::vector<int> motionSteps(Motion m) {
    switch (m) {
    case Motion::None: return {};
    case Motion::QCF: return {2, 3, 6};
    case Motion::DP: return {6, 2, 3};
    case Motion::QCB: return {2, 1, 4};
    case Motion::HCF: return {4, 1, 2, 3, 6};
    case Motion::DownDown: return {2, 5, 2};
    case Motion::QCF2: return {2, 3, 6, 2, 3, 6};
    }
    return {};
}

const char* motionText(Motion m) {
    switch (m) {
    case Motion::None: return "";
    case Motion::QCF: return "236";
    case Motion::DP: return "623";
    case Motion::QCB: return "214";
    case Motion::HCF: return "41236";
    case Motion::DownDown: return "22";
    case Motion::QCF2: return "236236";
    }
    return "";
}

const char* levelText(Guard g) {
    switch (g) {
    case Guard::Mid: return "mid";
    case Guard::Low: return "low";
    case Guard::Overhead: return "overhead";
    case Guard::High: return "high";
    case Guard::Throw: return "throw";
    }
    return "mid";
}

bool isGrab(const AnimDef& a) {
    if (a.guard == Guard::Throw) return true;
    for (const Placement& p : a.boxes) {
        if (p.target == kPlaceThrow) return true;
    }
    return false;
}

std::vector<MoveListEntry> moveList(const FighterDef& def, InputStyle style) {
    std::vector<MoveListEntry> out;
    for (const AnimDef& a : def.anims) {
        if (!a.isMove || a.inputs.empty()) continue;
        MoveListEntry e;
        e.name = a.name;
        e.display = a.display.empty() ? a.name : a.display;
        e.startup = a.startup;
        e.active = a.active;
        e.recovery = a.recovery;
        e.damage = a.damage;
        e.level = a.guard;
        e.projectile = a.projectile;
        e.knockdown = a.knockdown;
        e.launcher = a.launcher;
        e.invincible = a.invFirst > 0;
        e.noTech = a.noTech;
        for (int c : a.cancels) e.cancels.push_back(def.anims[std::size_t(c)].name);
        for (const MoveInput& in : a.inputs) {
            if (in.simple && style != InputStyle::Simple) continue;
            MoveListInput li;
            li.simple = in.simple;
            li.air = a.fromAir && !a.fromGround;
            if (in.motion != Motion::None) {
                MoveToken t;
                t.kind = MoveToken::Kind::Motion;
                t.directions = motionSteps(in.motion);
                t.text = motionText(in.motion);
                li.tokens.push_back(t);
            } else if (in.dir != 0) {
                MoveToken t;
                t.kind = MoveToken::Kind::Direction;
                t.directions = {in.dir};
                t.text = std::to_string(in.dir);
                li.tokens.push_back(t);
            }
            MoveToken b;
            b.kind = MoveToken::Kind::Button;
            b.button = in.button;
            const ButtonDef* row = buttonTable().row(in.button);
            b.text = row ? row->label : "?";
            li.tokens.push_back(b);
            e.inputs.push_back(li);
        }
        if (!e.inputs.empty()) out.push_back(e);
    }
    return out;
}

}  // namespace sim
