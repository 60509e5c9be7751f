// The Blaster screen: drives blaster::Game at the fixed step, switches its collision structure live with the
// number keys, and draws the field and a HUD that shows what each structure costs (frame time, box tests, nodes).
// The autopilot (demo mode) weaves and fires by looking at the world; it is a player, not part of the rules. A
// script played in the window goes through the headless runner's own player (blaster::ScriptPlayer), so its
// `expect` lines are checked and a failure is shown on screen and on stderr just as the runner reports it.
#include "game/app/draw.h"
#include "game/app/view_logic.h"
#include "game/app/screen.h"
#include "game/io/atomic_file.h"
#include "game/io/blaster_config.h"
#include "game/io/blaster_script.h"
#include "game/io/names.h"
#include "game/sim/blaster/blaster.h"

#include <SFML/Graphics/ConvexShape.hpp>
#include <SFML/Graphics/RectangleShape.hpp>
#include <SFML/Graphics/VertexArray.hpp>
#include <SFML/System/Clock.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <iterator>
#include <filesystem>
#include <sstream>
#include <iostream>

namespace app {
namespace {

// The structure keys the bindings offer; the registry says how many structures there are to select.
constexpr ActionSet kStructKeys[] = {bit(kStruct1), bit(kStruct2), bit(kStruct3), bit(kStruct4),
                                     bit(kStruct5), bit(kStruct6), bit(kStruct7)};
constexpr int kSelectableKinds = std::min(engine::kSetKindCount, int(std::size(kStructKeys)));

/// World box (y up) to a window rectangle (y down); the Blaster's world is the window's size.
sf::FloatRect toScreen(const engine::AABB& b) {
    return {float(b.minX), float(blaster::kScreenHeight - b.maxY), float(b.maxX - b.minX), float(b.maxY - b.minY)};
}

/// Who flies the ship.
enum class Pilot { Player, Autopilot, Script };

class BlasterScreen : public Screen {
public:
    /// A run flown by the player or the autopilot; `record` writes it as a Blaster script to the replay folder.
    BlasterScreen(Context& ctx, Pilot pilot, std::uint64_t seed, const blaster::Options& options, bool record)
        : ctx_(ctx), pilot_(pilot), game_(seed, engine::SetKind::AgentBvh, options) {
        if (record) recorder_ = std::make_unique<blaster::ScriptRecorder>(seed, engine::SetKind::AgentBvh, options);
        getReady();
    }
    /// A Blaster script (read from path) played in the window, its expectations checked as the runner checks them.
    BlasterScreen(Context& ctx, const blaster::Script& script, const std::string& path)
        : ctx_(ctx), pilot_(Pilot::Script), game_(script.seed, script.structure, script.options), script_(script),
          scriptName_(std::filesystem::path(path).filename().string()),
          player_(std::make_unique<blaster::ScriptPlayer>(script_, path, game_)) {}
    /// Writes the recording of a played run.
    ~BlasterScreen() override { saveRecording(); }

    void tick(const Tick& in) override {
        ++ticks_;
        if (in.pressedAny(bit(kBack))) {
            ctx_.stack->replaceAll(makeTitle(ctx_));
            return;
        }
        if (in.pressedAny(bit(kPause))) frozen_ = !frozen_;
        for (int k = 0; k < kSelectableKinds; ++k) {
            if (in.pressedAny(kStructKeys[k])) pendingSelect_ = k;  // applied with the next step, so recordings see it
        }
        if (frozen_ && !in.pressedAny(bit(kFrameStep))) return;
        if (pilot_ == Pilot::Script) {
            scriptTick();
            return;
        }
        if (ready_.holds()) return;  // READY: the run has not started
        blaster::Input input = pilot_ == Pilot::Autopilot ? autopilotInput() : playerInput(in);
        input.select = pendingSelect_;
        pendingSelect_ = -1;
        step(input);
    }

