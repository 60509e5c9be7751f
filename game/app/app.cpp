// runApp: flags, data folder, key bindings, fighters, fonts and sounds, the window, and the fixed-step loop.
//
// The loop is the classic one: real time goes into an accumulator (clamped, so one slow frame costs at most a few
// steps instead of a spiral), the screens tick in whole 1/60 s steps, screen-stack changes are applied after each
// tick, and drawing comes last and feeds nothing back. Demo and scripted replay runs tick exactly once per drawn
// frame instead, so `--demo --frames N` always shows frame N whatever the machine's speed.
#include "game/app/app.h"
#include "game/app/replays/replay_list.h"
#include "game/app/online/online.h"
#include "game/app/online/online_screens.h"
#include "game/app/online/online_settings.h"
#include "game/app/draw.h"
#include "game/app/menus/trials.h"

#include "game/app/fight/fight_screen.h"
#include "game/app/input/input_queue.h"
#include "game/app/test_probe.h"
#include "game/app/letterbox.h"
#include "game/view/live_rules.h"
#include "game/app/flags.h"
#include "game/app/menus/move_list_draw.h"
#include "game/app/screen.h"
#include "game/app/user_paths.h"
#include "game/app/window_position.h"
#include "game/app/renderer_check.h"
#include "game/io/atomic_file.h"
#include "game/io/button_file.h"
#include "game/io/fighter_file.h"
#include "game/io/run_file.h"
#include "game/io/text.h"
#include "game/io/user_dirs.h"
#include "game/net/sfml_quiet.h"

#include <SFML/Graphics/RenderTexture.hpp>
#include <SFML/Graphics/RenderWindow.hpp>
#include <SFML/Graphics/Sprite.hpp>
#include <SFML/Graphics/Texture.hpp>
#include <SFML/System/Clock.hpp>
#include <SFML/System/Err.hpp>
#include <SFML/System/Sleep.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <sstream>

