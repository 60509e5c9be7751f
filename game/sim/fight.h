#pragma once
// The fight simulation: two fighters, one stage, best of three, stepped at a fixed 60 Hz with no SFML.
//
// All state lives in FightState, plain data (trivially copyable, checked at compile time): save = copy it,
// restore = Fight::restore(copy), compare = hash(). Lists have fixed capacities and each fighter's agent BVH keeps
// its nodes inline, so a save is one plain copy with no allocation. Randomness (the CPU) comes from a generator stored in the state. Coordinates are integer world units:
// the stage is kStageWidth wide, y up, ground at y = 0. Each fighter is an agent: an engine::AgentBVH whose leaves
// are its hurtboxes, moved every frame with moveLeaf as its animation says. Attack boxes and projectiles are first
// tested against the opponent agent's ROOT box and only on a root hit is the tree walked; the leaves reached are
// the members hit (the nearest one to the attack box takes the hit).
//
// Order of one step (documented, fixed): inputs -> fighter state machines -> animation places boxes -> projectiles
// fly -> projectile vs projectile -> attacks vs fighters -> projectiles vs fighters (p1's first) -> push separation
// -> rounds and timer. During hitstop nothing moves but the hitstop counter.
//
// Trades: both fighters' attack boxes are tested against the positions and states both had BEFORE either hit is
// applied, and then both hits are applied (p1's first). So two attacks that connect on the same frame trade: both
// fighters take their damage and hitstun, even if one hit would have knocked the other's attack out.
// Each one's frame advantage after a trade is the other's hitstun minus its own (0 for equal moves).
// Facing: a grounded fighter turns to face the opponent whenever it returns to neutral (end of an attack, hitstun
// or blockstun, or landing) BEFORE a buffered attack starts or back/forward is read, so after a cross-up the next
// attack comes out towards the opponent and holding away from the opponent guards.
#include "engine/agent_bvh.h"
#include "game/sim/buttons.h"
#include "game/sim/fighter_def.h"
#include "game/sim/fixed_vector.h"

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace sim {

constexpr int kStageWidth = 1200;     ///< stage width in world units (x in [0, kStageWidth])
constexpr int kStageHeight = 600;     ///< stage height in world units (for drawing)
constexpr int kFps = 60;              ///< simulation steps per second
constexpr int kRoundEndFrames = 90;   ///< frames between a KO / time over and the next round
constexpr int kInputBuffer = 6;       ///< frames an attack press is remembered while the fighter is busy
constexpr int kMaxRoundsToWin = 999;  ///< most rounds to win a script/replay may ask for (long headless benchmarks)
constexpr int kHistory = 32;          ///< frames of directions kept for motion inputs and dashes (longest window)
constexpr int kMaxIntro = 600;        ///< longest round intro a script/replay may ask for
constexpr int kMaxCpuLevel = 4;       ///< highest CPU level (4: reacts to what it can see, anti-airs, punishes)
constexpr int kCpuReaction = 14;      ///< level 4: frames of an attack it must see before it can guard it on reaction
constexpr int kDownFrames = 40;       ///< a knockdown: frames from the hit until the fighter stands up (acts again)
constexpr int kRoundCallFrames = 55;  ///< frames the K.O. / time-over call is up before the win and lose poses
constexpr int kQuickRise = 14;        ///< frames a quick rise (down pressed while lying, once) takes off the wake-up
constexpr int kEarlyTech = 5;         ///< a throw press up to this many frames before being grabbed breaks the throw
constexpr int kJuggleLimit = 3;       ///< juggle points a juggled (launched or knocked-down airborne) victim can take
constexpr int kLaunchVy = 15;         ///< upward speed a launcher gives its victim
constexpr int kJuggleVy = 8;          ///< upward pop of a juggle hit
/// Version of the rules: bumped whenever a change makes a recorded match play differently (another hash at some
/// frame). Replays carry it (`rules N`) and a replay recorded under other rules is refused, never re-simulated.
constexpr int kRulesVersion = 11;
constexpr int kLiveIntro = 100;  ///< the window's round intro: "ROUND N" 60 frames, then "FIGHT!" 40, then live

/// Who drives the players.
enum class Mode : std::uint8_t { Versus, VersusCpu, Training, CpuVsCpu };
/// What the training dummy (player 2) does.
/// RandomBlock guards each attack or fireball with even odds (the state's RNG), standing or crouching as the move
/// needs; Reversal guards everything and answers on its last blockstun/hitstun frame with its 623 + special (or
/// MatchSetup::reversal); AfterHit stands until it is hit, then guards everything until the exchange is over (it is
/// free and nothing threatens it), so a gap in a combo is blocked; Record lets its input slot drive it (the window
/// hands it player 1's keys while recording); Playback loops a recorded tape (MatchSetup::tape, playSlot).
enum class DummyMode : std::uint8_t {
    Stand,
    Crouch,
    Block,
    CrouchBlock,
    Jump,
    RandomBlock,
    Reversal,
    AfterHit,
    Record,
    Playback
};
/// Number of dummy modes the training screen cycles through with F6 (Record and Playback come from recording).
constexpr int kDummyModes = 8;
/// Whether the training dummy breaks throws (MatchSetup::throwTech): never, always (a throw press on its first
/// held frame), or at random (one coin from the state's RNG per grab).
enum class DummyTech : std::uint8_t { Never, Always, Random };
/// Recording slots of the training dummy (MatchSetup::tape is slot 1, tapeSlots slots 2 and 3).
constexpr int kTapeSlots = 3;
/// Most frames a dummy recording may hold (10 seconds).
constexpr int kMaxTape = 600;
/// Counter-hit rule of a match (MatchSetup::counter).
enum class CounterHits : std::uint8_t { Off, On, Always };
/// How a player's special button is read. Motion is the genre's (236S fireball, 623S anti-air, 66/44 dashes;
/// special alone does nothing); Simple adds one-button shortcuts to Motion (special = fireball, forward + special
/// = anti-air) for beginners, and is what a script or replay without a `style` line plays.
enum class InputStyle : std::uint8_t { Motion, Simple };

/// Everything that decides a match besides the inputs (it is what a replay header stores).
struct MatchSetup {
    Mode mode = Mode::Versus;                   ///< who drives the players
    std::uint64_t seed = 1;                     ///< seeds the state's RNG (CPU decisions)
    std::string fighter[2] = {"ryo", "brick"};  ///< fighter ids (data/fighters/ID.fighter)
    int roundsToWin = 2;                        ///< best of three
    int roundFrames = 99 * kFps;                ///< round timer in frames
    DummyMode dummy = DummyMode::Stand;         ///< training dummy behaviour
    int cpuLevel = 2;             ///< 1 (slow, rarely blocks) .. 3 (quick, blocks often); 4 reads frame data
    int cpuLevelP1 = 0;           ///< CpuVsCpu: player 1's level when not 0 (a ladder match), else cpuLevel
    int startX[2] = {400, 800};   ///< x of each fighter at every round start
    int startHealth[2] = {0, 0};  ///< health at every round start; 0 = the fighter's full health
    int startMeter[2] = {0, 0};   ///< super meter at the match start (0..kMeterMax)
    int intro = 0;                ///< frames of round intro ("ROUND N", "FIGHT!") with inputs locked out
    InputStyle style[2] = {InputStyle::Simple, InputStyle::Simple};  ///< how each player's specials are read
    /// The dummy's recording, one frame each, played in a loop by DummyMode::Playback. Directions are relative to
    /// the dummy's facing (kRight = forward, kLeft = back), so it plays the same from either side.
    std::vector<std::uint16_t> tape;
    std::vector<std::uint16_t> tapeSlots[kTapeSlots - 1];  ///< recording slots 2 and 3 (as `tape`)
    /// Which slot DummyMode::Playback plays: 1..kTapeSlots, or 0 = a random filled slot each time a take ends (one
    /// draw from the state's RNG per take).
    int playSlot = 1;
    /// The dummy's reversal: the name of one of its moves with an input (empty = none). Entered so that it comes out
    /// on the first free frame after blockstun, hitstun or a knockdown, in every dummy mode but Record and Playback.
    /// The Reversal mode with none uses the 623 + special.
    std::string reversal;
    DummyTech throwTech = DummyTech::Never;  ///< whether the dummy breaks throws
    /// Counter hits: Off (the first version's rules), On (a hit that lands while the victim's own attack is in its
    /// startup frames deals 20% more damage and 4 more frames of hitstun; live matches), Always (training: every hit
    /// on the dummy counts as one).
    CounterHits counter = CounterHits::Off;

    /// True when the CPU drives player p (its input slot is ignored).
    bool isCpu(int p) const { return mode == Mode::CpuVsCpu || (mode == Mode::VersusCpu && p == 1); }
    /// True when player p is the training dummy.
    bool isDummy(int p) const { return mode == Mode::Training && p == 1; }
    /// Recording slot n (1..kTapeSlots).
    const std::vector<std::uint16_t>& tapeOf(int n) const { return n <= 1 ? tape : tapeSlots[std::size_t(n - 2)]; }
    std::vector<std::uint16_t>& tapeOf(int n) { return n <= 1 ? tape : tapeSlots[std::size_t(n - 2)]; }
    /// The CPU level that drives player p.
    int levelOf(int p) const { return p == 0 && cpuLevelP1 > 0 ? cpuLevelP1 : cpuLevel; }
};

/// What a fighter is doing (the state machine's state; the animation is FighterState::anim).
enum class Action : std::uint8_t { Idle, Walk, Crouch, Air, Attack, Hitstun, Blockstun, KO, Dash, Thrown, Knockdown };

/// An attack box in world coordinates; inactive ones are shown dim and cannot hit.
struct AttackBox {
    engine::AABB box;     ///< world box
    bool active = false;  ///< true during the move's active frames
    bool grab = false;    ///< a throw box (grabs instead of striking; ignores guard)
};

/// What the opponent did first after a situation the CPU watches (its habits, counted by CpuState::habits).
enum class Habit : std::uint8_t { Attack, Reversal, Throw, Jump, Backdash, Wait };
constexpr int kHabits = 6;
/// The situations the CPU watches: the opponent has just left blockstun (it blocked), or just stood up.
enum class Situation : std::uint8_t { AfterBlock, WakeUp };
constexpr int kSituations = 2;
/// The answer the CPU plays to a habit (CpuState::answer).
enum class Answer : std::uint8_t { None, Guard, Strike, AntiAir, Chase, Throw };

/// The CPU's private state (lives in FightState so replays reproduce it, and is hashed whole). The training dummy,
/// never a CPU, uses plan/planFrames for the random guard and motion for the default reversal; what else it
/// remembers is DummyMemory.
struct CpuState {
    std::uint16_t plan = 0;  ///< buttons it holds
    int planFrames = 0;      ///< frames left on the current plan
    int think = 0;           ///< frames until the next decision (reaction delay); below 0, frames it has waited
    int motion = 0;          ///< level 4: frames left of a 623 + special it is entering (3, 2, 1), 0 = none
    int fireballWait = 0;    ///< level 4: frames before it may throw another fireball (drawn from the RNG)
    /// How often the opponent chose each Habit after each Situation in this match (capped at 255).
    std::uint8_t habits[kSituations][kHabits] = {};
    std::uint8_t watching = 0;      ///< 1 + the Situation being watched, 0 = none
    std::uint8_t watchFrames = 0;   ///< frames since the watched situation began
    std::uint8_t seen = 0;          ///< the opponent's Action on the last frame the CPU looked
    Answer answer = Answer::None;   ///< the answer it is playing (or waits to play) to a habit
    std::uint8_t answerFrames = 0;  ///< frames the answer may still take
    /// Its own wake-up choice: 0 undecided, 1 block, 2 reversal; 3 break a throw; while lying before that choice,
    /// 4 stays down, 5 quick rise (the down press comes on the next frame).
    std::uint8_t wakeup = 0;
};

/// What the training dummy remembers between frames beyond CpuState (fight_dummy.cpp); all 0 while none of the
/// dummy's settings that need it is on, and for every fighter that is not the dummy.
struct DummyMemory {
    std::uint8_t guarding = 0;      ///< AfterHit: 1 = guarding since it was hit
    std::uint8_t quietFrames = 0;   ///< AfterHit: frames it has stood free with nothing coming since it began guarding
    std::uint8_t techCoin = 0;      ///< this grab's throw-tech coin: 0 not tossed, 1 tech, 2 let it land
    std::uint8_t reversalLeft = 0;  ///< frames of the reversal input still to enter
    std::uint8_t playSlot = 0;      ///< random playback: the slot playing (1..kTapeSlots, 0 = none yet)
    std::uint16_t playFrame = 0;    ///< random playback: the next frame of that slot's take
};

/// Nodes of a fighter's agent BVH: a tree of kMaxMembers leaves has 2 * kMaxMembers - 1 nodes.
constexpr int kBodyNodes = 2 * kMaxMembers - 1;
/// A fighter's agent BVH, stored inline (spec/bvh.md's rules, the bvh program's trees).
using Body = engine::InlineAgentBVH<kBodyNodes>;

/// One fighter's plain state.
struct FighterState {
    int x = 0, y = 0;              ///< origin (between the feet), world units
    int vx = 0, vy = 0;            ///< velocity, units per frame
    int facing = 1;                ///< +1 facing right, -1 facing left
    Action action = Action::Idle;  ///< state machine state
    int anim = 0;                  ///< index into FighterDef::anims of the current animation
    int animFrame = 1;             ///< 1-based frame within it
    int health = 0;                ///< current health
    int hitstun = 0;               ///< frames of hitstun left
    int blockstun = 0;             ///< frames of blockstun left
    bool blocking = false;         ///< holding back in a state that guards
    bool crouching = false;        ///< crouching (crouch, crouch block, low attack)
    bool airborne = false;         ///< in the air
    bool attackLanded = false;     ///< the current attack already hit or was blocked (lands once per attack)
    int combo = 0;                 ///< hits taken in the current combo (as victim)
    int lastAdvantage = 0;       ///< frame advantage of this fighter's last attack that connected: the frame the victim
                                 ///< can act again minus the frame the attacker can (+ = attacker free first)
    bool hasAdvantage = false;   ///< true once lastAdvantage is meaningful
    std::uint16_t held = 0;      ///< buttons held this frame
    std::uint16_t prevHeld = 0;  ///< buttons held last frame (for presses)
    int buffered = -1;           ///< attack anim waiting to start, or -1
    int bufferTimer = 0;         ///< frames left on the buffered press
    std::uint8_t dirs[kHistory] = {};  ///< held direction bits (kUp..kRight) of recent frames, [0] = this frame
    int techTimer = 0;                 ///< while Thrown: frames left to break the throw with a throw press
    int grabMember = -1;               ///< while Thrown: the member the throw box caught (for the hit event)
    int meter = 0;                     ///< super meter, 0..kMeterMax (kept between rounds)
    int juggle = 0;                    ///< juggle points taken while juggled (as victim)
    bool launched = false;             ///< juggled: airborne after a launcher or knockdown hit, lands into a knockdown
    bool armorUsed = false;            ///< the current move's armour has absorbed its hit
    bool rose = false;                 ///< a quick rise was used in this knockdown
    Body body;                         ///< the agent: leaves are the hurtboxes
    FixedVector<int, kMaxMembers> memberLeaf;         ///< leaf handle of each FighterDef::members entry
    FixedVector<AttackBox, kMaxAttackBoxes> attacks;  ///< world attack boxes of the current frame
    engine::AABB push;                                ///< world push box
    CpuState cpu;                                     ///< CPU brain (unused for humans)
    DummyMemory dummy;                                ///< the training dummy's memory
};

/// A fireball; one slot per owner (one on screen per fighter).
struct Projectile {
    engine::AABB box;    ///< world box
    int owner = 0;       ///< 0 or 1
    int vx = 0;          ///< units per frame
    int life = 0;        ///< frames left
    int anim = -1;       ///< owner's anim that spawned it (frame data)
    bool alive = false;  ///< false once it hit, was cancelled or faded
};

/// Whole fight state: copy it to save, Fight::restore to load.
struct FightState {
    std::int64_t frame = 0;     ///< steps taken since the match began
    int round = 1;              ///< 1-based round number
    int roundFrame = 0;         ///< steps taken in this round (0 before its first step)
    int wins[2] = {0, 0};       ///< rounds won
    int timer = 0;              ///< frames left in the round
    int hitstop = 0;            ///< frozen frames left
    bool roundOver = false;     ///< KO or time over happened; counting down to the next round
    int roundEndTimer = 0;      ///< frames until the next round starts
    int roundWinner = -1;       ///< -1 none yet, 0/1 a player, 2 draw
    bool matchOver = false;     ///< someone won the match (or both: draw)
    int matchWinner = -1;       ///< -1 none, 0/1 a player, 2 draw
    std::uint64_t rng = 0;      ///< xorshift64* state
    FighterState fighters[2];   ///< p1, p2
    Projectile projectiles[2];  ///< slot = owner
};

static_assert(std::is_trivially_copyable_v<FightState>, "FightState is saved and restored by a plain copy");

/// Kinds of per-step events.
enum class EventType : std::uint8_t { Hit, Block, ProjectileCancel, KO, TimeOver, RoundStart, MatchOver, Throw, Tech };
/// An event kind's word, as `game_headless --events` and the web page name it (hit, block, cancel, ko, timeover,
/// roundstart, matchover, throw, tech).
inline const char* eventName(EventType t) {
    static const char* const kNames[] = {"hit",        "block",     "cancel", "ko",  "timeover",
                                         "roundstart", "matchover", "throw",  "tech"};
    return kNames[int(t)];
}

/// Something that happened during the last step (for sparks, sounds, shake and script expectations).
struct Event {
    EventType type = EventType::Hit;  ///< what happened
    int attacker = -1;                ///< player index or -1
    int victim = -1;                  ///< player index or -1 (KO: the fallen; MatchOver: the winner, 2 = draw)
    std::string move;                 ///< attacker's move name (hit/block)
    std::string member;               ///< victim's member hit (hit/block)
    int damage = 0;                   ///< health taken (hit: damage, block: chip)
    bool heavy = false;               ///< heavy impact
    bool projectile = false;          ///< caused by a projectile
    bool counter = false;             ///< hit: a counter hit (MatchSetup::counter)
    bool armor = false;               ///< hit: absorbed by armour (damage, no stun)
    engine::AABB where;               ///< overlap of the boxes (spark position)
};

/// Counters of the last step (not part of the state or its hash).
struct StepStats {
    int broadTests = 0;               ///< attack/projectile boxes tested against an agent root
    int broadHits = 0;                ///< of those, how many touched the root (so the tree was searched)
    int nodesVisited = 0;             ///< BVH nodes tested by tree searches
    int hits = 0;                     ///< hits and blocks resolved
    int pushSeparations = 0;          ///< push-box overlaps resolved
    std::vector<int> touched[2];      ///< node indices of agent p tested by the last step's searches
    std::vector<char> touchedHit[2];  ///< parallel to touched: 1 when that node collided with the query
};

/// A box given relative to a fighter facing right (+x forward), placed at (x, y) for a fighter facing `facing`.
engine::AABB toWorld(const engine::AABB& r, int x, int y, int facing);

/// The moves a training dummy of fighter d can use as its reversal: those with an input that start on the ground.
std::vector<std::string> reversalMoves(const FighterDef& d);
/// The dummy's input for move `move` of fighter d, one frame a step (directions relative: kRight = forward), the
/// button on the last; empty when d has no such move or it has no input usable from the ground in `style`.
std::vector<std::uint16_t> reversalInput(const FighterDef& d, const std::string& move, InputStyle style);

/// Turns buttons with relative directions (kRight = forward, kLeft = back) into screen directions for a fighter
/// facing `facing`, and back (the mapping is its own inverse).
std::uint16_t relativeToAbsolute(std::uint16_t b, int facing);

/// The fight: construct, step at 60 Hz, read state() and events().
class Fight {
public:
    /// Starts round 1 of a match between p1 and p2 (definitions are copied).
    Fight(const MatchSetup& setup, const FighterDef& p1, const FighterDef& p2);

    /// Advances one 60 Hz tick. CPU-driven players ignore their input slot; the training dummy follows setup.dummy.
    void step(const FrameInput& input);
    /// The whole state (plain data).
    const FightState& state() const { return s_; }
    /// Replaces the state with a saved copy.
    void restore(const FightState& saved) { s_ = saved; }
    /// 64-bit FNV-1a hash over every state field in a fixed order.
    std::uint64_t hash() const { return hashState(s_); }
    /// Events of the last step.
    const std::vector<Event>& events() const { return events_; }
    /// Counters of the last step.
    const StepStats& stats() const { return stats_; }
    /// Fighter p's definition.
    const FighterDef& def(int p) const { return defs_[p]; }
    /// The match setup.
    const MatchSetup& setup() const { return setup_; }
    /// Name of fighter p's current animation.
    const std::string& animName(int p) const { return defs_[p].anims[s_.fighters[p].anim].name; }
    /// Places both fighters' members and boxes again from their anim, frame, position and facing (as every step
    /// does): for a state edited and restore()d by a test or a tool.
    void placeAll();
    /// World box of member m of fighter p (its current BVH leaf).
    engine::AABB memberBox(int p, int m) const;

    /// FNV-1a hash of a state (the same function hash() uses).
    static std::uint64_t hashState(const FightState& s);

private:
    void startRound();
    void resetFighter(int p);
    std::uint16_t inputFor(int p, const FrameInput& in);
    std::uint16_t cpuInput(int p);
    std::uint16_t dummyInput(int p, const FrameInput& in);
    std::uint16_t dummyGuard(int p);
    std::uint16_t trainingDummy(int p, const FrameInput& in);
    std::uint16_t dummyPlayback(int p);
    int dummyReversal(int p);
    int dummyTech(int p);
    std::uint16_t dummyAfterHit(int p);
    void updateFighter(int p, std::uint16_t buttons);
    bool readInput(int p, std::uint16_t buttons);
    bool motion(int p, const std::uint16_t* steps, int count) const;
    int stepsMatched(int p, const std::uint16_t* steps, int count, int frames) const;
    bool qcfMakesSuper(int p) const;  // a 236 entered now would complete a 236236 as well
    bool motionDone(int p, Motion m) const;
    int dashInput(int p) const;
    bool invincible(int p) const;
    bool throwable(int p) const;
    void updateThrown(int p);
    void grab(int attacker, int member);
    void tech(int victim);
    bool pressedThrowJustBefore(int p) const;
    void updateStun(int p);
    void updateDown(int p);
    void startMove(int p, int anim);
    bool canStart(int p, int anim) const;
    bool juggleFull(int victim, int anim) const;
    void gainMeter(int p, int amount);
    void updateAttack(int p);
    void moveFighter(int p);
    void startAnim(int p, int anim, Action action);
    void placeBoxes(int p);
    int hitReaction(int victim, const AnimDef& move, int member) const;
    void advanceReaction(int p);
    void roundEndPoses();
    void moveProjectiles();
    void projectileClash();
    bool findAttackHit(int p, int& member, engine::AABB& where, bool& grab);
    void resolveAttacks();
    void resolveProjectile(int owner);
    bool searchAgent(int victim, const engine::AABB& box, int& memberOut, engine::AABB& whereOut);
    void clampToStage(int p);
    void land(int p);
    void neutral(int p, std::uint16_t held);
    int pickAttack(int p, std::uint16_t pressed) const;
    void cpuDecide(int p);
    void cpuDecideClose(int p, int r, int level);  // levels 1-3 up close
    void cpuCloseIn(int p, int level);             // levels 1-3 from mid range: a dash or a walk in
    std::uint16_t cpu4Input(int p);
    bool cpuDecisionDue(int p);             // counts the CPU's thinking down; true when it may decide now
    void cpuThinkAgain(int p, int period);  // the next decision `period` after the one just made was due
    std::uint16_t cpuAir(int p);            // the CPU in its own jump: the jump attack where it reaches, or nothing
    bool cpuJumpAttackLands(int p) const;   // the jump attack pressed now meets the opponent before the landing
    std::uint16_t cpuMotion(int p);
    bool cpuConfirm(int p);
    std::uint16_t cpu4React(int p);
    void cpu4Decide(int p);
    void cpuObserve(int p);
    int cpuHabit(int p, Situation s) const;
    bool cpuAdapt(int p, std::uint16_t& out);
    bool cpuOwnWakeup(int p, std::uint16_t& out);
    bool cpuLying(int p, std::uint16_t& out);
    bool cpuOffence(int p, std::uint16_t& out);
    bool cpuPlayAnswer(int p, std::uint16_t& out);
    bool cpuAnswerPress(int p, std::uint16_t& out);  // an answer (strike, anti-air, chase, throw) once both are free
    int reach(int p, int anim) const;
    int gap(int p) const;
    bool cpuCanLand(int p, int anim) const;    // a projectile from anywhere, a strike or grab only within its reach
    bool cpuSuperReady(int p) const;           // it has a super that can start now (canStart)
    bool cpuSuperLands(int p) const;           // meter for it, in its reach, and a grab only on a throwable opponent
    bool cpuSuperByAccident(int p) const;      // a 236 now would come out as a super that cannot land
    bool cpuGrabSuper(int p) const;            // its super grabs (sim::isGrab)
    bool cpuRawGrabSuper(int p, int r) const;  // levels 3-4: a grab super to finish a round, or rarely
    void cpuThrowIn(int p, int frames);        // walk into the throw's reach and throw, for at most `frames`
    void emit(EventType type, int attacker, int victim);
    void applyHit(int attacker, int victim, int anim, int member, const engine::AABB& where, bool projectile);
    int blockHit(int attacker, int victim, const AnimDef& a, Event& e);               // the victim's blockstun
    int strikeHit(int attacker, int victim, const AnimDef& a, int member, Event& e);  // its hitstun or down frames
    void pushBack(int attacker, int victim, const AnimDef& a, bool projectile);
    void pushApart();
    void faceEachOther();
    void updateRound();
    void endRound(int winner);
    void trainingRefill();
    std::uint64_t nextRandom();

    MatchSetup setup_;
    FighterDef defs_[2];
    std::vector<std::uint16_t> reversalSteps_;  ///< the dummy's reversal input, a frame each (relative directions)
    FightState s_;
    std::vector<Event> events_;
    StepStats stats_;
    /// A rigged fighter's member boxes for recent poses (facing right, at the origin), by anim and frame. A pose is a
    /// function of the definition alone, and a rollback re-simulates frames that were just simulated, so a pose is
    /// mostly found here instead of being worked out again from the bones (most of a step's work). Not state: a
    /// restore leaves it as it is, and it changes no result.
    struct PoseMemo {
        int anim = -1, frame = -1;
        engine::AABB boxes[kMaxMembers];
    };
    static constexpr int kPoseMemo = 64;  // a power of two
    PoseMemo poseMemo_[2][kPoseMemo];
    const PoseMemo& posedMembers(int p, int anim, int frame);
};

}  // namespace sim
