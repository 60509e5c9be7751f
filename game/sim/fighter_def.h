#pragma once
// A fighter as data: body members (hurtboxes), animations with per-frame boxes, and frame data. Loaded from a
// readable text file in data/fighters/ by game/io/fighter_file (which documents the format); no parsing here.
//
// Everything is relative to the fighter's origin (the point between its feet on the ground), facing RIGHT, y up;
// the simulation mirrors boxes for a fighter facing left. Definitions are immutable once loaded and copied into
// each Fight, so the simulation never refers to files or globals.
#include "engine/aabb.h"
#include "game/sim/skeleton.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sim {

/// Most members (hurtboxes) a fighter may declare: the fight keeps each fighter's agent BVH inline in its state, so
/// the tree's capacity (2 * kMaxMembers - 1 nodes) is fixed and the loader refuses more.
constexpr int kMaxMembers = 16;
/// A full super meter (a super move's `cost` is at most this).
constexpr int kMeterMax = 1000;
/// Most attack and throw boxes one move may place (the state holds a frame's attack boxes in a fixed array).
constexpr int kMaxAttackBoxes = 16;
/// Fastest a move's `advance` may carry its fighter, units per frame. Two fighters' origins are at least 46 apart
/// when their push boxes touch (the narrowest shipped boxes are 46 wide); a lunge plus an opponent's dash (14) must
/// stay below that, or the two could pass through each other in one frame before the push boxes separate them.
constexpr int kMaxAdvance = 30;

struct AnimDef;
/// How far move a has carried its fighter's origin (forward, units, facing right) once frame `frame` is done.
int advancedBy(const AnimDef& a, int frame);

/// A move's hit level, how it must be blocked: High and Mid by either guard, Low only crouching, Overhead only
/// standing; Throw is a grab (its throw boxes ignore guard; a `throw` level move holds the victim, who may tech).
enum class Guard : std::uint8_t { Mid, Low, Overhead, High, Throw };

/// Motions a move input may ask for, in numpad notation seen from a fighter facing right.
enum class Motion : std::uint8_t {
    None,
    QCF /*236*/,
    DP /*623*/,
    QCB /*214*/,
    HCF /*41236*/,
    DownDown /*22*/,
    QCF2 /*236236*/
};

/// One way to enter a move: an optional motion or held direction, then a button press.
struct MoveInput {
    Motion motion = Motion::None;  ///< a motion ending with the press, or None
    int dir = 0;                   ///< numpad direction held with the press (2 = any down: 1, 2 or 3), 0 = any
    std::uint16_t button = 0;      ///< the button bit (the button table's row)
    bool simple = false;           ///< only in the Simple input style (a beginner's shortcut)
};

/// A named body box in the neutral pose; its index is the member's id everywhere else. In a rigged fighter the box
/// is derived (the member's bones in the first frame of `stand`) and the bones are in FighterDef::skeleton.
struct MemberDef {
    std::string name;  ///< e.g. "head", "torso"
    engine::AABB box;  ///< relative to the origin, facing right
};

/// Placement targets that are not members.
enum : int {
    kPlaceAttack = -1,  ///< an attack box (hitbox)
    kPlacePush = -2,    ///< the push box
    kPlaceThrow = -3,   ///< a throw box (grabs, live only during the active frames of a `throw` move)
};

/// During frames [first, last] (1-based) of an animation, target (a member index, kPlaceAttack or kPlacePush) uses box.
struct Placement {
    int first = 1;     ///< first frame, 1-based
    int last = 1;      ///< last frame, inclusive
    int target = 0;    ///< member index >= 0, kPlaceAttack or kPlacePush
    engine::AABB box;  ///< relative to the origin, facing right
};

/// One animation: a looping pose (stand, walk, ...) or a move with frame data (light, heavy, special, ...).
struct AnimDef {
    std::string name;               ///< e.g. "stand", "light"
    int length = 1;                 ///< frames; for moves startup + active + recovery
    bool isMove = false;            ///< true for attacks (declared with `move`)
    int startup = 0;                ///< frames before the first active frame
    int active = 0;                 ///< frames whose attack boxes can hit
    int recovery = 0;               ///< frames after the active ones
    int damage = 0;                 ///< health lost on hit
    int chip = 0;                   ///< health lost on block
    int hitstun = 0;                ///< frames the victim cannot act after a hit
    int blockstun = 0;              ///< frames the victim cannot act after a block
    int pushback = 0;               ///< units the victim slides away on hit or block
    int hitstop = 0;                ///< frames both fighters freeze on impact
    Guard guard = Guard::Mid;       ///< its hit level (`level` in the file): how it must be blocked
    std::string display;            ///< name a move list shows (the file's `display`; the move's name otherwise)
    std::vector<MoveInput> inputs;  ///< how a player enters it (none: only reached otherwise, e.g. by the dummy)
    bool fromGround = true;         ///< usable standing or crouching on the ground (`from ground`)
    bool fromAir = false;           ///< usable in the air (`from air`)
    bool crouching = false;         ///< the fighter stays crouched during it (its first input holds down)
    std::vector<int> cancels;       ///< moves (anim indices) it may be cancelled into once it connected
    bool knockdown = false;         ///< a hit knocks the victim down
    bool launcher = false;          ///< a hit launches the victim into the air
    int juggle = 1;                 ///< juggle points it costs (the juggle limit) when it hits a juggled victim
    int cancelWindow = 6;     ///< once connected, it may be cancelled until this many frames after its last active one
    int cost = 0;             ///< super meter it spends (it cannot start with less)
    int meterGain = 0;        ///< super meter its user gains when it starts (specials)
    int armorFirst = 0;       ///< first frame of armour: one strike is absorbed (damage taken, no stun); 0 = none
    int armorLast = 0;        ///< last armoured frame
    bool heavy = false;       ///< heavy impact (screen shake, big spark)
    bool projectile = false;  ///< spawns a projectile on its first active frame
    int projSpeed = 0;        ///< projectile units per frame (forward)
    int projLife = 0;         ///< projectile frames before it fades
    engine::AABB projBox;     ///< projectile box at spawn, relative to the origin, facing right
    int advanceFirst = 0;     ///< first frame (1-based) on which the move carries its fighter forward (0 = none)
    int advanceLast = 0;      ///< last such frame, inclusive
    int advanceDx = 0;        ///< units per frame the origin moves on those frames, forward (mirrored by facing)
    int invFirst = 0;         ///< first frame invincible to strikes, projectiles and throws (0 = none)
    int invLast = 0;          ///< last invincible frame, inclusive
    bool noTech = false;      ///< its throw boxes grab for good: no throw press breaks them (command throws)
    std::vector<Placement> boxes;  ///< per-frame placements in file order
    std::vector<KeyPose> keys;     ///< a rigged fighter's key poses, frames strictly increasing (empty: old format)
    int line = 0;                  ///< where it was declared (for messages)
};

