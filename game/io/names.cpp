// The words for enum values (see names.h).
#include "game/io/names.h"

#include <cassert>

namespace sim {

const char* modeName(Mode m) {
    switch (m) {
    case Mode::Versus: return "versus";
    case Mode::VersusCpu: return "cpu";
    case Mode::Training: return "training";
    case Mode::CpuVsCpu: return "cpuvscpu";
    }
    return "versus";
}

bool parseMode(const std::string& word, Mode& out) {
    for (Mode m : {Mode::Versus, Mode::VersusCpu, Mode::Training, Mode::CpuVsCpu}) {
        if (word == modeName(m)) {
            out = m;
            return true;
        }
    }
    return false;
}

const char* dummyName(DummyMode d) {
    switch (d) {
    case DummyMode::Stand: return "stand";
    case DummyMode::Crouch: return "crouch";
    case DummyMode::Block: return "block";
    case DummyMode::CrouchBlock: return "crouchblock";
    case DummyMode::Jump: return "jump";
    case DummyMode::RandomBlock: return "randomblock";
    case DummyMode::Reversal: return "reversal";
    case DummyMode::AfterHit: return "afterhit";
    case DummyMode::Record: return "record";
    case DummyMode::Playback: return "playback";
    }
    return "stand";
}

bool parseDummy(const std::string& word, DummyMode& out) {
    for (DummyMode d :
         {DummyMode::Stand, DummyMode::Crouch, DummyMode::Block, DummyMode::CrouchBlock, DummyMode::Jump,
          DummyMode::RandomBlock, DummyMode::Reversal, DummyMode::AfterHit, DummyMode::Record, DummyMode::Playback}) {
        if (word == dummyName(d)) {
            out = d;
            return true;
        }
    }
    return false;
}

const char* techName(DummyTech t) {
    switch (t) {
    case DummyTech::Never: return "never";
    case DummyTech::Always: return "always";
    case DummyTech::Random: return "random";
    }
    return "never";
}

bool parseTech(const std::string& word, DummyTech& out) {
    for (DummyTech t : {DummyTech::Never, DummyTech::Always, DummyTech::Random}) {
        if (word == techName(t)) {
            out = t;
            return true;
        }
    }
    return false;
}

std::string slotName(int slot) { return slot == 0 ? "random" : std::to_string(slot); }

bool parseSlot(const std::string& word, int& out) {
    for (int n = 0; n <= kTapeSlots; ++n) {
        if (word == slotName(n)) {
            out = n;
            return true;
        }
    }
    return false;
}

const char* counterName(CounterHits c) {
    switch (c) {
    case CounterHits::Off: return "off";
    case CounterHits::On: return "on";
    case CounterHits::Always: return "always";
    }
    return "off";
}

bool parseCounter(const std::string& word, CounterHits& out) {
    for (CounterHits c : {CounterHits::Off, CounterHits::On, CounterHits::Always}) {
        if (word == counterName(c)) {
            out = c;
            return true;
        }
    }
    return false;
}

const char* styleName(InputStyle st) {
    switch (st) {
    case InputStyle::Motion: return "motion";
    case InputStyle::Simple: return "simple";
    }
    return "simple";
}

bool parseStyle(const std::string& word, InputStyle& out) {
    for (InputStyle st : {InputStyle::Motion, InputStyle::Simple}) {
        if (word == styleName(st)) {
            out = st;
            return true;
        }
    }
    return false;
}

}  // namespace sim

namespace blaster {

// The engine owns the structure names (engine::setKindName / parseSetKind); the Blaster adds its number keys.
const char* structureName(engine::SetKind kind) {
    assert(int(kind) >= 0 && int(kind) < engine::kSetKindCount);
    return engine::setKindName(kind);
}

bool parseStructure(const std::string& text, engine::SetKind& kind) {
    if (engine::parseSetKind(text, kind)) return true;
    for (int k = 0; k < engine::kSetKindCount; ++k) {
        if (text == std::to_string(k + 1)) {
            kind = engine::SetKind(k);
            return true;
        }
    }
    return false;
}

}  // namespace blaster
