// Frame data that writes itself: each move is played against a dummy and its numbers read off the simulation.
#include "game/run/frame_data.h"

#include "game/sim/fight.h"
#include "game/sim/move_list.h"

#include <string>
#include <vector>

namespace run {
namespace {

/// The frames of buttons (facing right) that enter `in`: its motion's directions, then the press with the last.
std::vector<std::uint16_t> inputFrames(const sim::MoveInput& in) {
    auto dirBits = [](int numpad) {
        std::uint16_t b = 0;
        if (numpad <= 3) b |= sim::kDown;
        if (numpad >= 7) b |= sim::kUp;
        if (numpad % 3 == 1) b |= sim::kLeft;
        if (numpad % 3 == 0) b |= sim::kRight;
        return b;
    };
    std::vector<std::uint16_t> frames;
    const std::vector<int> steps = sim::motionSteps(in.motion);
    for (std::size_t i = 0; i + 1 < steps.size(); ++i) frames.push_back(dirBits(steps[i]));
    const std::uint16_t last = !steps.empty() ? dirBits(steps.back()) : in.dir != 0 ? dirBits(in.dir) : 0;
    frames.push_back(std::uint16_t(last | in.button));
    return frames;
}

struct Measure {
    bool connected = false;
    int startup = 0;    ///< frames from the press to the first connecting frame, that frame included
    int advantage = 0;  ///< the attacker's advantage the rules computed (FighterState::lastAdvantage)
    bool knockdown = false;
};

/// Plays `anim` of p1 (entered with its first input) against a dummy at `gap` units, guarding or not.
Measure play(const sim::FighterDef& def, int anim, int gap, bool guard) {
    sim::MatchSetup setup;
    setup.fighter[0] = setup.fighter[1] = def.id;
    setup.startX[0] = 400;
    setup.startX[1] = 400 + gap;
    setup.startMeter[0] = sim::kMeterMax;  // supers too
    sim::Fight fight(setup, def, def);
    const std::vector<std::uint16_t> frames = inputFrames(def.anims[std::size_t(anim)].inputs.front());
    Measure m;
    int started = -1;
    for (int f = 0; f < 240 && !m.connected; ++f) {
        sim::FrameInput in;
        in.buttons[0] = f < int(frames.size()) ? frames[std::size_t(f)] : 0;
        // p2 faces left: right is back; a low is guarded crouching.
        const bool low = def.anims[std::size_t(anim)].guard == sim::Guard::Low;
        in.buttons[1] = guard ? std::uint16_t(sim::kRight | (low ? sim::kDown : 0)) : 0;
        fight.step(in);
        const sim::FighterState& p1 = fight.state().fighters[0];
        if (started < 0 && p1.action == sim::Action::Attack && p1.anim == anim) started = f;
        for (const sim::Event& e : fight.events()) {
            const bool lands =
                e.type == sim::EventType::Hit || e.type == sim::EventType::Block || e.type == sim::EventType::Throw;
            if (!lands || e.attacker != 0 || started < 0) continue;
            m.connected = true;
            m.startup = f - started + 1;
        }
    }
    if (!m.connected) return m;
    // A throw's hit lands when the victim's tech window ends: run on to it.
    for (int f = 0; f < 120 && fight.state().fighters[1].action == sim::Action::Thrown; ++f)
        fight.step(sim::FrameInput{});
    m.advantage = fight.state().fighters[0].lastAdvantage;
    m.knockdown = fight.state().fighters[1].action == sim::Action::Knockdown;
    return m;
}

/// The closest gap (from 40 units on, 10 at a time) at which the move connects, or -1.
int reachGap(const sim::FighterDef& def, int anim) {
    for (int gap = 40; gap <= 700; gap += 10) {
        if (play(def, anim, gap, false).connected) return gap;
    }
    return -1;
}

std::string inputText(const sim::MoveListInput& in) {
    std::string s;
    for (const sim::MoveToken& t : in.tokens) s += (s.empty() ? "" : " ") + t.text;
    return s;
}

std::string signedText(int v) { return v > 0 ? "+" + std::to_string(v) : std::to_string(v); }

}  // namespace

std::string travelText(const sim::AnimDef& a) {
    if (a.advanceFirst == 0) return "";
    const int total = (a.advanceLast - a.advanceFirst + 1) * a.advanceDx;
    const std::string way = total >= 0 ? "forward " : "back ";
    return "moves " + way + std::to_string(total >= 0 ? total : -total) +
           " units: " + std::to_string(a.advanceDx >= 0 ? a.advanceDx : -a.advanceDx) + " a frame on frames " +
           std::to_string(a.advanceFirst) + "-" + std::to_string(a.advanceLast);
}

/// The notes under the table: one line per move that carries its fighter (none, and no heading, for the others).
static void writeTravelNotes(const sim::FighterDef& def, const std::vector<sim::MoveListEntry>& list,
                             std::ostream& out) {
    std::string notes;
    for (const sim::MoveListEntry& e : list) {
        const std::string t = travelText(def.anims[std::size_t(def.anim(e.name))]);
        if (!t.empty()) notes += "- " + e.display + " " + t + ".\n";
    }
    if (!notes.empty()) out << "\nTravel (the move's own `advance`, from where it starts, facing right):\n\n" << notes;
}

void writeFrameData(const sim::FighterDef& def, std::ostream& out) {
    out << "# " << def.display << ": frame data\n\n"
        << "Generated by `game_headless --frame-data " << def.id << "` from `data/fighters/" << def.id
        << ".fighter`; do not edit (a test fails when the data moves a number and this page is not regenerated).\n"
        << "Startup is measured: frames from the press to the first frame it connects (that frame counted), against a\n"
        << "standing dummy (crouching to guard a low) at the\n"
        << "closest distance it reaches; on hit / on block are the frames the attacker is free before the dummy (KD =\n"
        << "the dummy is knocked down; + = the attacker first). Inputs in numpad notation facing right, button labels\n"
        << "from data/buttons.cfg.\n\n"
        << "| move | input | startup | active | recovery | damage | level | on hit | on block | cancels into |\n"
        << "|---|---|---|---|---|---|---|---|---|---|\n";
    const std::vector<sim::MoveListEntry> list = sim::moveList(def, sim::InputStyle::Motion);
    for (const sim::MoveListEntry& e : list) {
        const int anim = def.anim(e.name);
        const sim::AnimDef& a = def.anims[std::size_t(anim)];
        std::string startup = "-", onHit = "-", onBlock = "-";
        if (a.fromGround && !a.inputs.empty()) {
            const int gap = reachGap(def, anim);
            if (gap >= 0) {
                const Measure hit = play(def, anim, gap, false);
                const Measure block = play(def, anim, gap, true);
                startup = std::to_string(hit.startup);
                onHit = hit.knockdown ? "KD" : signedText(hit.advantage);
                onBlock = sim::isGrab(a) || !block.connected ? "-" : signedText(block.advantage);  // no block
            }
        }
        std::string cancels;
        for (const std::string& c : e.cancels) cancels += (cancels.empty() ? "" : ", ") + c;
        std::string name = e.display;
        if (a.fromAir && !a.fromGround) name += " (air)";
        if (a.cost > 0) name += " (meter " + std::to_string(a.cost) + ")";
        out << "| " << name << " | " << inputText(e.inputs.front()) << " | " << startup << " | " << a.active << " | "
            << a.recovery << " | " << a.damage << " | " << sim::levelText(sim::isGrab(a) ? sim::Guard::Throw : a.guard)
            << " | " << onHit << " | " << onBlock << " | " << (cancels.empty() ? "-" : cancels) << " |\n";
    }
    writeTravelNotes(def, list, out);
}

}  // namespace run
