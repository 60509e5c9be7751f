// The draw list (game/view): the overlay shows exactly what the engine holds (one outline per live BVH branch at its
// depth, one hurtbox per member on its leaf's box, the attack boxes, the push box, the last query's nodes), the
// picture has both fighters, and nothing is produced outside the overlay's roles when it is off.
#include "game/io/fighter_file.h"
#include "game/view/draw_list.h"
#include "test_paths.h"

#include <doctest/doctest.h>

#include <cmath>
#include <memory>

namespace {

sim::FighterDef fighter(const std::string& id) {
    sim::FighterLoad load = sim::loadFighterById(testpaths::data(), id);
    REQUIRE_MESSAGE(load.ok, load.error.text());
    return load.def;
}

/// Ryo (p1) and Brick (p2) close enough for p1's light attack to reach.
struct Match {
    sim::FighterDef defs[2] = {fighter("ryo"), fighter("brick")};
    sim::MatchSetup setup;
    std::unique_ptr<sim::Fight> fight;
    Match() {
        setup.fighter[0] = "ryo";
        setup.fighter[1] = "brick";
        setup.startX[0] = 400;
        setup.startX[1] = 480;
        fight = std::make_unique<sim::Fight>(setup, defs[0], defs[1]);
    }
};

int count(const view::DrawList& list, view::Role role, int player = -2) {
    int n = 0;
    for (const view::Shape& s : list.shapes) n += s.role == role && (player == -2 || s.player == player) ? 1 : 0;
    return n;
}

bool sameRect(const view::Shape& s, const view::Rect& r) {
    if (s.points.size() != 4) return false;
    const auto near = [](float a, float b) { return std::fabs(a - b) < 0.01f; };
    return near(s.points[0].x, r.left) && near(s.points[0].y, r.top) && near(s.points[2].x, r.left + r.width) &&
           near(s.points[2].y, r.top + r.height);
}

}  // namespace

TEST_CASE("draw list: the overlay has one outline per live BVH branch, at its depth, and one hurtbox per member") {
    Match m;
    const view::View v;
    const view::DrawList list = view::buildFight(v, *m.fight, sim::StepStats{}, 0, true);
    for (int p = 0; p < 2; ++p) {
        const sim::FighterState& f = m.fight->state().fighters[p];
        const sim::Body& bvh = f.body;
        int branches = 0;
        for (int i = 0; i < bvh.poolSize(); ++i) branches += bvh.isLive(i) && !bvh.node(i).isLeaf() ? 1 : 0;
        CHECK(branches > 0);
        CHECK(count(list, view::Role::Branch, p) == branches);
        int rootOutlines = 0;
        for (const view::Shape& s : list.shapes)
            rootOutlines += s.role == view::Role::Branch && s.player == p && s.depth == 0;
        CHECK(rootOutlines == 1);
        REQUIRE(count(list, view::Role::Hurt, p) == int(f.memberLeaf.size()));
        int m2 = 0;  // hurtboxes in member order, each exactly its leaf's box
        for (const view::Shape& s : list.shapes) {
            if (s.role != view::Role::Hurt || s.player != p) continue;
            CHECK(sameRect(s, view::rectOf(v, bvh.node(f.memberLeaf[std::size_t(m2++)]).box)));
        }
        CHECK(count(list, view::Role::Push, p) == 9);  // a faint fill and four corner brackets of two bars
    }
}

TEST_CASE("draw list: without the overlay no overlay shape is produced, and both fighters are drawn") {
    Match m;
    const view::DrawList list = view::buildFight(view::View{}, *m.fight, sim::StepStats{}, 0, false);
    for (const view::Shape& s : list.shapes) CHECK_FALSE(view::isOverlay(s.role));
    CHECK(count(list, view::Role::Body, 0) > 10);
    CHECK(count(list, view::Role::Body, 1) > 10);
    CHECK(count(list, view::Role::Shadow) == 2);
    CHECK(count(list, view::Role::Stage) > 10);
    for (const view::Shape& s : list.shapes) {
        REQUIRE(!s.points.empty());
        for (const view::Point& pt : s.points) CHECK((std::isfinite(pt.x) && std::isfinite(pt.y)));
    }
}

TEST_CASE("draw list: an attack shows its box and the last query's tested nodes, and a hit flashes") {
    Match m;
    sim::FrameInput jab;
    jab.buttons[0] = sim::kLight;
    m.fight->step(jab);
    sim::StepStats lastQuery;
    bool hit = false;
    for (int i = 0; i < 12 && !hit; ++i) {
        m.fight->step(sim::FrameInput{});
        if (!m.fight->stats().touched[1].empty()) lastQuery = m.fight->stats();
        for (const sim::Event& e : m.fight->events()) hit = hit || e.type == sim::EventType::Hit;
    }
    REQUIRE(hit);  // the jab connects (as 01_light_hit_nearest_member.fscript checks)
    const view::DrawList list = view::buildFight(view::View{}, *m.fight, lastQuery, 0, true);
    CHECK(count(list, view::Role::Attack, 0) == int(m.fight->state().fighters[0].attacks.size()));
    CHECK(count(list, view::Role::Attack, 0) > 0);
    CHECK(count(list, view::Role::QueryHit, 1) > 0);  // the struck member's path through p2's tree
    CHECK(count(list, view::Role::Effect) > 0);       // the hit's flash
}
