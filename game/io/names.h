#pragma once
// The words files and the app use for enum values: fight modes, training dummy behaviours, Blaster structures.
#include "engine/sets/registry.h"
#include "game/sim/fight.h"

#include <string>

namespace sim {

/// Script/replay word for a mode ("versus", "cpu", "training", "cpuvscpu").
const char* modeName(Mode m);
/// Parses a mode word; returns false when unknown.
bool parseMode(const std::string& word, Mode& out);
/// Script/replay word for a dummy mode ("stand", "crouch", "block", "crouchblock", "jump", ...).
const char* dummyName(DummyMode d);
/// Parses a dummy word; returns false when unknown.
bool parseDummy(const std::string& word, DummyMode& out);
/// Script/replay word for the dummy's throw tech ("never", "always", "random").
const char* techName(DummyTech t);
/// Parses a throw-tech word; returns false when unknown.
bool parseTech(const std::string& word, DummyTech& out);
/// Script/replay word for a playback slot: "1".."3", or "random" for 0.
std::string slotName(int slot);
/// Parses a playback slot word; returns false when unknown.
bool parseSlot(const std::string& word, int& out);
/// Script/replay word for a counter-hit rule ("off", "on", "always").
const char* counterName(CounterHits c);
/// Parses a counter-hit word; returns false when unknown.
bool parseCounter(const std::string& word, CounterHits& out);
/// Script/replay word for an input style ("motion", "simple").
const char* styleName(InputStyle st);
/// Parses an input style word; returns false when unknown.
bool parseStyle(const std::string& word, InputStyle& out);

}  // namespace sim

namespace blaster {

/// Structure name as scripts and the HUD spell it: engine::setKindName (the registry's names).
const char* structureName(engine::SetKind kind);
/// Parses a structure name (engine::parseSetKind) or its number key 1..engine::kSetKindCount; false when unknown.
bool parseStructure(const std::string& text, engine::SetKind& kind);

}  // namespace blaster