    void draw(sf::RenderTarget& t) override {
        // Frames per second = frames drawn per real second (not the 60 Hz tick rate, which catch-up keeps).
        fps_ = drawRate_.frame(fpsClock_.restart().asSeconds());
        fillRect(t, 0.f, 0.f, float(ctx_.width), float(ctx_.height), sf::Color(6, 8, 22));
        const blaster::World& w = game_.world();
        drawStars(t, w);
        drawEnemies(t, w);
        drawLasers(t, w);
        drawPlayer(t, w);
        drawHud(t, w);
        if (w.gameOver) drawGameOver(t, w);
        drawReady(t);
    }

private:
    /// A run flown by hand starts after a ready moment; not the autopilot, a script, or a fixed-length run (frame N
    /// is always the same picture, as in a fight).
    void getReady() {
        if (pilot_ == Pilot::Player && !ctx_.flags->fixedLength()) ready_.start();
    }

    blaster::Input playerInput(const Tick& in) const {
        blaster::Input input;
        if (in.held & kEitherUp) input.buttons |= blaster::kUp;
        if (in.held & kEitherDown) input.buttons |= blaster::kDown;
        if (in.held & (bit(kFire) | bit(kP1Light) | bit(kP2Light))) input.buttons |= blaster::kFire;
        if (in.pressedAny(bit(kStart))) input.buttons |= blaster::kRestart;
        return input;
    }

    /// Weaves up and down, dodges the nearest ship coming at the same height, fires all the time.
    blaster::Input autopilotInput() const {
        const blaster::World& w = game_.world();
        blaster::Input input;
        input.buttons = blaster::kFire;
        if (w.gameOver) return {blaster::kRestart, -1};
        const engine::AABB& p = w.player.box;
        int target = blaster::kScreenHeight / 2 + int(220.0 * std::sin(double(w.frame) * 0.02));
        int nearest = 1 << 30;
        for (const blaster::Enemy& e : w.enemies) {
            if (!e.active || e.box.maxX < p.minX || e.box.minX - p.maxX > 260 || e.box.minX - p.maxX > nearest)
                continue;
            if (e.box.maxY + 30 < p.minY || e.box.minY - 30 > p.maxY) continue;
            nearest = e.box.minX - p.maxX;
            const int mid = (e.box.minY + e.box.maxY) / 2;
            target = mid > (p.minY + p.maxY) / 2 ? e.box.minY - 80 : e.box.maxY + 80;
        }
        const int y = (p.minY + p.maxY) / 2;
        if (target > y + 6) input.buttons |= blaster::kUp;
        if (target < y - 6) input.buttons |= blaster::kDown;
        return input;
    }

    /// Plays the script's next frame through the shared player (a number key's structure rides on it), then
    /// reports the expectations that failed on the way. At the end the field stays as the script left it.
    void scriptTick() {
        const engine::SetKind structure = game_.structure();
        const Before before = beforeStep({0, pendingSelect_});
        const bool stepped = player_->step(pendingSelect_);
        pendingSelect_ = -1;
        if (stepped) afterStep(before);
        if (game_.structure() != structure) noticeTicks_ = 90;
        const std::vector<io::RunFailure>& failures = player_->failures();
        for (; shownFailures_ < failures.size(); ++shownFailures_) {
            const io::RunFailure& f = failures[shownFailures_];
            std::cerr << f.text() << "\n";
            failed_.push_back(io::RunFailure{f.kind, scriptName_, f.line, f.frame, f.what}.text());
            ctx_.runFailed = true;  // the --replay FILE run failed: exit status 1, as game_headless
        }
    }

