// Fighter files: the loader for data/fighters/*.fighter, at the edge of the simulation.
//
// FORMAT (one record per line; '#' starts a comment; tokens are separated by spaces or tabs; CRLF is fine).
// Coordinates are integers relative to the fighter's origin (the point between its feet, on the ground), with the
// fighter FACING RIGHT and y UP; the simulation mirrors them when it faces left.
//   fighter ID                         first record: the fighter's id; a file must be named ID.fighter
//   display NAME ...                   name shown in menus (the rest of the line; no control characters)
//   archetype TEXT ...                 one line on how it plays, shown on character select (the rest of the line, at
//                                      most 60 characters)
//   difficulty N                       how hard it is to play: 1 (easy) .. 3 (hard), shown on character select
//   health N                           full health (1..100000)                         (required)
//   walk FORWARD BACK                  walking speeds, units per frame                 (required)
//   jump VY GRAVITY VX                 take-off speed up, gravity per frame (> 0), horizontal speed of diagonal jumps
//                                      (required)
//   color ROLE R G B                   drawing colour for a role, 0..255 each: body, accent, trim or hair (the
//                                      ones the drawer reads; any other role is an error)
//   push minX minY maxX maxY           neutral push box
//   motion N                           input window: frames (1..32) in which a whole 236 or 623 motion, the special
//                                      press included, must be entered (default 12)
//   dash WINDOW FORWARD BACK           double-tap dashes: the second tap within WINDOW frames (1..30) of the first,
//                                      after neutral only; speeds in units per frame; needs anims `dash` and
//                                      `backdash` (their lengths are the durations). No record: no dashes
//   throwtech N                        frames (0..60) after being grabbed in which a throw press breaks the throw
//                                      (default 10)
//   run SPEED                          a forward dash held forward becomes a run at SPEED (needs `dash`)
//   member NAME minX minY maxX maxY    a hurtbox in the neutral pose; members enter the BVH in file order
// A RIGGED fighter (one with `bone` records) takes its members from a skeleton instead (see docs/formats.md):
//   bone NAME PARENT LENGTH RADIUS [start]   a capsule bone (length 0..400, radius 1..100) hanging from the end of
//                                      PARENT, a bone declared earlier, or from its start with `start`; PARENT `-`
//                                      is the root (placed at the pose's root offset). At most 24; bones come before
//                                      the members, poses and anims
//   member NAME bones BONE...          a member whose box is the union of its bones' capsule boxes, rounded outwards
//                                      (the only member form in a rigged file: the two forms cannot be mixed)
//   pose NAME [like OTHER] [root X Y] [BONE DEGREES]...   a named pose: each bone's angle relative to its parent in
//                                      integer degrees (the root's relative to forward; 0 forward, 90 up); `like`
//                                      starts from an earlier pose; unnamed bones are 0; names are unique
//     key FRAME POSE [hold|linear|in|out|inout]   (inside anim/move) the pose is exactly POSE on FRAME (1..length,
//                                      strictly increasing); the easing is for the segment to the next key (linear).
//                                      Every anim/move of a rigged fighter needs a key; `box` lines for members are
//                                      an error there (attack, throw and push boxes stay as below)
//   anim NAME LENGTH                   a looping pose of LENGTH frames; lines up to `end` belong to it
//   move NAME                          an attack; its length is startup + active + recovery; lines up to `end`:
//     startup N | active N | recovery N      frame data (startup >= 1, active >= 1)
//     damage N | chip N | hitstun N | blockstun N | pushback N | hitstop N
//     level high|mid|low|overhead|throw    hit level: high and mid are blocked either way, low only crouching,
//                                      overhead only standing; throw: a grab that holds the victim (who may tech)
//     heavy                            heavy impact (screen shake)
//     projectile SPEED LIFE minX minY maxX maxY   spawn a projectile on the first active frame
//     invincible FIRST LAST            frames (1-based) on which strikes, projectiles and throws pass through
//     advance FIRST LAST DX            on frames FIRST..LAST (1-based) the move carries the fighter's origin, push
//                                      box included, DX units a frame forward (-30..30, not 0; negative = back;
//                                      mirrored by facing); walls and the opponent's push box stop it as they stop
//                                      a walk or a dash
//     notech                           its throw boxes cannot be broken by a throw press (a command throw)
//     display NAME ...                 the name a move list shows (default: the move's name)
//     input [simple] [MOTION|DIR] BUTTON   one way to enter it (several lines = several ways): BUTTON is a name
//                                      from the button table (data/buttons.cfg), MOTION one of 236 623 214 41236
//                                      22 236236 (ending with the press, within the `motion` window), DIR a numpad
//                                      direction held with the press (2 = any down; a move whose first input holds
//                                      down keeps the fighter crouched); `simple`: only in the Simple input style
//     from ground|air ...              states it can be entered from (default ground)
//     cancel MOVE ...                  moves it may be cancelled into once it connected (hit or block)
//     knockdown | launcher | juggle N  a hit knocks down, launches; juggle points it costs on a juggled victim (1)
//     cancelwindow N                   once connected, cancellable until N frames after its last active one (6)
//     cost N | meter N                 super meter it spends (cannot start with less) | gains when it starts
//     armor FIRST LAST                 frames on which one strike is absorbed (damage taken, no stun)
//   box FIRST LAST WHAT minX minY maxX maxY   (inside anim/move) during frames FIRST..LAST (1-based, inclusive)
//                                      place WHAT: a member name, `attack` (an attack box, live only during the
//                                      active frames, so only inside a `move`), `throw` (a throw box, the same
//                                      but it grabs: unblockable, only a grounded opponent out of stun) or
//                                      `push`; later lines win over earlier ones for a member
//   end                                closes the anim or move
// Every file must define the anims/moves listed in kRequiredAnims; `thrown` (the pose while held; hitstun's
// otherwise), `dash` and `backdash` are optional. Which move a press starts is decided by the moves' `input` and
// `from` lines alone (see Fight::pickAttack for the priority); the CPU finds its tools by the names light, heavy,
// low, special, rising and throw (each a `move`; `special` may be a projectile or a strike). Members an
// animation frame does not place keep their neutral box.
// Each header record (display, archetype, difficulty, health, walk, jump, push, motion, dash, throwtech, color ROLE) and each frame-data key of a move may appear
// at most once. Limits: 64 members, 256 anims/moves, 1024 box lines per anim/move.
// Errors are reported as `FILE:LINE: what` and the whole file is refused.
#include "game/io/fighter_file.h"

