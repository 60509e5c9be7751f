// Rigged fighter files: bones, bone members, poses and keys load, and every bad rig record is refused with
// FILE:LINE: what (the format is at the top of game/io/fighter_file.cpp).
#include "game/io/fighter_file.h"

#include "text_edit.h"

#include <doctest/doctest.h>

#include <string>

namespace {

// A minimal rigged fighter; each subcase breaks one line of it (line numbers in the comments).
std::string minimalRigged() {
    std::string s = "fighter t\nhealth 100\nwalk 6 4\njump 20 1 5\npush -10 0 10 50\n";  // 1-5
    s += "bone hip - 30 10\nbone arm hip 20 5\n";                                        // 6-7
    s += "member body bones hip\nmember limb bones arm\n";                               // 8-9
    s += "pose a root 0 50 hip 90\npose b like a arm 45\n";                              // 10-11
    s += "anim stand 4\nkey 1 a\nkey 4 b\nend\n";                                        // 12-15
    for (const char* a : {"walk", "crouch", "jump", "block", "crouchblock", "hitstun", "ko"}) {
        s += std::string("anim ") + a + " 1\nkey 1 a\nend\n";  // 16-36
    }
    s += "move light\nstartup 1\nactive 1\nkey 1 a\nend\n";                             // 37-41
    s += "move heavy\nstartup 1\nactive 1\nkey 1 a\nend\n";                             // 42-46
    s += "move special\nstartup 1\nactive 1\nprojectile 5 10 0 0 5 5\nkey 1 a\nend\n";  // 47-52
    return s;
}

using testtext::replaceLine;

}  // namespace

TEST_CASE("A rigged fighter loads its bones, members, poses and keys") {
    const sim::FighterLoad load = sim::parseFighter(minimalRigged(), "t.fighter");
    REQUIRE_MESSAGE(load.ok, load.error.text());
    const sim::FighterDef& d = load.def;
    CHECK(d.rigged());
    REQUIRE(d.skeleton.bones.size() == 2);
    CHECK(d.skeleton.bones[1].parent == 0);
    CHECK(d.skeleton.bones[1].length == 20);
    CHECK(d.skeleton.bones[1].radius == 5);
    CHECK_FALSE(d.skeleton.bones[1].fromStart);
    REQUIRE(d.skeleton.memberBones.size() == 2);
    CHECK(d.skeleton.memberBones[1] == std::vector<int>{1});
    const sim::AnimDef& stand = d.anims[std::size_t(d.anim("stand"))];
    REQUIRE(stand.keys.size() == 2);
    CHECK(stand.keys[1].frame == 4);
    CHECK(stand.keys[0].pose.rootY == 50);
    CHECK(stand.keys[0].pose.angle[0] == 1024);  // 90 degrees
    CHECK(stand.keys[1].pose.angle[0] == 1024);  // `like a` keeps the hip
    CHECK(stand.keys[1].pose.angle[1] == 512);   // 45 degrees
    CHECK(stand.keys[0].ease == sim::Ease::Linear);
    // The neutral boxes are the bones' bounds in stand's first frame (pose a): the hip runs from the root (0, 50)
    // straight up 30 to (0, 80), radius 10 -> -10 40 10 90; the arm from (0, 80) up 20 to (0, 100), radius 5 ->
    // -5 75 5 105.
    CHECK(d.members[0].box == engine::AABB{-10, 40, 10, 90});
    CHECK(d.members[1].box == engine::AABB{-5, 75, 5, 105});
    // An old-format file is not rigged.
    const std::string old = "fighter o\nhealth 1\nwalk 1 1\njump 1 1 1\npush 0 0 1 1\nmember m 0 0 1 1\n";
    std::string text = old;
    for (const char* a : {"stand", "walk", "crouch", "jump", "block", "crouchblock", "hitstun", "ko"}) {
        text += std::string("anim ") + a + " 1\nend\n";
    }
    text += "move light\nstartup 1\nactive 1\nend\nmove heavy\nstartup 1\nactive 1\nend\n";
    text += "move special\nstartup 1\nactive 1\nprojectile 5 10 0 0 5 5\nend\n";
    const sim::FighterLoad oldLoad = sim::parseFighter(text, "o.fighter");
    REQUIRE_MESSAGE(oldLoad.ok, oldLoad.error.text());
    CHECK_FALSE(oldLoad.def.rigged());
    CHECK(sim::parseFighter(text + "anim extra 2\nkey 1 a\nend\n", "o.fighter").error.text() ==
          "o.fighter:37: `key` needs a rigged fighter (`bone` records)");
    CHECK(sim::parseFighter(replaceLine(text, 6, "member m 0 0 1 1\nmember n bones hip"), "o.fighter").error.text() ==
          "o.fighter:7: `member NAME bones` and `member NAME minX minY maxX maxY` cannot be mixed in a file");
    CHECK(sim::parseFighter(replaceLine(text, 6, "member n bones hip"), "o.fighter").error.text() ==
          "o.fighter:6: `member NAME bones ...` needs `bone` records before it");
}