    /// Writes the played run as a Blaster script (replayable with --headless --replay) to the replay folder.
    void saveRecording() {
        if (!recorder_ || game_.world().frame == 0) return;
        std::string error = io::makeFolder(ctx_.flags->replayDir);
        bool saved = false;  // a folder that cannot be made: its reason is said below
        if (error.empty() &&
            recordPath_.empty()) {  // the first save takes a name of its own: another may save in this second
            char stamp[32];
            const std::time_t now = std::time(nullptr);
            std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
            recordPath_ = io::writeFreshFileAtomically(ctx_.flags->replayDir + "/" + stamp + "-blaster.blaster",
                                                       recorder_->text(game_), error);
            saved = !recordPath_.empty();
        } else if (error.empty()) {
            saved = io::writeFileAtomically(recordPath_, recorder_->text(game_), error);
        }
        if (!saved) {  // the last run saved stays whole
            reportWriteFailure(ctx_, error + " (the Blaster recording; recording stopped)");
            recorder_.reset();
        }
    }

    /// The world before a step, for its sounds and timing.
    struct Before {
        bool over;
        int kills, hits, shots;
        sf::Clock clock;
    };

    void step(const blaster::Input& input) {
        const Before before = beforeStep(input);
        game_.step(input);
        afterStep(before);
    }

    Before beforeStep(const blaster::Input& input) {
        if (input.select >= 0) {
            noticeTicks_ = 90;
            ctx_.res->sound.play(Sfx::Blip);
        }
        if (recorder_) recorder_->record(input);
        const blaster::World& w = game_.world();
        return {w.gameOver, w.kills, w.hits, w.shotsLeft, sf::Clock()};
    }

    void afterStep(const Before& b) {
        const float ms = b.clock.getElapsedTime().asSeconds() * 1000.f;
        stepMs_ = stepMs_ <= 0.f ? ms : stepMs_ * 0.9f + ms * 0.1f;
        const blaster::World& w = game_.world();
        if (w.shotsLeft < b.shots) ctx_.res->sound.play(Sfx::Laser, 25.f);
        if (w.hits > b.hits) ctx_.res->sound.play(Sfx::Hit, 40.f);
        if (w.kills > b.kills) ctx_.res->sound.play(Sfx::Boom, 60.f);
        if (b.over && !w.gameOver) getReady();  // restarted
        if (w.gameOver && !b.over) {
            ctx_.res->sound.play(Sfx::KO);
            saveRecording();  // each finished run is on disk even if the game is killed later
        }
        if (noticeTicks_ > 0) --noticeTicks_;
    }

    void drawStars(sf::RenderTarget& t, const blaster::World& w) const {
        sf::VertexArray quads(sf::Quads);
        for (const blaster::Star& s : w.stars) {
            const sf::FloatRect r = toScreen(s.box);
            const sf::Color c = s.touching ? sf::Color(255, 190, 90) : sf::Color(110, 120, 160);
            quads.append({{r.left, r.top}, c});
            quads.append({{r.left + r.width, r.top}, c});
            quads.append({{r.left + r.width, r.top + r.height}, c});
            quads.append({{r.left, r.top + r.height}, c});
        }
        t.draw(quads);
    }

    void drawEnemies(sf::RenderTarget& t, const blaster::World& w) const {
        for (const blaster::Enemy& e : w.enemies) {
            if (!e.active) continue;
            const sf::FloatRect r = toScreen(e.box);
            const sf::Color c = e.overlapping ? sf::Color(90, 230, 110) : sf::Color(235, 235, 240);
            fillRect(t, r.left, r.top, r.width, r.height, withAlpha(c, 70), c, 2.f);
            const float frac = e.maxHealth > 0 ? float(e.health) / float(e.maxHealth) : 0.f;
            fillRect(t, r.left + 4.f, r.top + 4.f, std::max(0.f, (r.width - 8.f) * frac), 3.f, c);
            fillRect(t, r.left + r.width * 0.2f, r.top + r.height * 0.4f, r.width * 0.15f, r.height * 0.2f,
                     c);  // a cockpit
        }
    }

