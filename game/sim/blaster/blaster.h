#pragma once
// The Blaster: a deterministic side-scrolling shooter whose every collision query goes through engine::CollisionSet,
// so that switching the structure (any of engine/sets/registry.def) changes how much work a frame costs but never
// what happens in it.
//
// Why it is shaped like this: all state that decides the future lives in the plain, copyable World (RNG included),
// items live in pooled slot arrays whose index is the item's collision-set id (lowest free slot reused first, so
// ids stay dense and deterministic), and every query result is either reduced to a yes/no or sorted by id before it
// is acted upon. The collision sets are caches of the World owned by the Game; they can be thrown away and rebuilt
// from the World at any frame (setStructure, restore) without changing a single later hash.
//
// Coordinates: integer world units, screen 1280 x 720 (kScreenWidth x kScreenHeight). The y axis points UP, as in
// engine::AABB: (minX, minY) is the bottom-left corner, y = 0 is the bottom of the screen. A drawer maps a box to
// the window with top = kScreenHeight - maxY. Enemies spawn just right of the screen (minX = kScreenWidth) and fly
// left; they may also be partly outside the screen, and so may stars wrapping around.
//
// No SFML here: the app draws World and reads the counters.
#include "engine/aabb.h"
#include "engine/sets/registry.h"

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

namespace blaster {

/// Screen width in world units.
inline constexpr int kScreenWidth = 1280;
/// Screen height in world units (y points up, 0 at the bottom).
inline constexpr int kScreenHeight = 720;
/// A laser's size in world units: it flies along x, kLaserLength long and kLaserThickness high.
inline constexpr int kLaserLength = 24;
inline constexpr int kLaserThickness = 4;

/// Button bits of one frame's input.
enum Button : std::uint8_t {
    kUp = 1,       ///< move the ship up (+y)
    kDown = 2,     ///< move the ship down (-y)
    kFire = 4,     ///< hold to fire (one three-laser spread every fireInterval frames)
    kRestart = 8,  ///< after game over: start a new run (best score kept)
};

/// One frame of input: held buttons plus an optional "select structure k" command.
struct Input {
    std::uint8_t buttons = 0;  ///< OR of Button bits
    int select = -1;           ///< -1: keep the structure; 0..kSetKindCount-1: switch to SetKind(select) first
};

/// Tuning; the defaults are the game's, data/blaster.cfg may override them (loadOptions), scripts with `set`.
struct Options {
    int starCount = 600;             ///< stars in the field (every one is tested against stars and ships every frame)
    int starMinSize = 2;             ///< star side, smallest
    int starMaxSize = 5;             ///< star side, largest
    int starMinSpeed = 1;            ///< star scroll speed (units per frame), slowest
    int starMaxSpeed = 3;            ///< star scroll speed, fastest
    int shotsPerCharge = 50;         ///< shots before the gun must recharge
    int rechargeFrames = 300;        ///< frames the gun cannot fire after the last shot (5 s at 60 Hz)
    int fireInterval = 6;            ///< frames between shots while fire is held
    int laserSpeed = 20;             ///< laser x speed (units per frame)
    int laserSpread = 3;             ///< y speed of the two outer lasers (up and down)
    int playerSpeed = 8;             ///< ship speed (units per frame)
    int playerMinY = 0;              ///< lowest the ship's bottom may go (the window keeps it above its hint strip)
    int playerMaxY = kScreenHeight;  ///< highest the ship's top may go (the window keeps it below its HUD panel)
    bool spawnEnemies = true;        ///< random enemy spawns at the right edge
    int spawnMinGap = 20;            ///< frames between spawns, fewest
    int spawnMaxGap = 50;            ///< frames between spawns, most
    int enemyMinSize = 24;           ///< enemy side at spawn, smallest
    int enemyMaxSize = 96;           ///< enemy side at spawn, largest (width and height drawn separately)
    int enemyMinSpeed = 2;           ///< enemy speed (units per frame to the left), slowest
    int enemyMaxSpeed = 6;           ///< enemy speed, fastest
    int loneDamage = 2;              ///< damage of a laser hit on a lone ship
    int overlapDamage = 1;           ///< damage of a laser hit on a ship that overlaps another ship (harder to damage)
    int enemyMinSide = 12;           ///< hits shrink a ship (1 unit per side per damage point) down to this side
    int hitScore = 1;                ///< score per laser hit
    int killScore = 10;              ///< score per ship destroyed
    engine::SetOptions sets{{-256, -256, kScreenWidth + 256, kScreenHeight + 256}, 64, 6, 8, 4};  ///< structure tuning
};

/// Health a spawned ship of this size gets: (w + h) / 8, at least 2.
int healthForSize(int width, int height);

/// The player's ship.
struct Player {
    engine::AABB box;   ///< 48 x 24, x fixed near the left edge
    bool alive = true;  ///< false once a ship touched it
};

/// A laser bolt (pool slot; id = slot index).
struct Laser {
    bool active = false;  ///< slot in use
    engine::AABB box;     ///< 24 x 4
    int vx = 0, vy = 0;   ///< units per frame
};

/// An enemy box ship (pool slot; id = slot index = its id in the enemy collision set).
struct Enemy {
    bool active = false;       ///< slot in use
    engine::AABB box;          ///< current box (shrinks when hit)
    int health = 0;            ///< hit points left
    int maxHealth = 0;         ///< hit points at spawn
    int speed = 0;             ///< units per frame to the left
    bool overlapping = false;  ///< touches another ship at the end of this frame (drawn green; hit: overlapDamage)
};

/// A background star (id = index = its id in the star collision set).
struct Star {
    engine::AABB box;       ///< small square
    int speed = 1;          ///< units per frame to the left
    bool touching = false;  ///< touches another star or a ship this frame (drawn in another shade)
};

/// Everything that decides the future: copy it, compare it, hash it.
struct World {
    std::uint64_t frame = 0;     ///< frames simulated since the Game was made (not reset by restart)
    std::uint64_t rng = 0;       ///< generator state (sim::nextRandom, determinism.h)
    Player player;               ///< the ship
    std::vector<Laser> lasers;   ///< laser pool
    std::vector<Enemy> enemies;  ///< enemy pool
    std::vector<Star> stars;     ///< star field
    int shotsLeft = 0;           ///< shots before the recharge
    int rechargeLeft = 0;        ///< > 0: frames of recharge left (the gun cannot fire); refills shots at 0
    int fireCooldown = 0;        ///< frames until the next shot may leave while fire is held
    int spawnTimer = 0;          ///< frames until the next random spawn
    int score = 0;               ///< this run's score
    int bestScore = 0;           ///< best score over the runs of this Game (kept by restart)
    int hits = 0;                ///< laser hits this run
    int kills = 0;               ///< ships destroyed this run
    int runs = 1;                ///< runs started (restart adds one)
    bool gameOver = false;       ///< a ship touched the player; only kRestart acts now (the field keeps moving)
};

/// Work of the last step, summed over the game's collision sets.
struct FrameStats {
    std::uint64_t boxTests = 0;      ///< item boxes tested by the sets
    std::uint64_t nodesVisited = 0;  ///< tree nodes / grid cells visited by the sets
    std::uint64_t queries = 0;       ///< queries issued by the game
};

/// The game: owns the World and the two collision sets (enemies, stars) built from it.
class Game {
public:
    /// A new run from seed with the given structure and tuning.
    Game(std::uint64_t seed, engine::SetKind kind, const Options& options = {});
    ~Game();
    Game(const Game&) = delete;
    Game& operator=(const Game&) = delete;