TEST_CASE("A bad rig record is refused with FILE:LINE: what") {
    std::string text, expected;
    SUBCASE("an unknown parent") {
        text = replaceLine(minimalRigged(), 7, "bone arm leg 20 5");
        expected = "t.fighter:7: unknown parent bone 'leg' (declare it earlier, or `-` for the root)";
    }
    SUBCASE("a bone declared twice") {
        text = replaceLine(minimalRigged(), 7, "bone hip hip 20 5");
        expected = "t.fighter:7: bone 'hip' declared twice";
    }
    SUBCASE("too many bones") {
        std::string bones = "bone arm hip 20 5";
        for (int i = 0; i < 23; ++i) bones += "\nbone b" + std::to_string(i) + " hip 1 1";  // 25 in all
        text = replaceLine(minimalRigged(), 7, bones);
        expected = "t.fighter:30: more than 24 bones";
    }
    SUBCASE("a pose naming the same bone twice (the later angle would silently win)") {
        text = replaceLine(minimalRigged(), 10, "pose a root 0 50 hip 90 hip 45");
        expected = "t.fighter:10: bone 'hip' named twice in pose 'a'";
    }
    SUBCASE("a bone name past the 64-character limit (65 here)") {
        const std::string name(65, 'b');
        text = replaceLine(minimalRigged(), 7, "bone " + name + " hip 20 5");
        expected = "t.fighter:7: the bone name is 65 characters long (at most 64)";
    }
    SUBCASE("a control character in a bone name") {
        text = replaceLine(minimalRigged(), 7,
                           "bone a\x02"
                           "rm hip 20 5");
        expected = "t.fighter:7: the bone name 'a\\x02rm' holds a control character";
    }
    SUBCASE("a control character in a pose name") {
        text = replaceLine(minimalRigged(), 11,
                           "pose p\x7f"
                           "q like a arm 45");
        expected = "t.fighter:11: the pose name 'p\\x7fq' holds a control character";
    }
    SUBCASE("a pose name past the limit") {
        text = replaceLine(minimalRigged(), 11, "pose " + std::string(100, 'p') + " like a arm 45");
        expected = "t.fighter:11: the pose name is 100 characters long (at most 64)";
    }
    SUBCASE("a move display name past the limit: 13 words of 4 letters and 12 spaces are 64, one letter more 65") {
        std::string display = "abcd";
        for (int i = 0; i < 12; ++i) display += " abcd";
        text = replaceLine(minimalRigged(), 38, "startup 1\ndisplay " + display + "x");
        expected = "t.fighter:39: the display name is 65 characters long (at most 64)";
    }
    SUBCASE("a bone after the members") {
        text = replaceLine(minimalRigged(), 9, "member limb bones arm\nbone late hip 5 5");
        expected = "t.fighter:10: `bone` records must come before the members, poses and anims";
    }
    SUBCASE("a bone length out of range") {
        text = replaceLine(minimalRigged(), 7, "bone arm hip 401 5");
        expected = "t.fighter:7: number 401 out of range [0, 400]";
    }
    SUBCASE("a root that hangs from a start") {
        text = replaceLine(minimalRigged(), 6, "bone hip - 30 10 start");
        expected = "t.fighter:6: the root bone hangs from nothing: `start` needs a parent";
    }
    SUBCASE("an unknown bone in a member") {
        text = replaceLine(minimalRigged(), 9, "member limb bones leg");
        expected = "t.fighter:9: unknown bone 'leg' in member 'limb'";
    }
    SUBCASE("a member with no bones") {
        text = replaceLine(minimalRigged(), 9, "member limb bones");
        expected = "t.fighter:9: expected `member NAME bones BONE...`";
    }
    SUBCASE("a box member in a rigged file (mixed member forms)") {
        text = replaceLine(minimalRigged(), 9, "member limb 0 0 1 1");
        expected = "t.fighter:9: in a rigged fighter (it has `bone` records) a member is `member NAME bones BONE...`";
    }
    SUBCASE("an unknown bone in a pose") {
        text = replaceLine(minimalRigged(), 11, "pose b like a leg 45");
        expected = "t.fighter:11: unknown bone 'leg' in pose 'b'";
    }
    SUBCASE("a bone without its angle in a pose") {
        text = replaceLine(minimalRigged(), 11, "pose b like a arm");
        expected = "t.fighter:11: bone 'arm' needs an angle in degrees";
    }
    SUBCASE("a pose declared twice") {
        text = replaceLine(minimalRigged(), 11, "pose a hip 3");
        expected = "t.fighter:11: pose 'a' declared twice";
    }
    SUBCASE("a pose like an unknown pose") {
        text = replaceLine(minimalRigged(), 11, "pose b like z");
        expected = "t.fighter:11: unknown pose 'z' after `like` (declare it earlier)";
    }
    SUBCASE("key frames not increasing") {
        text = replaceLine(minimalRigged(), 14, "key 1 b");
        expected = "t.fighter:14: key frame 1 is not after the previous key's 1";
    }
    SUBCASE("a key past the anim's last frame") {
        text = replaceLine(minimalRigged(), 14, "key 5 b");
        expected = "t.fighter:14: key frame 5 is past the last frame (4) of 'stand'";
    }
    SUBCASE("a key past a move's last frame (known at its end)") {
        text = replaceLine(minimalRigged(), 40, "key 3 a");
        expected = "t.fighter:40: key frame 3 is past the last frame (2) of 'light'";
    }
    SUBCASE("a key frame 0") {
        text = replaceLine(minimalRigged(), 13, "key 0 a");
        expected = "t.fighter:13: number 0 out of range [1, 10000]";
    }
    SUBCASE("an unknown pose in a key") {
        text = replaceLine(minimalRigged(), 14, "key 4 z");
        expected = "t.fighter:14: unknown pose 'z'";
    }
    SUBCASE("an unknown easing") {
        text = replaceLine(minimalRigged(), 13, "key 1 a fast");
        expected = "t.fighter:13: unknown easing 'fast' (hold linear in out inout)";
    }
    SUBCASE("a member box in a rigged anim") {
        text = replaceLine(minimalRigged(), 14, "key 4 b\nbox 1 1 body 0 0 1 1");
        expected = "t.fighter:15: in a rigged fighter the member boxes come from the bones";
    }
    SUBCASE("a rigged anim without keys") {
        text = replaceLine(minimalRigged(), 17, "");
        expected = "t.fighter:16: 'walk' has no `key` (every anim and move of a rigged fighter needs one)";
    }
    SUBCASE("a rigged move without keys") {
        text = replaceLine(minimalRigged(), 45, "");
        expected = "t.fighter:42: 'heavy' has no `key` (every anim and move of a rigged fighter needs one)";
    }
    const sim::FighterLoad load = sim::parseFighter(text, "t.fighter");
    CHECK_FALSE(load.ok);
    CHECK(load.error.text() == expected);
}

TEST_CASE("Attack, throw and push boxes stay allowed in a rigged fighter") {
    const std::string text =
        replaceLine(minimalRigged(), 40, "key 1 a\nbox 2 2 attack 0 0 10 10\nbox 1 2 push 0 0 5 5");
    const sim::FighterLoad load = sim::parseFighter(text, "t.fighter");
    REQUIRE_MESSAGE(load.ok, load.error.text());
    CHECK(load.def.anims[std::size_t(load.def.anim("light"))].boxes.size() == 2);
}