    void drawLasers(sf::RenderTarget& t, const blaster::World& w) const {
        sf::RenderStates add(sf::BlendAdd);
        for (const blaster::Laser& l : w.lasers) {
            if (!l.active) continue;
            const sf::FloatRect r = toScreen(l.box);
            for (int k = 2; k >= 1; --k) {  // a soft red halo around a white-hot core
                const float g = 3.f * float(k);
                sf::RectangleShape glow({r.width + 2.f * g, r.height + 2.f * g});
                glow.setPosition(r.left - g, r.top - g);
                glow.setFillColor(sf::Color(255, 50, 40, sf::Uint8(k == 2 ? 110 : 200)));
                t.draw(glow, add);
            }
            fillRect(t, r.left, r.top, r.width, r.height, sf::Color(255, 245, 230));
        }
    }

    void drawPlayer(sf::RenderTarget& t, const blaster::World& w) const {
        const sf::FloatRect r = toScreen(w.player.box);
        sf::ConvexShape ship(5);
        ship.setPoint(0, {r.left, r.top});
        ship.setPoint(1, {r.left + r.width * 0.55f, r.top + r.height * 0.15f});
        ship.setPoint(2, {r.left + r.width, r.top + r.height * 0.5f});
        ship.setPoint(3, {r.left + r.width * 0.55f, r.top + r.height * 0.85f});
        ship.setPoint(4, {r.left, r.top + r.height});
        ship.setFillColor(w.player.alive ? sf::Color(80, 200, 255) : sf::Color(120, 60, 60));
        ship.setOutlineColor(sf::Color::White);
        ship.setOutlineThickness(2.f);
        t.draw(ship);
        if (w.player.alive && (ticks_ / 3) % 2 == 0) {
            fillRect(t, r.left - 10.f, r.top + r.height * 0.35f, 10.f, r.height * 0.3f, sf::Color(255, 160, 60));
        }
    }

    void drawHud(sf::RenderTarget& t, const blaster::World& w) const {
        const blaster::FrameStats& st = game_.lastStats();
        const std::string lines[] = {
            "structure  " + std::to_string(int(game_.structure()) + 1) + "  " +
                blaster::structureName(game_.structure()),
            "step " + fixed(stepMs_, 3) + " ms   " + fixed(fps_, 0) + " FPS",
            "objects " + std::to_string(game_.objectCount()),
            "box tests/frame " + std::to_string(st.boxTests),
            "nodes visited " + std::to_string(st.nodesVisited) + "   queries " + std::to_string(st.queries),
        };
        fillRect(t, 10.f, 10.f, 430.f, 126.f, sf::Color(0, 0, 0, 170), sf::Color(90, 100, 140), 1.f);
        for (int i = 0; i < 5; ++i) {
            drawText(t, ctx_.res->mono, lines[i], 17, 20.f, 16.f + 23.f * float(i),
                     i == 0 ? sf::Color(255, 220, 120) : sf::Color(210, 230, 255));
        }
        const float rx = float(ctx_.width) - 20.f;
        fillRect(t, rx - 190.f, 10.f, 200.f, 88.f, sf::Color(0, 0, 0, 170), sf::Color(90, 100, 140),
                 1.f);  // readable over ships
        drawText(t, ctx_.res->font, "SCORE " + std::to_string(w.score), 26, rx, 12.f, sf::Color::White, Align::Right,
                 2.f);
        drawText(t, ctx_.res->font, "BEST " + std::to_string(w.bestScore), 18, rx, 46.f, sf::Color(255, 220, 120),
                 Align::Right, 2.f);
        drawGun(t, w);
        const Bindings& b = *ctx_.bindings;
        const std::string hint =
            "1 array  2 grid  3 quadtree-lowest  4 quadtree-leaves  5 agent BVH  6 dynamic tree  7 sort and sweep   " +
            firstKeyText(b, kP1Up) + "/" + firstKeyText(b, kP1Down) + " move   " + firstKeyText(b, kFire) + " fire   " +
            firstKeyText(b, kBack) + " title";
        fillRect(t, 0.f, float(ctx_.height) - 30.f, float(ctx_.width), 30.f,
                 sf::Color(0, 0, 0, 190));  // a strip under the hint
        drawText(t, ctx_.res->font, hint, 14, float(ctx_.width) / 2.f, float(ctx_.height) - 24.f,
                 sf::Color(220, 220, 235), Align::Center, 1.f);
        if (noticeTicks_ > 0) {
            drawText(t, ctx_.res->font, blaster::structureName(game_.structure()), 44, float(ctx_.width) / 2.f, 90.f,
                     withAlpha(sf::Color(255, 220, 120), std::min(255, noticeTicks_ * 6)), Align::Center, 3.f);
        }
        if (pilot_ == Pilot::Autopilot)
            drawText(t, ctx_.res->font, "AUTOPILOT", 16, rx, 74.f, sf::Color(160, 220, 255), Align::Right, 1.f);
        if (pilot_ == Pilot::Script) {
            drawText(t, ctx_.res->font, (player_->done() ? "END OF SCRIPT  " : "SCRIPT  ") + scriptName_, 16, rx, 74.f,
                     sf::Color(160, 220, 255), Align::Right, 1.f);
            drawFailures(t);
        }
        if (frozen_) {
            drawText(t, ctx_.res->font,
                     "FROZEN  (" + firstKeyText(b, kFrameStep) + ": one frame, " + firstKeyText(b, kPause) + ": run)",
                     18, 20.f, 146.f, sf::Color(255, 240, 120), Align::Left, 2.f);
        }
        const float recY = pilot_ == Pilot::Player ? 74.f : 104.f;  // below AUTOPILOT / SCRIPT when those show
        if (recorder_)
            drawText(t, ctx_.res->font, "\u25cf REC", 14, rx, recY, sf::Color(255, 120, 120), Align::Right, 1.f);
    }

