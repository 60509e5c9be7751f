#pragma once
// Helpers for the fight tests: the shipped fighters and a fight stepped with scripted input.
#include "game/io/fighter_file.h"
#include "game/sim/fight.h"
#include "test_paths.h"

#include <doctest/doctest.h>

#include <vector>

namespace fighttest {

/// Loads data/fighters/ID.fighter, failing the test when it does not load.
inline sim::FighterDef fighter(const std::string& id) {
    sim::FighterLoad load = sim::loadFighterById(testpaths::data(), id);
    REQUIRE_MESSAGE(load.ok, load.error.text());
    return load.def;
}

/// A versus setup with both fighters at the given x.
inline sim::MatchSetup setupAt(int x1, int x2, const char* f1 = "ryo", const char* f2 = "ryo") {
    sim::MatchSetup s;
    s.fighter[0] = f1;
    s.fighter[1] = f2;
    s.startX[0] = x1;
    s.startX[1] = x2;
    return s;
}

/// Input with p1 holding b1 and p2 holding b2.
inline sim::FrameInput input(std::uint16_t b1, std::uint16_t b2 = 0) {
    sim::FrameInput in;
    in.buttons[0] = b1;
    in.buttons[1] = b2;
    return in;
}

/// Steps n frames with the same input, collecting every event (with the frame it happened on).
struct Recorder {
    std::vector<std::pair<std::int64_t, sim::Event>> events;
    void step(sim::Fight& f, const sim::FrameInput& in, int n = 1) {
        for (int i = 0; i < n; ++i) {
            f.step(in);
            for (const sim::Event& e : f.events()) events.emplace_back(f.state().frame, e);
        }
    }
    int count(sim::EventType t) const {
        int c = 0;
        for (const auto& fe : events) c += fe.second.type == t ? 1 : 0;
        return c;
    }
    const sim::Event* first(sim::EventType t, std::int64_t* frame = nullptr) const {
        for (const auto& fe : events) {
            if (fe.second.type == t) {
                if (frame) *frame = fe.first;
                return &fe.second;
            }
        }
        return nullptr;
    }
};

}  // namespace fighttest
