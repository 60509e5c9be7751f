// The parts of fight_source.h every source shares: how a player's keys become the rules' buttons, and the HUD's
// mode names.
#include "game/app/fight/fight_source.h"

namespace app {

std::uint16_t buttonsOf(ActionSet held, int p) {
    const int base = p == 0 ? kP1Up : kP2Up;
    // The player actions in Action order; medium is the button table's row of that name (data/buttons.cfg).
    const std::uint16_t bits[9] = {sim::kUp,      sim::kDown,  sim::kLeft,
                                   sim::kRight,   sim::kLight, sim::kHeavy,
                                   sim::kSpecial, sim::kThrow, sim::buttonTable().bit("medium")};
    std::uint16_t out = 0;
    for (int i = 0; i < 9; ++i) {
        if (held & bit(Action(base + i))) out |= bits[i];
    }
    // The spare slots: the table's rows beyond those, in table order.
    const Action extra = p == 0 ? kP1Extra0 : kP2Extra0;
    for (int i = 0; i < kExtraSlots; ++i) {
        if ((held & bit(Action(extra + i))) == 0) continue;
        if (const sim::ButtonDef* row = extraButtonRow(sim::buttonTable(), i)) out |= sim::buttonTable().bit(row->name);
    }
    return out;
}

const char* modeTitle(sim::Mode m) {
    switch (m) {
    case sim::Mode::Versus: return "VERSUS";
    case sim::Mode::VersusCpu: return "VS CPU";
    case sim::Mode::Training: return "TRAINING";
    case sim::Mode::CpuVsCpu: return "CPU VS CPU";
    }
    return "";
}

const std::vector<std::string>& FightSource::failedChecks() const {
    static const std::vector<std::string> kNone;
    return kNone;
}

}  // namespace app