    /// The latest failed expectations, newest at the bottom, above the key hints (as the fight's replay shows them).
    void drawFailures(sf::RenderTarget& t) const {
        float y = float(ctx_.height) - 56.f;
        const std::size_t shown = std::min<std::size_t>(failed_.size(), 4);
        for (std::size_t i = 0; i < shown; ++i, y -= 20.f) {
            const std::string& f = failed_[failed_.size() - 1 - i];
            drawText(t, ctx_.res->font, "FAILED " + f.substr(0, 140), 15, 20.f, y, sf::Color(255, 150, 90), Align::Left,
                     2.f);
        }
    }

    void drawGun(sf::RenderTarget& t, const blaster::World& w) const {
        const blaster::Options& o = game_.options();
        const float x = float(ctx_.width) / 2.f - 200.f, y = 20.f, bw = 400.f, bh = 14.f;
        fillRect(t, x - 8.f, y - 8.f, bw + 16.f, bh + 36.f,
                 sf::Color(0, 0, 0, 170));  // keeps the label readable over ships
        fillRect(t, x, y, bw, bh, sf::Color(30, 30, 50), sf::Color(150, 160, 200), 1.f);
        if (w.rechargeLeft > 0) {
            const float frac = 1.f - float(w.rechargeLeft) / float(std::max(1, o.rechargeFrames));
            fillRect(t, x, y, bw * frac, bh, sf::Color(255, 120, 60));
            drawText(t, ctx_.res->font, "RECHARGING", 14, x + bw / 2.f, y + bh + 4.f, sf::Color(255, 150, 90),
                     Align::Center, 1.f);
        } else {
            const float frac = float(w.shotsLeft) / float(std::max(1, o.shotsPerCharge));
            fillRect(t, x, y, bw * frac, bh, sf::Color(90, 200, 255));
            drawText(t, ctx_.res->font, "shots " + std::to_string(w.shotsLeft), 14, x + bw / 2.f, y + bh + 4.f,
                     sf::Color(190, 230, 255), Align::Center, 1.f);
        }
    }

