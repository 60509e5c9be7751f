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
        case DummyMode::Record: return "record";
        case DummyMode::Playback: return "playback";
    }
    return "stand";
}

bool parseDummy(const std::string& word, DummyMode& out) {
    for (DummyMode d : {DummyMode::Stand, DummyMode::Crouch, DummyMode::Block, DummyMode::CrouchBlock, DummyMode::Jump,
                        DummyMode::RandomBlock, DummyMode::Reversal, DummyMode::Record, DummyMode::Playback}) {
        if (word == dummyName(d)) {
            out = d;
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