namespace app {
namespace {

constexpr float kStep = 1.f / 60.f;  // one simulation tick
constexpr float kMaxFrame = 0.1f;    // at most 6 ticks of catch-up per drawn frame
constexpr unsigned kWidth = 1280, kHeight = 720;
constexpr long kFixedDrawEvery = 4;  // demo/replay runs draw every 4th tick (and the last), to stay quick in CI

bool hasFonts(const std::string& dir) { return std::filesystem::exists(dir + "/fonts/DejaVuSans.ttf"); }

/// --data DIR, else the source tree's data/ (BVH_DEFAULT_DATA_DIR), else ./data.
std::string resolveDataDir(const AppFlags& flags) {
    if (!flags.dataDir.empty()) return flags.dataDir;
#ifdef BVH_DEFAULT_DATA_DIR
    if (hasFonts(BVH_DEFAULT_DATA_DIR)) return BVH_DEFAULT_DATA_DIR;
#endif
    return "data";
}

/// True when nothing is at path. A file that is there but cannot be read (a folder, no permission) is not nothing:
/// it is read, and its reason said.
bool nothingAt(const std::string& path) {
    std::error_code ec;
    return std::filesystem::status(path, ec).type() == std::filesystem::file_type::not_found;
}

/// A file named by --controls or --settings that does not exist yet is a new one, made by the game's first save
/// there (as the player's own files are): said in one line, so that a mistyped name is seen.
void sayNewFile(const std::string& flag, const std::string& path, const std::string& until) {
    if (!path.empty() && nothingAt(path))
        std::cerr << "game: " << flag << " " << path << ": no such file yet; " << until << "\n";
}

/// The bindings: built-in defaults, then the file userPaths() picks (a missing shipped file leaves the defaults).
bool loadControls(const UserPaths& paths, Context& ctx, Bindings& out) {
    out = defaultBindings();
    ctx.controlsBasis = paths.controlsBasis;
    ctx.controlsPath = paths.controlsSave;
    std::error_code ec;
    if (paths.controlsRead == paths.controlsBasis && !std::filesystem::exists(paths.controlsRead, ec)) {
        std::cerr << paths.controlsRead << ": not found, using the built-in key bindings\n";
        addDefaultPads(out);
        ctx.controlsRead = out;
        return true;
    }
    io::Error error;
    if (!loadBindings(paths.controlsRead, out, error)) {
        std::cerr << error.text() << "\n";
        return false;
    }
    addDefaultPads(out);  // gamepads work out of the box unless the file binds its own
    ctx.controlsRead = out;
    return true;
}

/// The settings file userPaths() picks. No file yet is the first start (the title offers the input styles); a bad
/// line is said (stderr, on screen) and skipped, the other lines apply; a file that cannot be read leaves the defaults.
void loadSettings(const UserPaths& paths, Context& ctx) {
    ctx.settingsPath = paths.settings;
    std::error_code ec;
    if (ctx.settingsPath.empty() || !std::filesystem::exists(ctx.settingsPath, ec)) {
        ctx.firstStart = !ctx.settingsPath.empty();
        return;
    }
    io::Error error;
    std::vector<io::Error> skipped;
    const bool read = io::loadSettings(ctx.settingsPath, ctx.settings, error, &skipped);
    ctx.settingsRead = ctx.settings;
    if (read) return;
    if (error.line == 0) {
        ctx.settingsProblem = error.text() + " (the default settings apply)";
        std::cerr << ctx.settingsProblem << "\n";
        return;
    }
    for (const io::Error& e : skipped) std::cerr << e.text() << " (the game skips that line; the others apply)\n";
    const std::size_t more = skipped.size() > 1 ? skipped.size() - 1 : 0;  // on screen: the first, and how many more
    ctx.settingsProblem = error.text() + (more == 0 ? " (the game skips that line; the others apply)"
                                                    : " (the game skips that line and " + std::to_string(more) +
                                                          " more, each said on stderr; the others apply)");
}

/// Every DATA/fighters/ID.fighter, sorted by file name, each loaded by its file name ID exactly as the headless
/// runner loads a replay's fighters (sim::loadFighterById), so a replay names the same fighters in both; a bad
/// file is fatal.
bool loadFighters(const std::string& dataDir, Context& ctx) {
    const std::vector<std::string> ids = sim::fighterIdsIn(dataDir);
    for (const std::string& id : ids) {
        sim::FighterLoad load = sim::loadFighterById(dataDir, id);
        if (!load.ok) {
            std::cerr << load.error.text() << "\n";
            return false;
        }
        ctx.fighters.push_back(std::move(load.def));
        ctx.fighterIds.push_back(id);
    }
    if (ids.empty()) std::cerr << dataDir << "/fighters: no .fighter files (is --data pointing at the data folder?)\n";
    return !ids.empty();
}

/// A live match of the given mode between the first two fighters (P2 = the second file when there is one).
std::unique_ptr<Screen> quickMatch(Context& ctx, sim::Mode mode) {
    sim::MatchSetup s;
    s.mode = mode;
    s.seed = ctx.flags->seedGiven ? ctx.flags->seed : 1;
    applyLiveRules(s, ctx.style(0), ctx.style(1));
    for (int p = 0; p < 2; ++p) {
        if (!ctx.fighter(s.fighter[p]))
            s.fighter[p] = ctx.fighterIds[std::min<std::size_t>(std::size_t(p), ctx.fighterIds.size() - 1)];
    }
    return makeFight(ctx, s);
}

/// --show SCREEN: a screen reached directly (development, screenshots).
std::unique_ptr<Screen> shownScreen(Context& ctx, const std::string& name) {
    if (name == "modes") return makeModeSelect(ctx);
    if (name == "select") return makeFighterSelect(ctx, sim::Mode::Versus);
    if (name == "controls") return makeControls(ctx);
    if (name == "options") return makeOptions(ctx, false);
    if (name == "replays") return makeReplayBrowser(ctx);
    if (name == "arcade") return makeArcadeSelect(ctx);
    if (name == "welcome") return makeOptions(ctx, true);
    if (name == "versus") return quickMatch(ctx, sim::Mode::Versus);
    if (name == "cpu") return quickMatch(ctx, sim::Mode::VersusCpu);
    if (name == "training") return quickMatch(ctx, sim::Mode::Training);
    if (name == "blaster") return makeBlaster(ctx, false);
    if (name == "online") return makeOnlineMenu(ctx);
    if (name == "onlineadvanced") return makeOnlineAdvanced(ctx);
    if (name == "quickmatch") return makeSeekScreen(ctx, SeekKind::Quick);
    if (name == "ranked") return makeSeekScreen(ctx, SeekKind::Ranked);
    if (name == "friends") return makeFriendsScreen(ctx);
    if (name == "profile") return makeProfileScreen(ctx);
    if (name == "pause" || name == "movelist" || name == "trainingpage") {
        std::unique_ptr<Screen> fight =
            quickMatch(ctx, name == "trainingpage" ? sim::Mode::Training : sim::Mode::VersusCpu);
        if (!fight) return nullptr;
        FightScreen& below = static_cast<FightScreen&>(*fight);
        ctx.stack->push(std::move(fight));
        if (name == "pause") return makePause(ctx, below);
        if (name == "trainingpage") return makeTrainingPage(ctx, below);
        return makeMoveListScreen(ctx, below.source().fighter(0), below.source().fighter(1));
    }
    if (name == "tutorial") return makeTutorial(ctx);
    if (name == "trials") return makeTrialsPage(ctx);
    if (name == "tutorialpage") return makeTutorialPage(ctx);
    return makeTitle(ctx);
}

/// The first screen: a demo, a replay, a --show screen, or the title.
std::unique_ptr<Screen> firstScreen(Context& ctx) {
    const AppFlags& f = *ctx.flags;
    if (!f.show.empty()) return shownScreen(ctx, f.show);
    if (f.online.active()) {
        const bool lobby = !f.online.lobby.empty();
        if (!f.online.code.empty()) return makeOnlineLobby(ctx, LinkMode::RoomJoin, f.online.code);
        if (!f.online.spectate.empty()) return makeOnlineLobby(ctx, LinkMode::RoomSpectate, f.online.spectate);
        if (f.online.host) return makeOnlineLobby(ctx, lobby ? LinkMode::RoomHost : LinkMode::DirectHost, "");
        return makeOnlineLobby(ctx, LinkMode::DirectJoin, f.online.join);
    }
    if (f.demo && f.mode == DemoMode::Blaster) return makeBlaster(ctx, true);
    if (f.demo) return quickMatch(ctx, sim::Mode::CpuVsCpu);
    if (!f.replayFile.empty()) {
        std::string text;
        io::Error error;
        if (!io::readFile(f.replayFile, text, error)) {
            std::cerr << error.text() << "\n";
            return nullptr;
        }
        // The text read here is the one parsed: a file given through a pipe (`<(...)`) can be read only once.
        if (sim::firstWordOf(text) == "blaster") return makeBlasterScript(ctx, f.replayFile, text);
        sim::RunFile run;
        sim::FighterDef defs[2];
        // The same loading and checks as the headless runner, with the same one-line messages.
        if (!sim::parseRunFile(text, f.replayFile, run, error) ||
            !sim::loadRunFighters(run, ctx.dataDir, defs, error) ||
            !sim::checkRunAgainstFighters(run, defs[0], defs[1], error)) {
            std::cerr << error.text() << "\n";
            return nullptr;
        }
        for (int p = 0; p < 2; ++p) {
            if (ctx.fighter(run.setup.fighter[p])) continue;
            std::cerr << io::Error{run.path, run.fightersLine,
                                   "fighter " + io::quote(run.setup.fighter[p]) + " was not loaded at start-up"}
                             .text()
                      << "\n";
            return nullptr;
        }
        if (run.truncated) std::cerr << sim::cutShortWarning(run) << "\n";  // it plays all the same
        return makeReplayFight(ctx, run);
    }
    return makeTitle(ctx);
}

/// Why no window can open here, or "" when one probably can. SFML aborts the process when it cannot reach the X
/// server, so a missing or dead local display is caught before asking it.
std::string displayProblem() {
    const char* d = std::getenv("DISPLAY");
    if (d == nullptr || *d == '\0') return "no DISPLAY is set";
    const std::string display = d;
    if (display[0] != ':') return "";  // a remote display: let SFML try
    const std::string number =
        display.substr(1, display.find('.') == std::string::npos ? std::string::npos : display.find('.') - 1);
    std::error_code ec;
    if (!std::filesystem::exists("/tmp/.X11-unix/X" + number, ec)) return "no X server answers on DISPLAY " + display;
    return "";
}

/// Saves `shot` as a temporary file beside path, renamed over it once complete (io::replaceWithTemp). The image
/// writer does not report a failed write (a full disk leaves a cut PNG and says nothing), so the file is read back
/// before it replaces anything. cropW x cropH > 0: only the bottom centre of the picture is kept.
bool saveScreenshot(sf::Image shot, const std::string& path, int cropW, int cropH, std::string& error) {
    if (cropW > 0 && cropH > 0) {  // the bottom centre of the picture (--screenshot-crop)
        const int w = std::min(cropW, int(shot.getSize().x)), h = std::min(cropH, int(shot.getSize().y));
        sf::Image part;
        part.create(unsigned(w), unsigned(h));
        part.copy(shot, 0, 0, sf::IntRect((int(shot.getSize().x) - w) / 2, int(shot.getSize().y) - h, w, h));
        shot = part;
    }
    const std::string temp = io::tempPathBeside(path, true);  // the writer picks PNG by the extension
    errno = 0;
    const net::QuietSfml quiet;  // the error below names the file and the reason; SFML's own line would come first
    const bool saved = shot.saveToFile(temp);
    const int why = errno;
    sf::Image back;
    if (!saved || !back.loadFromFile(temp) || back.getSize() != shot.getSize()) {
        std::remove(temp.c_str());
        error = path + ": cannot write: " + (why != 0 ? std::strerror(why) : "the image was not written whole");
        return false;
    }
    return io::replaceWithTemp(temp, path, error);
}

/// The window and the players' inputs: the players' key and pad events wait in `queue` for the ticks they belong to.
struct Input {
    InputTracker tracker;
    InputQueue queue;
    TestProbe probe;
    std::uint64_t texts = 0;  // typed characters handed to the screens
    /// Runs the ticks of one drawn frame (fewer when the app quits or the last screen leaves).
    void runTicks(Context& ctx, ScreenStack& stack, int ticks) {
        queue.startFrame(ticks);
        for (int i = 0; i < ticks && !ctx.quit && !stack.empty(); ++i) {
            stack.tick(queue.nextTick(tracker, *ctx.bindings));
            stack.applyPending();
        }
    }
};

/// Centres the window on the desktop (see window_position.h: a bare X server would leave it partly off screen).
void placeWindow(sf::RenderWindow& window) {
    const sf::VideoMode desktop = sf::VideoMode::getDesktopMode();
    const WindowPosition at =
        centredWindowPosition(desktop.width, desktop.height, window.getSize().x, window.getSize().y);
    window.setPosition({at.x, at.y});
}

/// The window: resizable, or fullscreen on the desktop's mode, always showing the logical kWidth x kHeight
/// picture letterboxed (letterbox.h), so every screen lays itself out in the same coordinates. Its size,
/// fullscreen, frame cap and multisampling come from the settings (a fixed run keeps 1280 x 720 windowed, so its
/// screenshots do not depend on the player's settings).
struct Display {
    sf::RenderWindow window;
    bool live = false;           // the interactive loop: vsync (or the frame cap) paces it
    bool capped = false;         // vsync turned out not to pace display(): a frame-rate cap instead
    bool noSwapControl = false;  // the driver cannot turn vsync on at all (seen once, when the first window opened)
    io::Settings settings;       // the window's part of the settings it was opened with
    std::string renderer;        // GL_RENDERER, asked once before the first window ("" when the driver says nothing)
    bool rendererAsked = false;