    /// READY, then GO!, as a fight's round starts: a band across the field with the word on it.
    void drawReady(sf::RenderTarget& t) const {
        const std::string word = ready_.word();
        if (word.empty()) return;
        const float cy = float(ctx_.height) * 0.36f;
        fillRect(t, 0.f, cy - 10.f, float(ctx_.width), 96.f, sf::Color(0, 0, 0, 120));
        drawText(t, ctx_.res->display, word, 84, float(ctx_.width) / 2.f, cy - 4.f,
                 word == "GO!" ? sf::Color(255, 120, 60) : sf::Color(255, 230, 120), Align::Center, 4.f);
    }

    void drawGameOver(sf::RenderTarget& t, const blaster::World& w) const {
        fillRect(t, 0.f, 0.f, float(ctx_.width), float(ctx_.height), sf::Color(0, 0, 0, 140));
        const float cx = float(ctx_.width) / 2.f;
        drawText(t, ctx_.res->display, "GAME OVER", 72, cx, 230.f, sf::Color(255, 90, 70), Align::Center, 4.f);
        drawText(t, ctx_.res->font,
                 "score " + std::to_string(w.score) + "    best " + std::to_string(w.bestScore) +
                     "    ships destroyed " + std::to_string(w.kills),
                 28, cx, 330.f, sf::Color::White, Align::Center, 2.f);
        drawText(
            t, ctx_.res->font,
            firstKeyText(*ctx_.bindings, kStart) + ": restart    " + firstKeyText(*ctx_.bindings, kBack) + ": title",
            22, cx, 390.f, sf::Color(255, 230, 150), Align::Center, 2.f);
    }

    static std::string fixed(float v, int decimals) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.*f", decimals, double(v));
        return buf;
    }

    Context& ctx_;
    Pilot pilot_;
    blaster::Game game_;
    blaster::Script script_;
    std::string scriptName_;
    std::unique_ptr<blaster::ScriptPlayer> player_;  // plays script_ on game_ (script pilot only)
    std::size_t shownFailures_ = 0;                  // player failures already reported
    std::vector<std::string> failed_;                // failed expectations so far, file named without folders
    int pendingSelect_ = -1;                         // structure chosen by a number key, applied with the next step
    std::unique_ptr<blaster::ScriptRecorder> recorder_;
    std::string recordPath_;
    long ticks_ = 0;
    bool frozen_ = false;
    ReadyCount ready_;  // the ready moment before a run flown by hand
    int noticeTicks_ = 0;
    float stepMs_ = 0.f;
    float fps_ = 0.f;
    DrawRate drawRate_;
    sf::Clock fpsClock_;
};

}  // namespace

std::unique_ptr<Screen> makeBlaster(Context& ctx, bool autopilot) {
    blaster::Options options;
    const std::string cfg = ctx.dataDir + "/blaster.cfg";
    io::Error error;
    if (std::filesystem::exists(cfg) && !blaster::loadOptions(cfg, options, error)) {
        std::cerr << error.text() << "\n";
        ctx.quit = true;
        ctx.exitCode = 2;
        return nullptr;
    }
    const std::uint64_t seed = ctx.flags->seedGiven ? ctx.flags->seed
                               : autopilot
                                   ? 1
                                   : std::uint64_t(std::chrono::system_clock::now().time_since_epoch().count()) | 1u;
    const bool scripted = ctx.flags->demo || !ctx.flags->show.empty();  // tools, not games: record only when asked
    const bool record = !ctx.flags->noRecord && (!scripted || ctx.flags->replayDirGiven);
    return std::make_unique<BlasterScreen>(ctx, autopilot ? Pilot::Autopilot : Pilot::Player, seed, options, record);
}

std::unique_ptr<Screen> makeBlasterScript(Context& ctx, const std::string& path, const std::string& text) {
    io::Error error;
    blaster::Script script;
    if (!blaster::parseScript(text, path, script, error)) {
        std::cerr << error.text() << "\n";
        return nullptr;
    }
    return std::make_unique<BlasterScreen>(ctx, script, path);
}

}  // namespace app