/// An RGB colour with a name the app may ask for ("body", "accent", "trim").
struct NamedColor {
    std::string name;                  ///< colour role
    std::uint8_t r = 0, g = 0, b = 0;  ///< components
};

/// Indices of the animations the simulation switches to by itself (poses and reactions), and the moves the CPU
/// reaches for by name (-1 when a fighter has none). Which move a press starts never goes through these.
struct StandardAnims {
    int stand = -1, walk = -1, crouch = -1, jump = -1, block = -1, crouchblock = -1;  ///< poses
    int hitstun = -1, ko = -1;                                                        ///< reactions
    int light = -1, heavy = -1, special = -1, low = -1, air = -1;                     ///< attacks
    int rising = -1, grab = -1;  ///< 623 + special (invincible anti-air) and the throw, optional
    int medium = -1, crouchmedium = -1, crouchheavy = -1, super = -1;  ///< the CPU's other tools, optional
    int down = -1;                              ///< lying after a knockdown (the `ko` pose when a fighter has none)
    int hitstunHigh = -1, hitstunLow = -1;      ///< hit reactions by where the hit landed (`hitstun` otherwise)
    int win = -1, lose = -1;                    ///< the round's end, once its call was shown (optional)
    int thrown = -1, dash = -1, backdash = -1;  ///< held by a throw, the dashes (optional)
};

/// Input windows of a fighter, in frames (the fighter file's `motion`, `dash` and `throwtech` records).
struct InputWindows {
    int motion = 12;      ///< frames in which a whole 236 / 623 motion, button included, must be entered
    int dash = 0;         ///< frames between the two taps of a dash (0 = this fighter cannot dash)
    int dashForward = 0;  ///< dash speed, units per frame (the `dash` anim's length is its duration)
    int dashBack = 0;     ///< back dash speed, units per frame (the `backdash` anim's length)
    int tech = 10;        ///< frames after being grabbed in which a throw press breaks the throw
    int run = 0;          ///< run speed: a forward dash held forward keeps running at it (0 = no run)
};

/// A whole fighter.
struct FighterDef {
    std::string id;                  ///< file id, e.g. "ryo"
    std::string display;             ///< name shown in menus
    std::string archetype;           ///< one-line style shown on character select ("" = none stated)
    int difficulty = 0;              ///< 1 (easy to play) .. 3 (hard), 0 = not stated
    int health = 1000;               ///< full health
    int walkForward = 6;             ///< units per frame walking forward
    int walkBack = 4;                ///< units per frame walking back
    int jumpVy = 20;                 ///< upward speed at take-off (units per frame)
    int gravity = 1;                 ///< subtracted from vy every airborne frame
    int jumpVx = 5;                  ///< horizontal speed of diagonal jumps
    engine::AABB push;               ///< neutral push box
    std::vector<MemberDef> members;  ///< hurtboxes, in BVH insertion order
    SkeletonDef skeleton;            ///< bones, and each member's bones (memberBones[m]); no bones = old format
    std::vector<NamedColor> colors;  ///< drawing colours
    std::vector<AnimDef> anims;      ///< every animation, in file order
    StandardAnims ids;               ///< standard animations by id (filled by resolveIds)
    InputWindows windows;            ///< motion, dash and throw-tech windows
    std::uint16_t techButtons = 0;   ///< buttons that break a throw: the inputs of its `level throw` moves (resolveIds)
    int headMember = -1;             ///< the member named `head`, or -1 (resolveIds: a hit there is a high hit)
    std::uint32_t legMembers = 0;    ///< bit m: member m's name starts with `leg` (resolveIds: hits there are low)

    /// True when the members come from a skeleton's bones (the file has `bone` records).
    bool rigged() const { return !skeleton.bones.empty(); }
    /// Index of the animation with this name, or -1.
    int anim(std::string_view name) const;
    /// Index of the member with this name, or -1.
    int member(std::string_view name) const;
    /// The colour with this role, or fallback when the file has none.
    NamedColor color(std::string_view role, NamedColor fallback) const;
    /// Fills ids from the animation names (loaders call it once; the simulation never searches names per frame).
    void resolveIds();
};

/// Animations every fighter file must define (the simulation's states).
extern const char* const kRequiredAnims[];
/// Number of entries in kRequiredAnims.
extern const int kRequiredAnimCount;

}  // namespace sim