    /// Advances one frame (1/60 s).
    void step(const Input& input);
    /// The state to draw or inspect.
    const World& world() const { return world_; }
    /// The tuning in use.
    const Options& options() const { return options_; }
    /// Rebuilds both sets as the given kind from the current items; changes no simulation result.
    void setStructure(engine::SetKind kind);
    /// The structure in use.
    engine::SetKind structure() const { return kind_; }
    /// Counters of the last step.
    const FrameStats& lastStats() const { return stats_; }
    /// 64-bit FNV-1a hash of the World (field by field, fixed order).
    std::uint64_t hash() const;
    /// Starts a new run now (what kRestart does after game over): keeps frame, RNG and best score.
    void restart();
    /// Replaces the World by a saved copy and rebuilds the sets (save-state / restore).
    void restore(const World& saved);
    /// Places an enemy ship now (scripts and tests); returns its id. health <= 0 means healthForSize.
    int spawnEnemy(const engine::AABB& box, int speed, int health = 0);
    /// Ships alive now.
    int activeEnemies() const;
    /// Objects in the sets (enemies + stars), for the HUD.
    std::size_t objectCount() const;

private:
    void resetRun();
    void movePlayer(std::uint8_t buttons);
    void updateGun(bool fireHeld);
    void moveLasers();
    void moveEnemies();
    void spawnRandomEnemy();
    void flagOverlappingEnemies();
    void hitEnemiesWithLasers();
    void checkPlayerContact();
    void moveStars();
    void flagTouchingStars();
    void damageEnemy(int id);
    void removeEnemy(int id);
    void rebuildSets();
    int randomInt(int lo, int hi);
    bool anyOther(const engine::CollisionSet& set, const engine::AABB& box, int self);

    Options options_;
    engine::SetKind kind_;
    World world_;
    std::unique_ptr<engine::CollisionSet> enemySet_;
    std::unique_ptr<engine::CollisionSet> starSet_;
    FrameStats stats_;
    engine::SetStats work_;                // this frame's query and pair work, summed from what the sets return
    std::vector<engine::ItemId> scratch_;  // query results, reused to avoid allocating every frame
};

/// Most ships alive at once from random spawns (slow ships would otherwise pile up without bound).
inline constexpr int kMaxEnemies = 512;

/// Sets one tuning key (an Options field name, e.g. starCount; spawnEnemies takes 0 or 1) after checking its range;
/// false with a reason when the key is unknown or the value out of range.
bool setOption(Options& options, const std::string& key, std::int64_t value, std::string& why);
/// The range a tuning key takes (spawnEnemies: 0..1); false when there is no such key.
bool optionRange(const std::string& key, int& lo, int& hi);
/// The current value of a tuning key, or nullptr when there is none (spawnEnemies is not an int field).
const int* optionField(const Options& options, const std::string& key);
/// Every tuning key, spawnEnemies first, then the int fields in a fixed order.
std::vector<std::string> optionNames();
/// The one validation of a whole tuning (defaults, blaster.cfg, script `set` lines): every key in range,
/// min <= max pairs, and every structure's memory estimate under kMaxStructureBytes (budget.h); false with a reason.
bool checkOptions(const Options& options, std::string& why);

}  // namespace blaster
