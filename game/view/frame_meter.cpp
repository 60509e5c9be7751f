// The frame meter (see frame_meter.h).
#include "game/view/frame_meter.h"

namespace app {

FrameKind frameKind(const sim::Fight& fight, int p) {
    const sim::FighterState& f = fight.state().fighters[p];
    switch (f.action) {
    case sim::Action::Attack: {
        const sim::AnimDef& a = fight.def(p).anims[std::size_t(f.anim)];
        if (f.animFrame <= a.startup) return FrameKind::Startup;
        if (f.animFrame <= a.startup + a.active) return FrameKind::Active;
        return FrameKind::Recovery;
    }
    case sim::Action::Hitstun:
    case sim::Action::Knockdown: return FrameKind::Hitstun;
    case sim::Action::Blockstun: return FrameKind::Blockstun;
    case sim::Action::Thrown: return FrameKind::Held;
    case sim::Action::Dash:
    case sim::Action::Air: return FrameKind::Moving;
    case sim::Action::Idle:
    case sim::Action::Walk:
    case sim::Action::Crouch:
    case sim::Action::KO: return FrameKind::Free;
    }
    return FrameKind::Free;
}

void FrameMeter::record(const sim::Fight& fight) {
    const sim::FightState& s = fight.state();
    const bool frozen = prevHitstop_ > 0;  // this step only counted hitstop down
    prevHitstop_ = s.hitstop;
    if (frozen || s.roundOver || s.matchOver || s.roundFrame <= fight.setup().intro) return;
    const FrameKind k[2] = {frameKind(fight, 0), frameKind(fight, 1)};
    const bool bothFree = k[0] == FrameKind::Free && k[1] == FrameKind::Free;
    if (bothFree) {
        if (!open_) return;
        open_ = false;  // the exchange is over: whoever's busy frames ended first is ahead by the difference
        if (busy_[0] && busy_[1]) {
            hasAdvantage_ = true;
            advantage_ = lastBusy_[1] - lastBusy_[0];
        }
        return;
    }
    if (!open_) {
        for (int p = 0; p < 2; ++p) {
            rows_[p].clear();
            busy_[p] = false;
            lastBusy_[p] = -1;
            startup_[p] = 0;
        }
        length_ = 0;
        open_ = true;
    }
    for (int p = 0; p < 2; ++p) {
        if (k[p] != FrameKind::Free) {
            busy_[p] = true;
            lastBusy_[p] = length_;
        }
        if (k[p] == FrameKind::Active && startup_[p] == 0) {
            int first = 0;  // the move's frames so far in this row, counted back from here
            for (int i = int(rows_[p].size()) - 1; i >= 0 && rows_[p][std::size_t(i)] == FrameKind::Startup; --i)
                ++first;
            startup_[p] = first + 1;
        }
        rows_[p].push_back(k[p]);
        if (int(rows_[p].size()) > kCells) rows_[p].erase(rows_[p].begin());
    }
    ++length_;
}

}  // namespace app