#include "game/io/button_file.h"
#include "game/io/fighter_rig.h"
#include "game/io/text.h"

#include <algorithm>
#include <filesystem>

namespace sim {

namespace {

constexpr int kMaxCoord = 100000;

/// The attack buttons of the table in force (what a move input may name), for messages.
std::string attackButtonNames() {
    std::string s;
    for (const ButtonDef& b : buttonTable().rows) {
        const std::uint16_t bit = buttonTable().bit(b.name);
        if (bit & (kUp | kDown | kLeft | kRight | kStart)) continue;
        s += (s.empty() ? "" : " ") + b.name;
    }
    return s;
}

/// The colour roles a fighter file may name (docs/formats.md): what the drawer asks for.
constexpr const char* kColorRoles[] = {"body", "accent", "trim", "hair"};

/// Parser state: the file, the line being read and the first error met.
struct Parser : io::LineParser {
    FighterDef def;
    std::string expectedId;                               // the file name's stem ("" = not checked)
    int current = -1;                                     // anim being read, or -1
    std::vector<int> placementLines;                      // line of each placement of the current anim
    std::vector<std::pair<std::string, int>> seenHeader;  // header keys read so far, with their lines
    std::vector<std::pair<std::string, int>> seenField;   // frame-data keys of the current move, with their lines
    struct PendingCancel {
        int anim;
        std::string target;
        int line;
    };
    std::vector<PendingCancel> cancels;  // `cancel` targets, resolved once every move is known
    RigReader rig{*this};                // bones, bone members, poses and keys

    bool hasHeader(const char* key) const { return headerLine(key) > 0; }

    /// The line of a header record, 0 when the file has none.
    int headerLine(const char* key) const {
        for (const auto& k : seenHeader) {
            if (k.first == key) return k.second;
        }
        return 0;
    }

    bool count(const std::vector<std::string>& t, std::size_t n, const char* form) {
        if (t.size() != n) return fail(std::string("expected `") + form + "`");
        return true;
    }

