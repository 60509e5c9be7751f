// The key bindings' spare per-player slots (bindings.h, kP1Extra0..): which rows of the button table fill them.
// Apart from bindings.cpp so that file stays about the config text.
#include "game/app/input/bindings.h"

#include <algorithm>
#include <iterator>

namespace app {

const sim::ButtonDef* extraButtonRow(const sim::ButtonTable& table, int i) {
    static const char* const kNamed[] = {"up",    "down",    "left",  "right", "light",
                                         "heavy", "special", "start", "throw", "medium"};
    for (const sim::ButtonDef& d : table.rows) {
        if (std::find(std::begin(kNamed), std::end(kNamed), d.name) != std::end(kNamed)) continue;
        if (i-- == 0) return &d;
    }
    return nullptr;
}

int extraSlotsInUse() {
    int n = 0;
    while (n < kExtraSlots && extraButtonRow(sim::buttonTable(), n) != nullptr) ++n;
    return n;
}

bool extraSlotOf(Action a, int& player, int& index) {
    if (a < kP1Extra0 || a > kP2Extra3) return false;
    player = (a - kP1Extra0) / kExtraSlots;
    index = (a - kP1Extra0) % kExtraSlots;
    return true;
}

}  // namespace app
