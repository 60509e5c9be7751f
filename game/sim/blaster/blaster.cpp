// The Blaster's rules, one small function per phase of a frame.
//
// A frame runs in a fixed order: structure switch, restart, player, gun, lasers move, enemies move, random spawn,
// laser hits (lasers by id, each hitting the leftmost ship it touches, ties by id; the ship's overlap is asked at
// that moment), player contact, enemy overlap flags, stars move, star flags (stars by id). Flags are computed last,
// so at the end of a frame they match the World's boxes exactly. Every query result is reduced to "any other item?" or to a minimum
// under a total order before it changes the World, which is why the structure never changes the outcome.
#include "game/sim/blaster/blaster.h"

#include "game/sim/blaster/budget.h"

#include "game/sim/determinism.h"

#include <algorithm>
#include <cassert>
#include <fstream>
#include <ostream>
#include <sstream>

namespace blaster {
namespace {

using engine::AABB;

constexpr int kPlayerX = 40;
constexpr int kPlayerWidth = 48;
constexpr int kPlayerHeight = 24;

using sim::Hasher;

/// Shrinks [lo, hi] by `by` on each side, but never below minSide (and never grows it).
void shrinkSpan(int& lo, int& hi, int by, int minSide) {
    const int side = hi - lo;
    const int target = std::max(minSide, side - 2 * by);
    if (target >= side) return;
    const int cut = side - target;
    lo += cut / 2;
    hi -= cut - cut / 2;
}

bool offScreen(const AABB& b) { return b.minX > kScreenWidth || b.maxX < 0 || b.minY > kScreenHeight || b.maxY < 0; }

template <class Pool>
int lowestFreeSlot(Pool& pool) {
    for (std::size_t i = 0; i < pool.size(); ++i)
        if (!pool[i].active) return int(i);
    pool.emplace_back();
    return int(pool.size() - 1);
}

}  // namespace

int healthForSize(int width, int height) { return std::max(2, (width + height) / 8); }

Game::Game(std::uint64_t seed, engine::SetKind kind, const Options& options) : options_(options), kind_(kind) {
    std::string why;
    assert(checkOptions(options_, why) && "invalid blaster::Options");
    (void)why;
    world_.rng = sim::seedRandom(seed);
    world_.stars.resize(std::size_t(options_.starCount));
    for (Star& s : world_.stars) {
        const int side = randomInt(options_.starMinSize, options_.starMaxSize);
        const int x = randomInt(0, kScreenWidth - side);
        const int y = randomInt(0, kScreenHeight - side);
        s.box = {x, y, x + side, y + side};
        s.speed = randomInt(options_.starMinSpeed, options_.starMaxSpeed);
    }
    resetRun();
    rebuildSets();
}

Game::~Game() = default;

void Game::resetRun() {
    const int y = (kScreenHeight - kPlayerHeight) / 2;
    world_.player = {{kPlayerX, y, kPlayerX + kPlayerWidth, y + kPlayerHeight}, true};
    world_.lasers.clear();
    world_.enemies.clear();
    world_.shotsLeft = options_.shotsPerCharge;
    world_.rechargeLeft = 0;
    world_.fireCooldown = 0;
    world_.spawnTimer = randomInt(options_.spawnMinGap, options_.spawnMaxGap);
    world_.score = world_.hits = world_.kills = 0;
    world_.gameOver = false;
}

void Game::restart() {
    ++world_.runs;
    resetRun();
    rebuildSets();
}

void Game::restore(const World& saved) {
    world_ = saved;
    rebuildSets();
}

void Game::setStructure(engine::SetKind kind) {
    kind_ = kind;
    rebuildSets();
}

void Game::rebuildSets() {
    std::vector<engine::Item> items;
    for (std::size_t i = 0; i < world_.enemies.size(); ++i)
        if (world_.enemies[i].active) items.push_back({int(i), world_.enemies[i].box});
    enemySet_ = engine::makeCollisionSet(kind_, options_.sets);
    enemySet_->build(items);
    items.clear();
    for (std::size_t i = 0; i < world_.stars.size(); ++i) items.push_back({int(i), world_.stars[i].box});
    starSet_ = engine::makeCollisionSet(kind_, options_.sets);
    starSet_->build(items);
}

std::size_t Game::objectCount() const { return enemySet_->size() + starSet_->size(); }

int Game::randomInt(int lo, int hi) {
    assert(lo <= hi);
    const std::uint64_t span = std::uint64_t(std::int64_t(hi) - lo + 1);
    return int(std::int64_t(lo) + std::int64_t(sim::nextRandom(world_.rng) % span));
}

void Game::step(const Input& input) {
    assert(input.select >= -1 && input.select < engine::kSetKindCount);
    if (input.select >= 0) setStructure(engine::SetKind(input.select));
    stats_ = {};
    work_ = {};
    if (world_.gameOver && (input.buttons & kRestart)) restart();
    ++world_.frame;
    if (!world_.gameOver) {
        movePlayer(input.buttons);
        updateGun((input.buttons & kFire) != 0);
    }
    moveLasers();
    moveEnemies();
    spawnRandomEnemy();
    hitEnemiesWithLasers();
    if (!world_.gameOver) checkPlayerContact();
    flagOverlappingEnemies();
    moveStars();
    flagTouchingStars();
    stats_.boxTests = work_.boxTests;
    stats_.nodesVisited = work_.nodesVisited;
}

void Game::movePlayer(std::uint8_t buttons) {
    int dy = 0;
    if (buttons & kUp) dy += options_.playerSpeed;
    if (buttons & kDown) dy -= options_.playerSpeed;
    AABB& b = world_.player.box;
    dy = std::clamp(dy, options_.playerMinY - b.minY, options_.playerMaxY - b.maxY);
    b = engine::translated(b, 0, dy);
}

void Game::updateGun(bool fireHeld) {
    if (world_.fireCooldown > 0) --world_.fireCooldown;
    if (world_.rechargeLeft > 0) {
        if (--world_.rechargeLeft == 0) world_.shotsLeft = options_.shotsPerCharge;
        return;
    }
    if (!fireHeld || world_.fireCooldown > 0 || world_.shotsLeft <= 0) return;
    const AABB& p = world_.player.box;
    const int y = (p.minY + p.maxY) / 2 - kLaserThickness / 2;
    for (int dir = -1; dir <= 1; ++dir) {
        const int slot = lowestFreeSlot(world_.lasers);
        world_.lasers[std::size_t(slot)] = {true,
                                            {p.maxX, y, p.maxX + kLaserLength, y + kLaserThickness},
                                            options_.laserSpeed,
                                            dir * options_.laserSpread};
    }
    --world_.shotsLeft;
    world_.fireCooldown = options_.fireInterval;
    if (world_.shotsLeft == 0) world_.rechargeLeft = options_.rechargeFrames;
}

void Game::moveLasers() {
    for (Laser& l : world_.lasers) {
        if (!l.active) continue;
        l.box = engine::translated(l.box, l.vx, l.vy);
        if (offScreen(l.box)) l.active = false;
    }
}

void Game::moveEnemies() {
    for (std::size_t i = 0; i < world_.enemies.size(); ++i) {
        Enemy& e = world_.enemies[i];
        if (!e.active) continue;
        e.box = engine::translated(e.box, -e.speed, 0);
        if (e.box.maxX < 0) removeEnemy(int(i));
        else enemySet_->update(int(i), e.box);
    }
}

void Game::spawnRandomEnemy() {
    if (!options_.spawnEnemies || world_.gameOver) return;
    if (activeEnemies() >= kMaxEnemies) return;  // slow ships pile up: the field is full, no spawn and no timer
    if (--world_.spawnTimer > 0) return;
    world_.spawnTimer = randomInt(options_.spawnMinGap, options_.spawnMaxGap);
    const int w = randomInt(options_.enemyMinSize, options_.enemyMaxSize);
    const int h = randomInt(options_.enemyMinSize, options_.enemyMaxSize);
    const int y = randomInt(0, kScreenHeight - h);
    const int speed = randomInt(options_.enemyMinSpeed, options_.enemyMaxSpeed);
    spawnEnemy({kScreenWidth, y, kScreenWidth + w, y + h}, speed, 0);
}

int Game::spawnEnemy(const AABB& box, int speed, int health) {
    assert(box.valid() && speed >= 0);
    const int id = lowestFreeSlot(world_.enemies);
    Enemy& e = world_.enemies[std::size_t(id)];
    const int hp = health > 0 ? health : healthForSize(box.maxX - box.minX, box.maxY - box.minY);
    e = {true, box, hp, hp, speed, false};
    enemySet_->add(id, box);
    return id;
}

void Game::removeEnemy(int id) {
    world_.enemies[std::size_t(id)].active = false;
    const bool was = enemySet_->remove(id);
    assert(was);
    (void)was;
}

int Game::activeEnemies() const {
    int n = 0;
    for (const Enemy& e : world_.enemies) n += e.active ? 1 : 0;
    return n;
}

bool Game::anyOther(const engine::CollisionSet& set, const AABB& box, int self) {
    ++stats_.queries;
    bool found = false;
    work_ += set.query(box, [&](engine::ItemId id) {
        if (id == self) return true;
        found = true;
        return false;
    });
    return found;
}

void Game::flagOverlappingEnemies() {
    // Every ship against every ship: one pass over the set's pairs instead of a query per ship.
    for (Enemy& e : world_.enemies)
        if (e.active) e.overlapping = false;  // a free slot keeps its last flag: the hash sees every slot
    ++stats_.queries;
    work_ += enemySet_->pairs([this](engine::ItemId a, engine::ItemId b) {
        world_.enemies[std::size_t(a)].overlapping = world_.enemies[std::size_t(b)].overlapping = true;
        return true;
    });
}

void Game::hitEnemiesWithLasers() {
    for (Laser& l : world_.lasers) {
        if (!l.active) continue;
        scratch_.clear();
        ++stats_.queries;
        work_ += enemySet_->query(l.box, [&](engine::ItemId id) {
            scratch_.push_back(id);
            return true;
        });
        if (scratch_.empty()) continue;
        // The leftmost ship is hit (ties by id): a total order, so the set's report order cannot matter.
        auto before = [&](int a, int b) {
            const int ax = world_.enemies[std::size_t(a)].box.minX, bx = world_.enemies[std::size_t(b)].box.minX;
            return ax != bx ? ax < bx : a < b;
        };
        const int target = *std::min_element(scratch_.begin(), scratch_.end(), before);
        l.active = false;
        damageEnemy(target);
    }
}

void Game::damageEnemy(int id) {
    Enemy& e = world_.enemies[std::size_t(id)];
    // Overlap is asked at the moment of the hit: earlier hits this frame may have shrunk or destroyed a neighbour.
    const int damage = anyOther(*enemySet_, e.box, id) ? options_.overlapDamage : options_.loneDamage;
    e.health -= damage;
    ++world_.hits;
    world_.score += options_.hitScore;
    if (e.health <= 0) {
        ++world_.kills;
        world_.score += options_.killScore;
        removeEnemy(id);
    } else {
        shrinkSpan(e.box.minX, e.box.maxX, damage, options_.enemyMinSide);
        shrinkSpan(e.box.minY, e.box.maxY, damage, options_.enemyMinSide);
        enemySet_->update(id, e.box);
    }
    world_.bestScore = std::max(world_.bestScore, world_.score);
}

void Game::checkPlayerContact() {
    if (!anyOther(*enemySet_, world_.player.box, -1)) return;
    world_.player.alive = false;
    world_.gameOver = true;
}

void Game::moveStars() {
    for (std::size_t i = 0; i < world_.stars.size(); ++i) {
        Star& s = world_.stars[i];
        s.box = engine::translated(s.box, -s.speed, 0);
        if (s.box.maxX < 0) {  // wrap around to the right edge at a new height
            const int side = s.box.maxX - s.box.minX;
            const int x = kScreenWidth + randomInt(0, 16);
            const int y = randomInt(0, kScreenHeight - side);
            s.box = {x, y, x + side, y + side};
        }
        starSet_->update(int(i), s.box);
    }
}

void Game::flagTouchingStars() {
    // Stars against stars in one pass over the star set's pairs; a star touching none asks the ships.
    for (Star& s : world_.stars) s.touching = false;
    ++stats_.queries;
    work_ += starSet_->pairs([this](engine::ItemId a, engine::ItemId b) {
        world_.stars[std::size_t(a)].touching = world_.stars[std::size_t(b)].touching = true;
        return true;
    });
    for (Star& s : world_.stars)
        if (!s.touching) s.touching = anyOther(*enemySet_, s.box, -1);
}

// Tripwires (determinism.h): a new field changes a size and stops the build here until hash() feeds it.
#if defined(__x86_64__) && defined(__GLIBCXX__)
static_assert(sizeof(World) == 152 && sizeof(Player) == 20 && sizeof(Laser) == 28 && sizeof(Enemy) == 36 &&
                  sizeof(Star) == 24,
              "hash the new Blaster state field");
#endif

std::uint64_t Game::hash() const {
    Hasher h;
    const World& w = world_;
    h.bytes(w.frame);
    h.bytes(w.rng);
    h.box(w.player.box);
    h.bytes(w.player.alive);
    h.bytes(w.lasers.size());
    for (const Laser& l : w.lasers) {
        h.bytes(l.active);
        if (!l.active) continue;
        h.box(l.box);
        h.num(l.vx);
        h.num(l.vy);
    }
    h.bytes(w.enemies.size());
    for (const Enemy& e : w.enemies) {
        h.bytes(e.active);
        if (!e.active) continue;
        h.box(e.box);
        for (int v : {e.health, e.maxHealth, e.speed, int(e.overlapping)}) h.num(v);
    }
    h.bytes(w.stars.size());
    for (const Star& s : w.stars) {
        h.box(s.box);
        h.bytes(std::uint64_t(s.speed));
        h.bytes(s.touching);
    }
    for (int v : {w.shotsLeft, w.rechargeLeft, w.fireCooldown, w.spawnTimer, w.score, w.bestScore, w.hits, w.kills,
                  w.runs, int(w.gameOver)})
        h.num(v);
    return h.h;
}

// ---- options ----

namespace {

struct IntOption {
    const char* name;
    int lo, hi;
    int& (*field)(Options&);
};

// One row per tunable integer: name as written in data/blaster.cfg and scripts, allowed range, where it lives.
const IntOption kIntOptions[] = {
    {"starCount", 0, 20000, [](Options& o) -> int& { return o.starCount; }},
    {"starMinSize", 0, 64, [](Options& o) -> int& { return o.starMinSize; }},
    {"starMaxSize", 0, 64, [](Options& o) -> int& { return o.starMaxSize; }},
    {"starMinSpeed", 0, 64, [](Options& o) -> int& { return o.starMinSpeed; }},
    {"starMaxSpeed", 0, 64, [](Options& o) -> int& { return o.starMaxSpeed; }},
    {"shotsPerCharge", 1, 100000, [](Options& o) -> int& { return o.shotsPerCharge; }},
    {"rechargeFrames", 1, 100000, [](Options& o) -> int& { return o.rechargeFrames; }},
    {"fireInterval", 1, 1000, [](Options& o) -> int& { return o.fireInterval; }},
    {"laserSpeed", 1, 200, [](Options& o) -> int& { return o.laserSpeed; }},
    {"laserSpread", 0, 100, [](Options& o) -> int& { return o.laserSpread; }},
    {"playerSpeed", 0, 200, [](Options& o) -> int& { return o.playerSpeed; }},
    {"playerMinY", 0, kScreenHeight, [](Options& o) -> int& { return o.playerMinY; }},
    {"playerMaxY", 0, kScreenHeight, [](Options& o) -> int& { return o.playerMaxY; }},
    {"spawnMinGap", 1, 100000, [](Options& o) -> int& { return o.spawnMinGap; }},
    {"spawnMaxGap", 1, 100000, [](Options& o) -> int& { return o.spawnMaxGap; }},
    {"enemyMinSize", 1, kScreenHeight, [](Options& o) -> int& { return o.enemyMinSize; }},
    {"enemyMaxSize", 1, kScreenHeight, [](Options& o) -> int& { return o.enemyMaxSize; }},
    {"enemyMinSpeed", 0, 100, [](Options& o) -> int& { return o.enemyMinSpeed; }},
    {"enemyMaxSpeed", 0, 100, [](Options& o) -> int& { return o.enemyMaxSpeed; }},
    {"loneDamage", 1, 1000, [](Options& o) -> int& { return o.loneDamage; }},
    {"overlapDamage", 1, 1000, [](Options& o) -> int& { return o.overlapDamage; }},
    {"enemyMinSide", 0, kScreenHeight, [](Options& o) -> int& { return o.enemyMinSide; }},
    {"hitScore", 0, 1000000, [](Options& o) -> int& { return o.hitScore; }},
    {"killScore", 0, 1000000, [](Options& o) -> int& { return o.killScore; }},
    {"gridCell", 1, 1 << 16, [](Options& o) -> int& { return o.sets.gridCell; }},
    {"quadMaxDepth", 0, 10, [](Options& o) -> int& { return o.sets.quadMaxDepth; }},
    {"quadMaxItems", 1, 1 << 20, [](Options& o) -> int& { return o.sets.quadMaxItems; }},
    {"fatMargin", 0, 1 << 20, [](Options& o) -> int& { return o.sets.fatMargin; }},
};

}  // namespace

bool optionRange(const std::string& key, int& lo, int& hi) {
    if (key == "spawnEnemies") return lo = 0, hi = 1, true;
    for (const IntOption& opt : kIntOptions) {
        if (key == opt.name) return lo = opt.lo, hi = opt.hi, true;
    }
    return false;
}

const int* optionField(const Options& options, const std::string& key) {
    for (const IntOption& opt : kIntOptions) {
        if (key == opt.name) return &opt.field(const_cast<Options&>(options));
    }
    return nullptr;
}

std::vector<std::string> optionNames() {
    std::vector<std::string> names{"spawnEnemies"};
    for (const IntOption& opt : kIntOptions) names.emplace_back(opt.name);
    return names;
}

bool setOption(Options& options, const std::string& key, std::int64_t value, std::string& why) {
    if (key == "spawnEnemies") {
        if (value != 0 && value != 1) {
            why = "spawnEnemies takes 0 or 1, not " + std::to_string(value);
            return false;
        }
        options.spawnEnemies = value == 1;
        return true;
    }
    for (const IntOption& opt : kIntOptions) {
        if (key != opt.name) continue;
        if (value < opt.lo || value > opt.hi) {
            why = key + " takes an integer in " + std::to_string(opt.lo) + ".." + std::to_string(opt.hi) + ", not " +
                  std::to_string(value);
            return false;
        }
        opt.field(options) = int(value);
        return true;
    }
    why = "unknown option";
    return false;
}

bool checkOptions(const Options& o, std::string& why) {
    for (const IntOption& opt : kIntOptions) {
        const int v = opt.field(const_cast<Options&>(o));
        if (v < opt.lo || v > opt.hi) {
            why = std::string(opt.name) + " takes an integer in " + std::to_string(opt.lo) + ".." +
                  std::to_string(opt.hi);
            return false;
        }
    }
    struct Pair {
        const char* what;
        int lo, hi;
    };
    const Pair pairs[] = {
        {"starMinSize <= starMaxSize", o.starMinSize, o.starMaxSize},
        {"starMinSpeed <= starMaxSpeed", o.starMinSpeed, o.starMaxSpeed},
        {"spawnMinGap <= spawnMaxGap", o.spawnMinGap, o.spawnMaxGap},
        {"enemyMinSize <= enemyMaxSize", o.enemyMinSize, o.enemyMaxSize},
        {"enemyMinSpeed <= enemyMaxSpeed", o.enemyMinSpeed, o.enemyMaxSpeed},
        {"playerMinY + 24 (the ship's height) <= playerMaxY", o.playerMinY + kPlayerHeight, o.playerMaxY}};
    for (const Pair& p : pairs) {
        if (p.lo > p.hi) {
            why = std::string("options need ") + p.what;
            return false;
        }
    }
    if (!o.sets.world.valid()) {
        why = "the structures' world box is empty";
        return false;
    }
    // The window can switch to any structure, so every one must fit; a script's own ships are checked as it places them.
    for (int k = 0; k < engine::kSetKindCount; ++k) {
        const engine::SetKind kind = engine::SetKind(k);
        if (!fitsMemory(kind, costOf(kind, o, {}), why)) return false;
    }
    return true;
}

}  // namespace blaster