    bool box(const std::vector<std::string>& t, std::size_t at, engine::AABB& b) {
        if (!toInt(t[at], -kMaxCoord, kMaxCoord, b.minX) || !toInt(t[at + 1], -kMaxCoord, kMaxCoord, b.minY) ||
            !toInt(t[at + 2], -kMaxCoord, kMaxCoord, b.maxX) || !toInt(t[at + 3], -kMaxCoord, kMaxCoord, b.maxY)) {
            return false;
        }
        if (!b.valid()) return fail("box has min > max");
        return true;
    }

    bool header(const std::vector<std::string>& t);
    bool fighterLine(const std::vector<std::string>& t);
    bool textLine(const std::vector<std::string>& t);
    bool numberLine(const std::vector<std::string>& t, bool& handled);
    bool colorLine(const std::vector<std::string>& t);
    bool memberLine(const std::vector<std::string>& t);
    bool animStart(const std::vector<std::string>& t);
    bool animLine(const std::vector<std::string>& t);
    bool frameData(const std::vector<std::string>& t, AnimDef& a, bool& handled);
    bool moveData(const std::vector<std::string>& t, AnimDef& a, bool& handled);
    bool input(const std::vector<std::string>& t, AnimDef& a);
    bool advance(const std::vector<std::string>& t, AnimDef& a);
    bool closeAnim();
    bool finish();
};

bool Parser::header(const std::vector<std::string>& t) {
    const std::string& k = t[0];
    if (def.id.empty() && k != "fighter") return fail("the first record must be `fighter ID`");
    if (k == "fighter") return fighterLine(t);
    const bool keyed = k == "display" || k == "archetype" || k == "difficulty" || k == "health" || k == "walk" ||
                       k == "jump" || k == "push" || k == "motion" || k == "dash" || k == "throwtech" || k == "run";
    if (keyed && !once(seenHeader, k)) return false;
    if (k == "color" && t.size() >= 2 && !once(seenHeader, "color " + t[1])) return false;
    if (k == "display" || k == "archetype") return textLine(t);
    if (k == "color") return colorLine(t);
    if (k == "bone") return rig.bone(t, def);
    if (k == "pose") return rig.pose(t, def);
    if (k == "member") return memberLine(t);
    if (k == "anim" || k == "move") return animStart(t);
    if (k == "end") return fail("`end` without an open anim/move");
    bool handled = true;
    const bool ok = numberLine(t, handled);
    return handled ? ok : fail("unknown record " + io::quote(k));
}

bool Parser::fighterLine(const std::vector<std::string>& t) {
    if (!def.id.empty()) return fail("second `fighter` record");
    if (!count(t, 2, "fighter ID")) return false;
    if (!expectedId.empty() && t[1] != expectedId) {
        return fail("fighter id " + io::quote(t[1]) + " differs from the file name " +
                    io::quote(expectedId + ".fighter"));
    }
    if (const std::string why = io::badName("the fighter id", t[1]); !why.empty()) return fail(why);
    def.id = t[1];
    def.display = t[1];
    return true;
}

/// `display NAME...` and `archetype TEXT...`: the rest of the line, words joined by one space.
bool Parser::textLine(const std::vector<std::string>& t) {
    const bool display = t[0] == "display";
    if (t.size() < 2) return fail(display ? "expected `display NAME`" : "expected `archetype TEXT`");
    std::string& text = display ? def.display : def.archetype;
    text = t[1];
    for (std::size_t i = 2; i < t.size(); ++i) text += " " + t[i];
    if (const std::string why = io::controlByte(display ? "the display name" : "the archetype", text); !why.empty())
        return fail(why);
    if (!display) return text.size() <= 60 || fail("archetype longer than 60 characters (it is one line on select)");
    const std::string why = io::tooLong("the display name", text);
    return why.empty() || fail(why);
}

/// The header's numeric records; `handled` is false when `t` is none of them.
bool Parser::numberLine(const std::vector<std::string>& t, bool& handled) {
    const std::string& k = t[0];
    InputWindows& w = def.windows;
    if (k == "difficulty") return count(t, 2, "difficulty N") && toInt(t[1], 1, 3, def.difficulty);
    if (k == "health") return count(t, 2, "health N") && toInt(t[1], 1, 100000, def.health);
    if (k == "walk") {
        return count(t, 3, "walk FORWARD BACK") && toInt(t[1], 0, 100, def.walkForward) &&
               toInt(t[2], 0, 100, def.walkBack);
    }
    if (k == "jump") {
        return count(t, 4, "jump VY GRAVITY VX") && toInt(t[1], 1, 200, def.jumpVy) &&
               toInt(t[2], 1, 50, def.gravity) && toInt(t[3], 0, 100, def.jumpVx);
    }
    if (k == "push") return count(t, 5, "push minX minY maxX maxY") && box(t, 1, def.push);
    if (k == "motion") return count(t, 2, "motion N") && toInt(t[1], 1, kHistory, w.motion);
    if (k == "throwtech") return count(t, 2, "throwtech N") && toInt(t[1], 0, 60, w.tech);
    if (k == "run") return count(t, 2, "run SPEED") && toInt(t[1], 1, 100, w.run);
    if (k == "dash") {
        return count(t, 4, "dash WINDOW FORWARD BACK") && toInt(t[1], 1, kHistory - 2, w.dash) &&
               toInt(t[2], 1, 100, w.dashForward) && toInt(t[3], 1, 100, w.dashBack);
    }
    handled = false;
    return false;
}

bool Parser::colorLine(const std::vector<std::string>& t) {
    NamedColor c;
    int r = 0, g = 0, b = 0;
    if (!count(t, 5, "color ROLE R G B") || !toInt(t[2], 0, 255, r) || !toInt(t[3], 0, 255, g) ||
        !toInt(t[4], 0, 255, b)) {
        return false;
    }
    if (const std::string why = io::badName("the colour role", t[1]); !why.empty()) return fail(why);
    if (std::find(std::begin(kColorRoles), std::end(kColorRoles), t[1]) == std::end(kColorRoles))
        return fail("unknown colour role " + io::quote(t[1]) +
                    " (known: " + io::joined({std::begin(kColorRoles), std::end(kColorRoles)}) + ")");
    c.name = t[1];
    c.r = std::uint8_t(r);
    c.g = std::uint8_t(g);
    c.b = std::uint8_t(b);
    def.colors.push_back(c);
    return true;
}

bool Parser::memberLine(const std::vector<std::string>& t) {
    MemberDef m;
    const bool boneForm = t.size() >= 3 && t[2] == "bones";
    if (boneForm && !def.rigged() && !def.members.empty()) {
        return fail("`member NAME bones` and `member NAME minX minY maxX maxY` cannot be mixed in a file");
    }
    if (!boneForm && def.rigged()) {
        return fail("in a rigged fighter (it has `bone` records) a member is `member NAME bones BONE...`");
    }
    if (!boneForm && (!count(t, 6, "member NAME minX minY maxX maxY") || !box(t, 2, m.box))) return false;
    if (t.size() >= 2 && (t[1] == "attack" || t[1] == "push" || t[1] == "throw")) {
        return fail(io::quote(t[1]) + " is reserved, not a member name");
    }
    if (def.member(t[1]) >= 0) return fail("duplicate member " + io::quote(t[1]));
    if (!def.anims.empty()) return fail("members must come before the first anim/move");
    if (int(def.members.size()) >= kMaxMembers) return fail("more than " + std::to_string(kMaxMembers) + " members");
    if (boneForm && !rig.member(t, def)) return false;
    if (const std::string why = io::badName("the member name", t[1]); !why.empty()) return fail(why);
    m.name = t[1];
    def.members.push_back(m);
    return true;
}

/// `anim NAME LENGTH` or `move NAME`: opens the record that the following lines fill.
bool Parser::animStart(const std::vector<std::string>& t) {
    AnimDef a;
    a.isMove = (t[0] == "move");
    if (a.isMove ? !count(t, 2, "move NAME") : !count(t, 3, "anim NAME LENGTH")) return false;
    if (!a.isMove && !toInt(t[2], 1, 10000, a.length)) return false;
    if (def.anim(t[1]) >= 0) return fail("duplicate anim/move " + io::quote(t[1]));
    if (def.members.empty()) return fail("no `member` before the first anim/move");
    if (int(def.anims.size()) >= kMaxAnims) return fail("more than " + std::to_string(kMaxAnims) + " anims/moves");
    if (const std::string why = io::badName("the anim/move name", t[1]); !why.empty()) return fail(why);
    a.name = t[1];
    a.line = line;
    def.anims.push_back(a);
    current = int(def.anims.size()) - 1;
    placementLines.clear();
    seenField.clear();
    return true;
}

bool Parser::frameData(const std::vector<std::string>& t, AnimDef& a, bool& handled) {
    struct Field {
        const char* key;
        int* value;
        int lo;
    };
    const Field fields[] = {{"startup", &a.startup, 1},     {"active", &a.active, 1},     {"recovery", &a.recovery, 0},
                            {"damage", &a.damage, 0},       {"chip", &a.chip, 0},         {"hitstun", &a.hitstun, 0},
                            {"blockstun", &a.blockstun, 0}, {"pushback", &a.pushback, 0}, {"hitstop", &a.hitstop, 0}};
    handled = true;
    for (const char* key :
         {"startup",   "active",   "recovery", "damage",       "chip",       "hitstun", "blockstun", "pushback",
          "hitstop",   "level",    "heavy",    "projectile",   "invincible", "notech",  "display",   "from",
          "knockdown", "launcher", "juggle",   "cancelwindow", "cost",       "meter",   "armor",     "advance"}) {
        if (t[0] == key && !once(seenField, key)) return false;
    }
    for (const Field& f : fields) {
        if (t[0] == f.key) return count(t, 2, "KEY N") && toInt(t[1], f.lo, 10000, *f.value);
    }
    if (t[0] == "guard") return fail("`guard` is now `level high|mid|low|overhead|throw`");
    if (t[0] == "level") {
        if (!count(t, 2, "level high|mid|low|overhead|throw")) return false;
        if (t[1] == "mid") a.guard = Guard::Mid;
        else if (t[1] == "low") a.guard = Guard::Low;
        else if (t[1] == "high") a.guard = Guard::High;
        else if (t[1] == "overhead") a.guard = Guard::Overhead;
        else if (t[1] == "throw") a.guard = Guard::Throw;
        else return fail("level must be high, mid, low, overhead or throw, not " + io::quote(t[1]));
        return true;
    }
    if (t[0] == "heavy") {
        a.heavy = true;
        return count(t, 1, "heavy");
    }
    if (t[0] == "notech") {
        a.noTech = true;
        return count(t, 1, "notech");
    }
    if (t[0] == "invincible") {
        if (!count(t, 3, "invincible FIRST LAST") || !toInt(t[1], 1, 10000, a.invFirst) ||
            !toInt(t[2], 1, 10000, a.invLast)) {
            return false;
        }
        return a.invFirst <= a.invLast || fail("invincible frames FIRST > LAST");
    }
    if (t[0] == "advance") return advance(t, a);
    if (t[0] == "projectile") {
        a.projectile = true;
        return count(t, 7, "projectile SPEED LIFE minX minY maxX maxY") && toInt(t[1], 1, 1000, a.projSpeed) &&
               toInt(t[2], 1, 10000, a.projLife) && box(t, 3, a.projBox);
    }
    handled = false;
    return true;
}

/// `advance FIRST LAST DX`: the move carries the fighter's origin (and so its push box) DX units forward a frame.
bool Parser::advance(const std::vector<std::string>& t, AnimDef& a) {
    if (!count(t, 4, "advance FIRST LAST DX") || !toInt(t[1], 1, 10000, a.advanceFirst) ||
        !toInt(t[2], 1, 10000, a.advanceLast) || !toInt(t[3], -kMaxAdvance, kMaxAdvance, a.advanceDx)) {
        return false;
    }
    if (a.advanceFirst > a.advanceLast) return fail("advance frames FIRST > LAST");
    return a.advanceDx != 0 || fail("advance of 0 units a frame (leave the record out)");
}

bool Parser::input(const std::vector<std::string>& t, AnimDef& a) {
    // input [simple] [MOTION|DIRECTION] BUTTON
    MoveInput in;
    std::size_t at = 1;
    if (at < t.size() && t[at] == "simple") {
        in.simple = true;
        ++at;
    }
    if (t.size() - at == 2) {
        const std::string& m = t[at];
        if (m == "236") in.motion = Motion::QCF;
        else if (m == "623") in.motion = Motion::DP;
        else if (m == "214") in.motion = Motion::QCB;
        else if (m == "41236") in.motion = Motion::HCF;
        else if (m == "22") in.motion = Motion::DownDown;
        else if (m == "236236") in.motion = Motion::QCF2;
        else if (m.size() == 1 && m[0] >= '1' && m[0] <= '9' && m[0] != '5') in.dir = m[0] - '0';
        else
            return fail("unknown motion or direction " + io::quote(m) + " (236 623 214 41236 22 236236, or 1-9 but 5)");
        ++at;
    }
    if (t.size() - at != 1) return fail("expected `input [simple] [MOTION|DIRECTION] BUTTON`");
    in.button = buttonTable().bit(t[at]);
    if (in.button == 0 || (in.button & (kUp | kDown | kLeft | kRight | kStart))) {
        return fail("unknown button " + io::quote(t[at]) +
                    " (attack buttons of the button table: " + attackButtonNames() + ")");
    }
    if (a.inputs.empty()) a.crouching = in.dir == 1 || in.dir == 2 || in.dir == 3;
    a.inputs.push_back(in);
    return true;
}

bool Parser::moveData(const std::vector<std::string>& t, AnimDef& a, bool& handled) {
    handled = true;
    if (t[0] == "input") return input(t, a);
    if (t[0] == "display") {
        if (t.size() < 2) return fail("expected `display NAME`");
        a.display = t[1];
        for (std::size_t i = 2; i < t.size(); ++i) a.display += " " + t[i];
        std::string why = io::controlByte("the display name", a.display);
        if (why.empty()) why = io::tooLong("the display name", a.display);
        return why.empty() || fail(why);
    }
    if (t[0] == "from") {
        if (t.size() < 2) return fail("expected `from ground|air ...`");
        a.fromGround = a.fromAir = false;
        for (std::size_t i = 1; i < t.size(); ++i) {
            if (t[i] == "ground") a.fromGround = true;
            else if (t[i] == "air") a.fromAir = true;
            else return fail("unknown state " + io::quote(t[i]) + " (states: ground air)");
        }
        return true;
    }
    if (t[0] == "cancel") {
        if (t.size() < 2) return fail("expected `cancel MOVE ...`");
        for (std::size_t i = 1; i < t.size(); ++i) cancels.push_back({current, t[i], line});
        return true;
    }
    if (t[0] == "knockdown") {
        a.knockdown = true;
        return count(t, 1, "knockdown");
    }
    if (t[0] == "launcher") {
        a.launcher = true;
        return count(t, 1, "launcher");
    }
    if (t[0] == "juggle") return count(t, 2, "juggle N") && toInt(t[1], 0, 100, a.juggle);
    if (t[0] == "cancelwindow") return count(t, 2, "cancelwindow N") && toInt(t[1], 0, 100, a.cancelWindow);
    if (t[0] == "cost") return count(t, 2, "cost N") && toInt(t[1], 0, kMeterMax, a.cost);
    if (t[0] == "meter") return count(t, 2, "meter N") && toInt(t[1], 0, kMeterMax, a.meterGain);
    if (t[0] == "armor") {
        if (!count(t, 3, "armor FIRST LAST") || !toInt(t[1], 1, 10000, a.armorFirst) ||
            !toInt(t[2], 1, 10000, a.armorLast)) {
            return false;
        }
        return a.armorFirst <= a.armorLast || fail("armor frames FIRST > LAST");
    }
    handled = false;
    return true;
}

/// Attack and throw boxes a move places so far.
int attackBoxes(const AnimDef& a) {
    int n = 0;
    for (const Placement& p : a.boxes) n += p.target == kPlaceAttack || p.target == kPlaceThrow;
    return n;
}

bool Parser::animLine(const std::vector<std::string>& t) {
    AnimDef& a = def.anims[current];
    if (t[0] == "end") return count(t, 1, "end") && closeAnim();
    if (t[0] == "key") return rig.key(t, def, a);
    if (t[0] == "box") {
        Placement p;
        if (!count(t, 8, "box FIRST LAST WHAT minX minY maxX maxY") || !toInt(t[1], 1, 10000, p.first) ||
            !toInt(t[2], 1, 10000, p.last) || !box(t, 4, p.box)) {
            return false;
        }
        if (p.first > p.last) return fail("box frames FIRST > LAST");
        if (int(a.boxes.size()) >= kMaxBoxesPerAnim) {
            return fail("more than " + std::to_string(kMaxBoxesPerAnim) + " box lines in " + io::quote(a.name));
        }
        if ((t[3] == "attack" || t[3] == "throw") && !a.isMove) {
            return fail(std::string(t[3] == "attack" ? "an" : "a") + " `" + t[3] + "` box only goes inside a `move` (" +
                        io::quote(a.name) + " is an anim and never attacks)");
        }
        if ((t[3] == "attack" || t[3] == "throw") && attackBoxes(a) >= kMaxAttackBoxes) {
            return fail("more than " + std::to_string(kMaxAttackBoxes) + " attack and throw boxes in " +
                        io::quote(a.name));
        }
        if (t[3] == "attack") p.target = kPlaceAttack;
        else if (t[3] == "throw") p.target = kPlaceThrow;
        else if (t[3] == "push") p.target = kPlacePush;
        else if ((p.target = def.member(t[3])) < 0) return fail("unknown member " + io::quote(t[3]));
        else if (def.rigged()) return fail("in a rigged fighter the member boxes come from the bones");
        a.boxes.push_back(p);
        placementLines.push_back(line);
        return true;
    }
    if (a.isMove) {
        bool handled = false;
        if (!frameData(t, a, handled)) return false;
        if (handled) return true;
        if (!moveData(t, a, handled)) return false;
        if (handled) return true;
    }
    return fail("unknown record " + io::quote(t[0]) + " inside " + (a.isMove ? "move" : "anim") + " " +
                io::quote(a.name));
}

bool Parser::closeAnim() {
    AnimDef& a = def.anims[current];
    if (a.display.empty()) a.display = a.name;
    if (a.isMove) {
        if (a.startup < 1 || a.active < 1)
            return fail("move " + io::quote(a.name) + " needs startup >= 1 and active >= 1");
        a.length = a.startup + a.active + a.recovery;
        if (a.invLast > a.length)
            return fail("invincible frames go past the last frame (" + std::to_string(a.length) + ") of " +
                        io::quote(a.name));
        if (a.armorLast > a.length)
            return fail("armor frames go past the last frame (" + std::to_string(a.length) + ") of " +
                        io::quote(a.name));
        if (a.advanceLast > a.length) {
            for (const auto& k : seenField) {
                if (k.first == "advance") line = k.second;  // the record's own line, not the `end`
            }
            return fail("advance frames go past the last frame (" + std::to_string(a.length) + ") of " +
                        io::quote(a.name));
        }
    }
    for (std::size_t i = 0; i < a.boxes.size(); ++i) {
        if (a.boxes[i].last > a.length) {
            line = placementLines[i];
            return fail("box frames go past the last frame (" + std::to_string(a.length) + ") of " + io::quote(a.name));
        }
    }
    if (!rig.keysFit(def, a)) return false;
    current = -1;
    return true;
}

bool Parser::finish() {
    if (current >= 0) return fail("anim/move " + io::quote(def.anims[current].name) + " has no `end`");
    if (def.id.empty()) {
        line = std::max(line, 1);
        return fail("empty file: expected `fighter ID`");
    }
    for (const char* key : {"health", "walk", "jump"}) {
        if (!hasHeader(key)) return fail(std::string("no `") + key + "` record");
    }
    if (def.members.empty()) return fail("no `member` records");
    if (!def.push.valid() || engine::area(def.push) == 0) {
        if (const int at = headerLine("push"); at > 0) line = at;  // else the last line: the record is missing
        return fail("no `push` box (or an empty one)");
    }
    for (int i = 0; i < kRequiredAnimCount; ++i) {
        if (def.anim(kRequiredAnims[i]) < 0) return fail(std::string("missing anim/move '") + kRequiredAnims[i] + "'");
    }
    for (const char* m : {"light", "heavy", "special", "low", "air", "rising", "throw"}) {
        const int i = def.anim(m);
        if (i >= 0 && !def.anims[i].isMove) {
            line = def.anims[i].line;
            return fail(std::string("'") + m + "' must be declared with `move`");
        }
    }
    for (const char* m : {"thrown", "dash", "backdash"}) {
        const int i = def.anim(m);
        if (i >= 0 && def.anims[i].isMove) {
            line = def.anims[i].line;
            return fail(std::string("'") + m + "' must be declared with `anim`");
        }
    }
    for (const PendingCancel& c : cancels) {
        const int target = def.anim(c.target);
        line = c.line;
        if (target < 0) return fail("unknown move " + io::quote(c.target) + " in `cancel`");
        if (!def.anims[std::size_t(target)].isMove)
            return fail(io::quote(c.target) + " is an anim, not a move: nothing to cancel into");
        def.anims[std::size_t(c.anim)].cancels.push_back(target);
    }
    if (hasHeader("run") && !hasHeader("dash")) {
        line = headerLine("run");
        return fail("a `run` record needs a `dash` record (a run is a held forward dash)");
    }
    if (hasHeader("dash") && (def.anim("dash") < 0 || def.anim("backdash") < 0)) {
        line = headerLine("dash");
        return fail("a `dash` record needs anims 'dash' and 'backdash'");
    }
    if (def.rigged()) rig.neutralBoxes(def);
    return true;
}

}  // namespace

FighterLoad parseFighter(const std::string& text, const std::string& fileName, const std::string& expectedId) {
    Parser p;
    p.error.file = fileName;
    p.expectedId = expectedId;
    io::Lines lines(text);
    std::string_view raw;
    bool ok = true;
    while (ok && lines.next(raw)) {
        p.line = lines.number();
        const std::vector<std::string> t = io::tokens(raw);
        if (t.empty()) continue;
        ok = p.current >= 0 ? p.animLine(t) : p.header(t);
    }
    if (ok) ok = p.finish();
    FighterLoad r;
    r.ok = ok;
    if (ok) r.def = std::move(p.def);
    else r.error = p.error;
    return r;
}

std::string fighterIdOfPath(const std::string& path) {
    const std::size_t slash = path.find_last_of('/');
    std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    const std::string ext = ".fighter";
    if (name.size() >= ext.size() && name.compare(name.size() - ext.size(), ext.size(), ext) == 0) {
        name.resize(name.size() - ext.size());
    }
    return name;
}

FighterLoad loadFighter(const std::string& path) {
    FighterLoad r;
    std::string text;
    if (!io::readFile(path, text, r.error)) return r;
    const std::string id = fighterIdOfPath(path);
    if (id.empty()) {
        r.error = io::Error{path, 0, "a fighter file needs a name (ID.fighter)"};
        return r;
    }
    return parseFighter(text, path, id);
}

FighterLoad loadFighterById(const std::string& dataDir, const std::string& id) {
    bool ok = !id.empty() && id.size() <= 64;
    for (char c : id) ok = ok && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-');
    if (!ok) {
        FighterLoad r;
        r.error = io::Error{dataDir + "/fighters", 0,
                            "bad fighter id " + io::quote(id) + " (use a-z, 0-9, _ and -, at most 64)"};
        return r;
    }
    FighterLoad r;
    if (!loadButtons(dataDir, r.error)) return r;  // the moves name buttons of the folder's table
    return loadFighter(dataDir + "/fighters/" + id + ".fighter");
}

std::vector<std::string> fighterIdsIn(const std::string& dataDir, std::string& folderError) {
    std::vector<std::string> ids;
    folderError.clear();
    std::error_code ec;
    // Stepped with increment(ec): a range-for's ++ would throw when reading the folder fails half-way.
    std::filesystem::directory_iterator it(dataDir + "/fighters", ec);
    for (; !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
        if (it->path().extension() == ".fighter") ids.push_back(it->path().stem().string());
    }
    if (ec) folderError = ec.message();
    std::sort(ids.begin(), ids.end());
    return ids;
}

std::vector<std::string> fighterIdsIn(const std::string& dataDir) {
    std::string folderError;
    return fighterIdsIn(dataDir, folderError);
}

bool loadRunFighters(const RunFile& run, const std::string& dataDir, FighterDef defs[2], io::Error& error) {
    for (int p = 0; p < 2; ++p) {
        FighterLoad load = loadFighterById(dataDir, run.setup.fighter[p]);
        if (!load.ok) {
            error = io::Error{run.path, run.fightersLine,
                              "cannot load fighter " + io::quote(run.setup.fighter[p]) + ": " + load.error.text()};
            return false;
        }
        defs[p] = std::move(load.def);
    }
    return true;
}

}  // namespace sim
