// Training's tools (see training.h). Each hotkey builds the setup the match restarts with; the dummy, its reversal
// and throw tech, the counter hits and the tapes are setup fields, so a recorded training replay plays back the same.
#include "game/app/training/training.h"

#include "game/app/screen.h"
#include "game/io/names.h"

#include <iterator>

namespace app {

TrainingChange TrainingTools::dummyChange(const FightSource& src, sim::DummyMode d) const {
    // A new setup, started where the fighters stand.
    TrainingChange c{src.setup(), std::string("DUMMY: ") + sim::dummyName(d), 60, sf::Color(160, 220, 255)};
    for (int p = 0; p < 2; ++p) c.setup.startX[p] = src.fight().state().fighters[p].x;
    c.setup.dummy = d;
    return c;
}

TrainingChange TrainingTools::recordingChange(const FightSource& src, const Bindings& b) {
    // First press: P1's keys drive the dummy and every frame it plays is kept (relative to its facing); second
    // press (or kMaxTape frames): the dummy loops what was recorded.
    if (src.setup().dummy != sim::DummyMode::Record) {
        tapes_[recordSlot_ - 1].clear();
        TrainingChange c = dummyChange(src, sim::DummyMode::Record);
        c.banner = "RECORDING SLOT " + std::to_string(recordSlot_) + " (" + firstKeyText(b, kDummyRecord) + ": play)";
        c.ticks = 90;
        c.color = sf::Color(255, 120, 110);
        return c;
    }
    playSlot_ = recordSlot_;  // stopping a recording plays what was just recorded
    return playbackChange(src);
}

namespace {

// Presets (x of P1 and P2): the usual start, mid-screen, P1 in the left corner, P2 in the left corner, P2 in the
// right corner, P1 in the right corner.
struct Preset {
    int x1, x2;
    const char* name;
};
const Preset kPresets[] = {{400, 800, "start"},
                           {560, 640, "mid-screen"},
                           {60, 150, "P1 cornered (left)"},
                           {150, 60, "P2 cornered (left)"},
                           {1050, 1140, "P2 cornered (right)"},
                           {1140, 1050, "P1 cornered (right)"}};

}  // namespace

int TrainingTools::positions() { return int(std::size(kPresets)); }

const char* TrainingTools::positionName(int index) {
    return kPresets[(index % positions() + positions()) % positions()].name;
}

TrainingChange TrainingTools::playbackChange(const FightSource& src) const {
    TrainingChange c = dummyChange(src, sim::DummyMode::Playback);
    for (int n = 1; n <= sim::kTapeSlots; ++n) c.setup.tapeOf(n) = tapes_[n - 1];
    c.setup.playSlot = playSlot_;
    c.banner = playSlot_ == 0 ? std::string("PLAYBACK: a random slot each take")
                              : "PLAYBACK: " + std::to_string(tapes_[playSlot_ - 1].size()) + " frames in a loop";
    if (playSlot_ > 1) c.banner += " (slot " + std::to_string(playSlot_) + ")";
    return c;
}

TrainingChange TrainingTools::reversalChange(const FightSource& src, const std::string& move) const {
    TrainingChange c = dummyChange(src, src.setup().dummy);
    c.setup.reversal = move;
    c.banner = "REVERSAL: " + (move.empty() ? std::string("none") : move);
    return c;
}

TrainingChange TrainingTools::techChange(const FightSource& src, sim::DummyTech tech) const {
    TrainingChange c = dummyChange(src, src.setup().dummy);
    c.setup.throwTech = tech;
    static const char* const kNames[] = {"NEVER", "ALWAYS", "RANDOM"};
    c.banner = std::string("THROW TECH: ") + kNames[int(tech)];
    return c;
}

TrainingChange TrainingTools::positionChange(const FightSource& src) { return positionChangeTo(src, position_ + 1); }

TrainingChange TrainingTools::positionChangeTo(const FightSource& src, int index) {
    // Each change restarts the match from that preset.
    position_ = (index % positions() + positions()) % positions();
    TrainingChange c{src.setup(), std::string("POSITION: ") + kPresets[position_].name, 60, sf::Color(160, 220, 255)};
    c.setup.startX[0] = kPresets[position_].x1;
    c.setup.startX[1] = kPresets[position_].x2;
    return c;
}

TrainingChange TrainingTools::counterChange(const FightSource& src, sim::CounterHits rule) const {
    TrainingChange c = dummyChange(src, src.setup().dummy);  // restarts where they stand, like a dummy change
    c.setup.counter = rule;
    static const char* const kNames[] = {"OFF", "ON", "ALWAYS"};
    c.banner = std::string("COUNTER HITS: ") + kNames[int(rule)];
    c.color = sf::Color(255, 170, 90);
    return c;
}

void TrainingTools::keys(const Tick& in, const FightSource& src, const Bindings& b, const Apply& apply) {
    if (!hotkeys_) return;
    const Action stances[5] = {kDummyStand, kDummyCrouch, kDummyBlock, kDummyCrouchBlock, kDummyJump};
    for (int i = 0; i < 5; ++i) {
        if (in.pressedAny(bit(stances[i]))) apply(dummyChange(src, sim::DummyMode(i)));
    }
    if (in.pressedAny(bit(kDummyNext)))
        apply(dummyChange(src, sim::DummyMode((int(src.setup().dummy) + 1) % sim::kDummyModes)));
    if (in.pressedAny(bit(kPosition))) apply(positionChange(src));
    if (in.pressedAny(bit(kDummyRecord))) apply(recordingChange(src, b));
    if (in.pressedAny(bit(kDummyCounter))) {
        const bool always = src.setup().counter != sim::CounterHits::Always;
        apply(counterChange(src, always ? sim::CounterHits::Always : sim::CounterHits::Off));
    }
}

void TrainingTools::afterStep(const FightSource& src, const Bindings& b, const Apply& apply) {
    const sim::Fight& f = src.fight();
    // What the rules read (after SOCD cleaning; the CPU's and the dummy's own buttons for a CPU or dummy player).
    for (int p = 0; p < 2; ++p) recordInput(p, f.state().fighters[p].held);
    meter_.record(f);
    const sim::MatchSetup& s = src.setup();
    if (!hotkeys_ || s.dummy != sim::DummyMode::Record || f.state().roundFrame <= s.intro) return;
    const sim::FighterState& d = f.state().fighters[1];
    std::vector<std::uint16_t>& tape = tapes_[recordSlot_ - 1];
    tape.push_back(sim::relativeToAbsolute(d.held, d.facing));  // its own inverse: absolute -> relative
    if (int(tape.size()) >= sim::kMaxTape) apply(recordingChange(src, b));
}

void TrainingTools::onEvent(const sim::Event& e, const sim::Fight& fight) {
    if (e.type != sim::EventType::Hit || e.victim != 1) return;
    const int combo = fight.state().fighters[1].combo;
    comboDamage_ = combo <= 1 ? e.damage : comboDamage_ + e.damage;
    lastCombo_ = combo;
}

void TrainingTools::clear() {
    meter_.clear();
    for (std::vector<InputRow>& h : history_) h.clear();
    lastCombo_ = comboDamage_ = 0;
}

void TrainingTools::recordInput(int p, std::uint16_t buttons) {
    std::vector<InputRow>& h = history_[p];
    if (!h.empty() && h.front().buttons == buttons) {
        ++h.front().frames;
        return;
    }
    h.insert(h.begin(), InputRow{buttons, 1});
    if (int(h.size()) > kHistoryRows) h.pop_back();
}

}  // namespace app