    /// Opens (or reopens) the window in the current mode; false when no window could be opened.
    bool open() {
        if (!rendererAsked) renderer = askGlRenderer(), rendererAsked = true;
        sf::ContextSettings gl;
        // Smooth outlines where the driver offers it (SFML falls back silently); `auto` leaves them off in software.
        gl.antialiasingLevel = msaaWanted(settings.msaa, renderer) ? 4 : 0;
        // SFML turns vsync off as it creates a window; a driver with no swap control (Xvfb, a software renderer)
        // makes it write "Setting vertical sync not supported" to sf::err() then, once a process. Nothing can pace
        // display() there, so the 60 cap applies from the first frame (FrameCap still catches a driver that
        // accepts vsync and ignores it). Anything else SFML says is passed on.
        std::ostringstream said;
        std::streambuf* was = sf::err().rdbuf(said.rdbuf());
        if (settings.fullscreen) {
            window.create(sf::VideoMode::getDesktopMode(), "BVH Fighter", sf::Style::Fullscreen, gl);
        } else {
            const sf::VideoMode desktop = sf::VideoMode::getDesktopMode();
            const WindowSize size =
                windowSizeFitting(desktop.width, desktop.height, unsigned(settings.width), unsigned(settings.height));
            window.create(sf::VideoMode(size.w, size.h), "BVH Fighter", sf::Style::Default, gl);
        }
        if (window.isOpen()) window.setVerticalSyncEnabled(false);
        sf::err().rdbuf(was);
        if (said.str().find("vertical sync not supported") != std::string::npos) noSwapControl = true;
        else std::cerr << said.str();
        if (window.isOpen() && !settings.fullscreen) placeWindow(window);
        if (!window.isOpen()) return false;
        if (live && noSwapControl) capped = true;
        window.setKeyRepeatEnabled(false);
        window.setVerticalSyncEnabled(false);
        window.setFramerateLimit(0);
        if (settings.frameCap > 0 && live) window.setFramerateLimit(unsigned(settings.frameCap));
        else if (capped) window.setFramerateLimit(60);
        else if (live) window.setVerticalSyncEnabled(true);
        fit();
        return true;
    }
    /// Shows the logical picture letterboxed in the window's current size.
    void fit() {
        sf::View view(sf::FloatRect(0.f, 0.f, float(kWidth), float(kHeight)));
        const Viewport v = letterbox(window.getSize().x, window.getSize().y, kWidth, kHeight);
        view.setViewport({v.left, v.top, v.width, v.height});
        window.setView(view);
    }
    /// Caps the frame rate at 60 instead of waiting for vsync (unless the settings chose a cap).
    void cap() {
        capped = true;
        if (settings.frameCap > 0) return;
        window.setVerticalSyncEnabled(false);
        window.setFramerateLimit(60);
    }
};

/// True for the window's own keys: F11 or Alt+Enter switch fullscreen (they are no player's input).
bool isFullscreenKey(const sf::Event& e) {
    return e.type == sf::Event::KeyPressed &&
           (e.key.code == sf::Keyboard::F11 || (e.key.code == sf::Keyboard::Enter && e.key.alt));
}

void pollEvents(Display& display, Context& ctx, Input& input) {
    sf::RenderWindow& window = display.window;
    sf::Event e;
    while (window.pollEvent(e)) {
        if (e.type == sf::Event::Resized) display.fit();
        if (isFullscreenKey(e)) {
            ctx.settings.fullscreen = !ctx.settings.fullscreen;  // kept for the session; Options saves it
            ctx.displayChanged = true;
            return;  // a new window: its own events come next frame
        }
        if (e.type == sf::Event::Closed) ctx.quit = true;
        if (e.type == sf::Event::TextEntered) ctx.stack->text(e.text.unicode), ++input.texts;
        input.queue.push(e, *ctx.bindings);
        KeyChord c;
        if (chordOfEvent(e, ctx.bindings->deadZone, c)) ctx.lastInput = c, ctx.hasLastInput = true;
    }
}

/// Opens the window again when the Options screen or F11 changed its settings (a live run only).
void applyDisplayChange(Display& display, Context& ctx) {
    if (!ctx.displayChanged) return;
    ctx.displayChanged = false;
    if (!display.live) return;
    const io::Settings& want = ctx.settings;
    io::Settings& have = display.settings;
    if (want.width == have.width && want.height == have.height && want.fullscreen == have.fullscreen &&
        want.frameCap == have.frameCap && want.msaa == have.msaa)
        return;
    have = want;
    if (!display.open()) ctx.quit = true, ctx.exitCode = 1;
}

void render(sf::RenderTarget& window, Context& ctx) {
    window.clear(sf::Color::Black);
    ctx.stack->draw(window);
    if (!ctx.settingsProblem.empty()) {  // a bad settings.cfg: said above the bottom edge until a save replaces it
        const float y = float(ctx.height) - (ctx.writeFailure.empty() ? 30.f : 60.f);
        fillRect(window, 0.f, y, float(ctx.width), 30.f, sf::Color(110, 70, 10, 235));
        drawText(window, ctx.res->font, io::printable(ctx.settingsProblem, 140), 15, 10.f, y + 6.f,
                 sf::Color(255, 240, 200));
    }
    if (ctx.writeFailure.empty()) return;
    // A failed write stays on screen, over whatever screen is up, until the app closes.
    const float h = 30.f, y = float(ctx.height) - h;
    fillRect(window, 0.f, y, float(ctx.width), h, sf::Color(120, 20, 20, 235));
    std::string text = io::printable(ctx.writeFailure, 1000);
    if (text.size() > 140)
        text = text.substr(0, 40) + "..." + text.substr(text.size() - 97);  // the reason is at the end
    drawText(window, ctx.res->font, text, 15, 10.f, y + 6.f, sf::Color(255, 230, 220));
}

/// Draws the last frame of a fixed run that saves a screenshot: into a 4x multisampled picture of the logical size,
/// saved, then shown in the window. The window of a fixed run multisamples as the renderer's `auto` says (not on a
/// software renderer, where it costs about four times as much per frame), so the picture is what keeps every saved
/// screenshot looking the same on any renderer. Without such a picture (no render texture) the window's own frame is
/// saved. False (with `error`) when the file cannot be written.
bool drawScreenshotFrame(sf::RenderWindow& window, Context& ctx, std::string& error) {
    sf::ContextSettings gl;
    gl.antialiasingLevel = 4;
    sf::RenderTexture picture;
    sf::Image shot;
    if (picture.create(unsigned(kWidth), unsigned(kHeight), gl)) {
        render(picture, ctx);
        picture.display();
        shot = picture.getTexture().copyToImage();
        window.clear(sf::Color::Black);
        window.draw(sf::Sprite(picture.getTexture()));
    } else {
        render(window, ctx);
        sf::Texture grab;
        if (!grab.create(window.getSize().x, window.getSize().y)) {
            error = ctx.flags->screenshot + ": cannot save the screenshot (no texture of the window's size)";
            return false;
        }
        grab.update(window);
        shot = grab.copyToImage();
    }
    return saveScreenshot(shot, ctx.flags->screenshot, ctx.flags->cropWidth, ctx.flags->cropHeight, error);
}

/// A fixed-length run (demo, or a replay with --frames/--screenshot): one tick per drawn frame, then exit.
int runFixed(Display& display, Context& ctx, ScreenStack& stack, Input& input) {
    sf::RenderWindow& window = display.window;
    const long frames = ctx.flags->frames;
    for (long i = 0; i < frames && !ctx.quit && !stack.empty(); ++i) {
        pollEvents(display, ctx, input);
        input.runTicks(ctx, stack, 1);
        if (stack.empty()) break;
        const bool last = i + 1 == frames;
        if (i % kFixedDrawEvery != 0 && !last) continue;  // the simulation ticks every frame; drawing can skip some
        if (last && !ctx.flags->screenshot.empty()) {
            std::string error;
            if (!drawScreenshotFrame(window, ctx, error)) {
                reportWriteFailure(ctx, error);
                return 1;
            }
            std::cout << "saved " << ctx.flags->screenshot << " after " << frames << " frames\n";
        } else {
            render(window, ctx);
        }
        window.display();
    }
    return ctx.exitCode;
}

/// Caps the frame rate when vsync turns out not to pace display(): a window whose frames come faster than any
/// common screen refreshes (240 Hz) is drawing frames nobody sees and taking a core from everything else.
class FrameCap {
public:
    /// Counts one drawn frame of `seconds`; after the first kFrames decides once whether to cap.
    void frame(Display& display, float seconds) {
        if (decided_) return;
        total_ += seconds;
        if (++frames_ < kFrames) return;
        decided_ = true;
        if (total_ / float(kFrames) < kFastest) display.cap();
    }

private:
    static constexpr int kFrames = 120;
    static constexpr float kFastest = 1.f / 240.f;
    float total_ = 0.f;
    int frames_ = 0;
    bool decided_ = false;
};

/// The interactive loop: fixed 60 Hz ticks from a clamped accumulator, drawing after. The frame's input events
/// are spread over its ticks in order (input_queue.h), so a slow frame's catch-up ticks replay them as they came.
int runLive(Display& display, Context& ctx, ScreenStack& stack, Input& input) {
    sf::RenderWindow& window = display.window;
    sf::Clock clock;
    FrameCap cap;
    float acc = 0.f;
    long ticked = 0;  // a watched demo (--demo alone) stops after its --frames ticks
    while (window.isOpen() && !ctx.quit && !stack.empty()) {
        pollEvents(display, ctx, input);
        const float elapsed = clock.restart().asSeconds();
        cap.frame(display, elapsed);
        acc += std::min(elapsed, kMaxFrame);
        int ticks = 0;
        for (; acc >= kStep; acc -= kStep) ++ticks;
        if (ctx.flags->demo) ticks = int(std::min<long>(ticks, ctx.flags->frames - ticked));
        input.runTicks(ctx, stack, ticks);
        ticked += ticks;
        if (stack.empty() || (ctx.flags->demo && ticked >= ctx.flags->frames)) break;
        applyDisplayChange(display, ctx);
        if (!window.isOpen()) break;
        render(window, ctx);
        window.display();
        input.probe.afterFrame(ticks, input.queue.pressesHanded(), input.texts, stack.size(), stack.top());
        if (ctx.flags->drawFps > 0) {  // a slow machine on purpose: each drawn frame takes at least 1/N s
            const sf::Time frame = sf::seconds(1.f / float(ctx.flags->drawFps));
            if (clock.getElapsedTime() < frame) sf::sleep(frame - clock.getElapsedTime());
        }
    }
    return ctx.exitCode;
}

/// The online flags that can be judged only once the data folder and the settings are read: --fighter against the
/// data folder's fighters, --host --private-room against the lobby (given or saved). Refused with the flags, not
/// on the Host screen. "" when they are fine.
std::string onlineFlagProblem(const OnlineFlags& online, const Context& ctx) {
    if (online.host && online.privateRoom && online.lobby.empty())
        return "--private-room needs a lobby (--lobby HOST[:PORT], or the Online menu's saved one): --host alone "
               "hosts no room";
    return run::fighterFlagProblem(online.fighter, ctx.dataDir, ctx.fighterIds);
}

/// The data folder (fonts, buttons.cfg, fighters) and the player's own files (controls, settings, cut recordings
/// adopted); false when the game cannot start (the message printed).
bool loadGameFiles(AppFlags& flags, Context& ctx, Bindings& bindings) {
    ctx.flags = &flags;
    ctx.stage = flags.stage;
    ctx.dataDir = resolveDataDir(flags);
    if (!hasFonts(ctx.dataDir)) {
        std::cerr << ctx.dataDir << ": not a data folder (no fonts/DejaVuSans.ttf); pass --data DIR\n";
        return false;
    }
    io::Error buttonsError;
    if (!sim::loadButtons(ctx.dataDir, buttonsError) ||  // before anything names a button: bindings, fighters, replays
        !checkTableKeys(sim::buttonTable(), ctx.dataDir + "/buttons.cfg", buttonsError).empty()) {
        std::cerr << buttonsError.text() << "\n";
        return false;
    }
    const io::UserDirs dirs = io::userDirs();
    if (!dirs.problem.empty())
        std::cerr << "game: " << dirs.problem
                  << ": settings, bindings and replays are not saved unless flags name files\n";
    const std::string ownControls = !flags.controlsFile.empty() ? flags.controlsFile
                                    : dirs.config.empty()       ? ""
                                                                : dirs.controlsFile();
    const UserPaths paths = userPaths(flags, dirs, ctx.dataDir, !ownControls.empty() && !nothingAt(ownControls));
    sayNewFile("--controls", flags.controlsFile,
               "the shipped key bindings apply until the Controls screen saves there");
    sayNewFile("--settings", flags.settingsFile, "the default settings apply until the game saves there");
    flags.replayDir = paths.replays;  // "" (nowhere) records nothing
    if (!flags.replayDir.empty()) {   // recordings a killed game left hidden: into the browser, said once (then gone)
        const std::string adopted = adoptedRecordingsText(flags.replayDir, adoptCutRecordings(flags.replayDir));
        if (!adopted.empty()) std::cerr << "game: " << adopted << "\n";
    }
    if (!loadControls(paths, ctx, bindings)) return false;
    loadSettings(paths, ctx);
    applySavedOnline(ctx.settings, flags.online);  // the Online menu's saved lobby and relay, unless flags gave them
    if (!loadFighters(ctx.dataDir, ctx)) return false;
    const std::string bad = onlineFlagProblem(flags.online, ctx);
    if (!bad.empty()) std::cerr << "game: " << bad << "\n" << usageText();
    return bad.empty();
}

}  // namespace

int runApp(int argc, char** argv) {
    AppFlags flags;
    std::string error;
    if (!parseFlags(argc, argv, flags, error)) {
        std::cerr << "game: " << error << "\n" << usageText();
        return 2;
    }
    if (flags.help) {
        std::cout << usageText();
        return 0;
    }
    Context ctx;
    Bindings bindings;
    if (!loadGameFiles(flags, ctx, bindings)) return 2;
    Resources res;
    const bool fixedRun = flags.fixedLength();
    if (!res.load(ctx.dataDir, !flags.mute && !flags.demo, error)) {
        std::cerr << error << "\n";
        return 2;
    }
    ScreenStack stack;
    res.sound.setVolume(ctx.settings.volume);
    ctx.res = &res;
    ctx.bindings = &bindings;
    ctx.stack = &stack;
    ctx.width = kWidth;
    ctx.height = kHeight;
    std::unique_ptr<Screen> first = firstScreen(ctx);
    if (!first || ctx.quit) return 2;
    stack.push(std::move(first));  // after anything firstScreen queued below it (--show pause: the fight)
    stack.applyPending();

    const std::string noDisplay = displayProblem();
    if (!noDisplay.empty()) {
        std::cerr << "game: " << noDisplay
                  << ": cannot open a window (use `game --headless --replay FILE` without one)\n";
        return 1;
    }
    Display display;
    display.live = !fixedRun;
    if (display.live) display.settings = ctx.settings;  // a fixed run: 1280 x 720, multisampling `auto`
    if (!display.open()) {
        std::cerr << "game: cannot open a window (is DISPLAY set? try `game --headless --replay FILE`)\n";
        return 1;
    }
    ctx.glRenderer = display.renderer;
    Input input;
    const int code = fixedRun ? runFixed(display, ctx, stack, input) : runLive(display, ctx, stack, input);
    // Close the screens now, not after returning: a screen that finishes a recording or saves a run as it closes
    // can still change the exit status when that write fails.
    while (!stack.empty()) {
        stack.pop();
        stack.applyPending();
    }
    return finalExitStatus(ctx, code);
}

}  // namespace app
