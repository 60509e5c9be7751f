// The Blaster's work and memory budgets (game/sim/blaster/budget.h): legal scripts that used to take gigabytes,
// end in std::bad_alloc or run for many minutes are refused at their line before a frame runs, and ordinary
// scripts still pass. Every expected line below is worked out by hand in the comment beside it from the cost
// estimates in engine/sets/*.cpp and the tuning; the byte and unit figures are the estimate's, not measured ones.
#include "game/io/io_test_util.h"
#include "game/io/blaster_script.h"
#include "game/sim/blaster/budget.h"

#include <doctest/doctest.h>

#include <string>

namespace {

using iotest::blasterError;

/// `count` copies of line.
std::string repeated(const std::string& line, int count) {
    std::string s;
    for (int i = 0; i < count; ++i) s += line;
    return s;
}

bool startsWith(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace

TEST_CASE("Screen-sized ships on a one-unit grid are refused at the ship that passes the memory budget") {
    // Was 1.25 GB for 100 ships and std::bad_alloc (exit 134) for 300. The grid's estimate (grid_set.cpp) is
    // 24 bytes a cell, 32 an occupied cell, 8 a reference and 64 an item; a Game peaks at its two sets plus the
    // larger one again while it rebuilds. One-unit cells over the default world: 1792 x 1232 = 2,207,744 cells.
    // The star set (600 stars, 7 x 7 references each): 54,200,256 bytes. The ship set holds the 36 busy ships
    // (98 x 98 references), the stars and 36 lasers (26 x 6) as well, 380,760 references, and each 1280 x 720 ship
    // adds 1282 x 722 = 925,604; once they outnumber the cells every cell is occupied, so the ship set with k ships
    // is 126,722,752 + 7,404,896 k bytes and the peak 307,645,760 + 14,809,792 k: the 16th ship passes 512 MiB
    // (544,602,432 bytes, "519 MB"). It is on line 3 + 16 = 19.
    const std::string head = "blaster 1\nset gridCell 1\nstructure grid\n";
    for (int ships : {100, 300, 4096}) {
        CAPTURE(ships);
        const std::string e = blasterError(head + repeated("enemy 0 0 1280 720 0\n", ships) + "wait 10\n");
        CHECK(startsWith(e, "t.blaster:19: the grid structure would hold about 519 MB (limit 512 MB)"));
    }
    // The same ships on the default grid (64-unit cells: 22 x 13 references each) fit in memory.
    CHECK(blasterError("blaster 1\nstructure grid\n" + repeated("enemy 0 0 1280 720 0\n", 100) + "wait 1\n") == "");
}

TEST_CASE("A ship placed under one structure is counted again when the script switches to another") {
    // 40 ships fit the array (64 bytes each); the one-unit grid holds at most 15 of them (above): the switch, on
    // line 3 + 40 + 1, is refused.
    const std::string e = blasterError("blaster 1\nset gridCell 1\nstructure array\n" +
                                       repeated("enemy 0 0 1280 720 0\n", 40) + "switch grid\nwait 1\n");
    CHECK(startsWith(e, "t.blaster:44: the grid structure would hold about "));
}

TEST_CASE("A deep leaf quadtree under large ships is refused by memory, not by std::bad_alloc") {
    // Depth 10 over the 1792 x 1232 world: the estimate takes leaves of 1232 / 1024 = 1.2 units, so a 720 x 720 ship
    // is 602 x 602 references (2.8 MiB) plus the nodes they make; far fewer than the 4096 a script may place fit.
    const std::string e =
        blasterError("blaster 1\nset quadMaxDepth 10\nset quadMaxItems 1\nstructure quadtree-leaves\n" +
                     repeated("enemy 0 0 720 720 0\n", 4096) + "wait 10\n");
    CHECK(startsWith(e, "t.blaster:"));
    CHECK(e.find("the quadtree-leaves structure would hold about ") != std::string::npos);
}

TEST_CASE("Switching structures costs a rebuild each time, so a script of switches runs out of budget") {
    // Was about 16 minutes for an 18 KB script: a switch is no frame, but it rebuilds both sets.
    const std::string head = "blaster 1\nset starCount 20000\nset gridCell 1\nstructure grid\n";
    const std::string e = blasterError(head + repeated("switch quadtree-leaves\nswitch grid\n", 5000));
    CHECK(startsWith(e, "t.blaster:"));
    CHECK(e.find(" units of work by here (limit ") != std::string::npos);
    CHECK(blasterError(head + repeated("switch quadtree-leaves\nswitch grid\n", 5) + "wait 1\n") == "");
}

TEST_CASE("A long run on a one-unit grid is refused by work before it runs") {
    // Was about 1,600 s for 300,000 frames against a documented 80 s at most.
    const std::string e = blasterError("blaster 1\nset gridCell 1\nstructure grid\nwait 300000\n");
    CHECK(startsWith(e, "t.blaster:4: the script would cost the grid structure about "));
    CHECK(blasterError("blaster 1\nset gridCell 1\nstructure grid\nwait 600\n") == "");
}

TEST_CASE("A restart rebuilds both sets and is charged like a switch") {
    const std::string head = "blaster 1\nset starCount 20000\nset gridCell 1\nstructure grid\n";
    const std::string e = blasterError(head + repeated("restart\n", 5000));
    CHECK(startsWith(e, "t.blaster:"));
    CHECK(e.find(" units of work by here (limit ") != std::string::npos);
    CHECK(blasterError(head + repeated("restart\n", 5) + "wait 1\n") == "");
}

TEST_CASE("The grid's and the array's estimates carry the margins measured against the CPU") {
    // Measured (bench/blaster_budget_main.cpp, bench/RESULTS.md): a live game on a one-unit grid cost 3.7 ns per
    // estimated unit, a restart storm there with 20,000 stars 1.3, the array's 20,000 stars 0.8-1.4, against the
    // documented 1 ns at most. Each script here was accepted without the margins and ran past 80 s of CPU: 20,000
    // frames at 1.6 x 10^6 units (118 s), 500 restarts at 1.3 x 10^8 (87 s), 110 frames at 6.4 x 10^8 (97 s).
    CHECK(startsWith(blasterError("blaster 1\nset gridCell 1\nstructure grid\nhold fire 20000\n"),
                     "t.blaster:4: the script would cost the grid structure about "));
    const std::string stars = "blaster 1\nset starCount 20000\nset gridCell 1\nstructure grid\n";
    CHECK(blasterError(stars + repeated("restart\nwait 1\n", 500)).find(" units of work by here (limit ") !=
          std::string::npos);
    CHECK(startsWith(blasterError("blaster 1\nset starCount 20000\nstructure array\nwait 110\n"),
                     "t.blaster:4: the script would cost the array structure about "));
    CHECK(blasterError("blaster 1\nset starCount 20000\nstructure array\nwait 90\n") == "");
}

TEST_CASE("20,000 stars on the dynamic tree are held to the measured budget") {
    // The frame budget allowed 9,900 frames here and they took 1.5 times the documented 80 s; the dynamic tree's
    // own estimate (its cost per item grows with the cube root of n) refuses that and 7,000 frames (measured at
    // 64 s of CPU: docs/formats.md, Blaster budgets), and allows 6,400.
    CHECK(startsWith(blasterError("blaster 1\nset starCount 20000\nstructure dynamic-tree\nwait 9900\n"),
                     "t.blaster:4: the script would cost the dynamic-tree structure about "));
    CHECK(blasterError("blaster 1\nset starCount 20000\nstructure dynamic-tree\nwait 7000\n") != "");
    CHECK(blasterError("blaster 1\nset starCount 20000\nstructure dynamic-tree\nwait 6400\n") == "");
}

TEST_CASE("Every shipped structure passes the memory budget with the default tuning, and every estimate is positive") {
    std::string why;
    CHECK(blaster::checkOptions(blaster::Options{}, why));
    for (int k = 0; k < engine::kSetKindCount; ++k) {
        const engine::SetKind kind = engine::SetKind(k);
        CAPTURE(engine::setKindName(kind));
        const engine::SetCost c = blaster::costOf(kind, blaster::Options{}, {});
        CHECK(c.bytes > 0);
        CHECK(c.build > 0);
        CHECK(c.frame > 0);
        CHECK(blaster::fitsMemory(kind, c, why));
    }
}
