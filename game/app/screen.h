#pragma once
// Screens in a stack (title, menus, fight, Blaster, pause, controls). Only the top screen gets input; screens may
// let the ones below them show through (the pause menu over the fight). Requests to push, pop or replace screens
// are queued and applied after the tick, so no screen is destroyed while its own code runs.
//
// Every screen ticks at the fixed 60 Hz rate with the actions of that tick; drawing reads state and changes none
// that a simulation reads.
#include "game/app/input/bindings.h"
#include "game/app/flags.h"
#include "game/app/resources.h"
#include "game/io/settings_file.h"
#include "game/net/identity.h"
#include "game/sim/fight.h"

#include <SFML/Graphics/RenderTarget.hpp>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace app {

/// The actions of one 60 Hz tick.
struct Tick {
    ActionSet held = 0;     ///< held now
    ActionSet pressed = 0;  ///< newly pressed since the previous tick
    /// True when action a was pressed this tick.
    bool pressedAny(ActionSet s) const { return (pressed & s) != 0; }
};

class ScreenStack;

/// What every screen may use: settings, resources, bindings, the screen stack, the window size.
struct Context {
    AppFlags* flags = nullptr;              ///< command-line settings
    std::string dataDir;                    ///< resolved data folder
    Resources* res = nullptr;               ///< fonts and sounds
    Bindings* bindings = nullptr;           ///< key bindings
    ScreenStack* stack = nullptr;           ///< the screen stack
    std::vector<sim::FighterDef> fighters;  ///< every fighter in dataDir/fighters, sorted by file name
    std::vector<std::string> fighterIds;    ///< fighterIds[i]: the file name of fighters[i] without `.fighter`
    unsigned width = 1280;                  ///< window width in pixels
    unsigned height = 720;                  ///< window height in pixels
    KeyChord lastInput;           ///< the last bindable input (key, pad button, pad axis) seen by the event loop
    bool hasLastInput = false;    ///< true until a screen takes lastInput (the Controls screen's rebinding)
    bool quit = false;            ///< set to close the app
    int exitCode = 0;             ///< process exit code when quitting
    std::string writeFailure;     ///< the last write that failed (shown at the bottom of every screen), or ""
    io::Settings settings;        ///< the Options screen's choices (settings.cfg, else the defaults)
    io::Settings settingsRead;    ///< settings.cfg as this run last read or wrote it (the base a save merges from)
    std::string settingsPath;     ///< where settings are saved ("" = nowhere: no usable HOME)
    std::string settingsProblem;  ///< why settings.cfg was not used (`FILE:LINE: what`), shown until saved, or ""
    bool badFileSaid = false;     ///< a bad file was said (reportBadFile): exit status 2 unless another is set
    bool runFailed = false;       ///< --replay FILE failed a checkpoint or an expectation: exit status 1
    bool identityLoaded = false;  ///< playerIdentity has loaded (or made) the identity of this run
    net::Identity identity;       ///< this installation's identity, once loaded (playerIdentity)
    std::string identityProblem;  ///< why identity is a key for this run only (identity.key unusable), or ""
    bool firstStart = false;      ///< no settings file yet: the title offers the input style first
    std::string controlsPath;     ///< where the Controls screen saves ("" = nowhere)
    std::string controlsBasis;    ///< the file a first save keeps the comments of (the shipped controls.cfg)
    Bindings controlsRead;        ///< the bindings as this run last read or saved them (the base a save merges from)
    bool displayChanged = false;  ///< the window settings changed: the loop reopens the window
    std::string glRenderer;       ///< GL_RENDERER of the window ("" = not known): what `msaa = auto` chose
    int lastPick[2] = {-1, -1};   ///< the fighters (indices into fighters) last picked on fighter select
    int lastCpuLevel = 0;         ///< the CPU level last picked there (0 = none yet)
    int lastOnlineItem = 0;       ///< the Online menu's item last chosen (its cursor comes back there)
    bool altColor[2] = {false, false};  ///< each player's colours chosen on fighter select (drawn only: wearsAltColors)
    int stage = 0;                      ///< the stage the next fight is drawn on (view::kStageDusk, kStageNight)

    /// Player p's input style in live matches: simple for both with --simple, else the settings'.
    sim::InputStyle style(int p) const { return flags->simple ? sim::InputStyle::Simple : settings.style[p]; }

    /// The fighter loaded from dataDir/fighters/ID.fighter (as the headless runner finds it), or nullptr.
    const sim::FighterDef* fighter(const std::string& id) const {
        for (std::size_t i = 0; i < fighterIds.size(); ++i) {
            if (fighterIds[i] == id) return &fighters[i];
        }
        return nullptr;
    }
};

/// Says a failed write (a recording, a saved setting, a screenshot: `PATH: cannot write: REASON ...`) at once: on
/// stderr, on screen (a red line under every screen until the app closes) and in the exit status (1, unless a
/// code is already set).
void reportWriteFailure(Context& ctx, const std::string& error);
/// Says a bad file the game reads but can do without (identity.key, trials.cfg: `FILE:LINE: what ...`) on stderr;
/// the game goes on, and exits with status 2 unless another status is set, as with a bad settings.cfg.
void reportBadFile(Context& ctx, const std::string& error);
/// The window's exit status once its loop ended with loopCode: loopCode or the one a failed write set (1) when
/// either is set, else 1 when the --replay FILE run failed a check (runFailed, as game_headless), else 2 when a bad
/// file was said (a settings.cfg no save replaced, reportBadFile), else 0.
int finalExitStatus(const Context& ctx, int loopCode);
/// Saves ctx.settings to ctx.settingsPath, merged key by key with what another process saved since this one read
/// the file (io::saveSettingsMerging; ctx.settings then holds the merge); reportWriteFailure on failure; a good save clears settingsProblem and
/// the exit status a bad settings file set. False when it failed or there is nowhere to save.
bool saveSettings(Context& ctx);
/// A path as the screens show it: the home folder as `~`.
std::string shownPath(const std::string& path);

/// One screen.
class Screen {
public:
    virtual ~Screen() = default;
    /// Advances one 60 Hz tick with its input.
    virtual void tick(const Tick& in) = 0;
    /// Draws the screen.
    virtual void draw(sf::RenderTarget& target) = 0;
    /// True when the screen below should be drawn first (overlays such as the pause menu).
    virtual bool transparent() const { return false; }
    /// A character typed (the window's TextEntered; 8 = backspace). Only text fields care.
    virtual void text(std::uint32_t /*unicode*/) {}
};

/// The stack of screens with deferred changes.
class ScreenStack {
public:
    /// Queues a push.
    void push(std::unique_ptr<Screen> s);
    /// Queues a pop of the top screen.
    void pop();
    /// Queues removing every screen, then pushing s.
    void replaceAll(std::unique_ptr<Screen> s);
    /// Applies the queued changes (call after the tick).
    void applyPending();
    /// Ticks the top screen.
    void tick(const Tick& in);
    /// Hands a typed character to the top screen.
    void text(std::uint32_t unicode);
    /// Draws from the lowest visible screen up.
    void draw(sf::RenderTarget& target);
    /// True when no screen is left.
    bool empty() const { return screens_.empty(); }
    /// How many screens are stacked.
    std::size_t size() const { return screens_.size(); }
    /// The top screen (nullptr when empty).
    Screen* top() const { return screens_.empty() ? nullptr : screens_.back().get(); }

private:
    struct Change {
        enum Kind { Push, Pop, Clear } kind;
        std::unique_ptr<Screen> screen;
    };
    std::vector<std::unique_ptr<Screen>> screens_;
    std::vector<Change> pending_;
};

class FightScreen;
class ArcadeLadder;

/// A seed for a match played from the menus: --seed when given, else from the clock (recorded in the replay).
std::uint64_t freshSeed(const Context& ctx);
/// Starts the arcade run's current stage: its match replaces every screen (arcade_screen.cpp).
void startArcadeStage(Context& ctx, const std::shared_ptr<ArcadeLadder>& run);
/// The panel over a finished arcade match (`end`: its last state; won when player 1 is its winner): next stage,
/// continue countdown, or the clear. It stands over the loser's half, the fight not dimmed, as the match-over menu.
std::unique_ptr<Screen> makeArcadeResult(Context& ctx, std::shared_ptr<ArcadeLadder> run, const sim::FightState& end);
/// The arcade's fighter select: P1 picks, the ladder is every fighter in file order.
std::unique_ptr<Screen> makeArcadeSelect(Context& ctx);

/// The title screen.
std::unique_ptr<Screen> makeTitle(Context& ctx);
/// Mode select: versus player, versus CPU, training, Blaster, controls, quit.
std::unique_ptr<Screen> makeModeSelect(Context& ctx, const std::string& at = "");  ///< `at`: the item to start on
/// Fighter select for a fight mode.
std::unique_ptr<Screen> makeFighterSelect(Context& ctx, sim::Mode mode);
/// The controls screen (current bindings).
std::unique_ptr<Screen> makeControls(Context& ctx);
/// The replay browser: the recorded matches (date, fighters, winner, length), each playable (replay_browser.cpp).
std::unique_ptr<Screen> makeReplayBrowser(Context& ctx);
/// The Options screen (input styles, volume, window, frame cap, multisampling); with `welcome`, the first-start
/// page that offers the input styles and then opens mode select (options_screen.cpp).
std::unique_ptr<Screen> makeOptions(Context& ctx, bool welcome);
/// Online: your fighter, host, or join an address (online.cpp).
std::unique_ptr<Screen> makeOnlineMenu(Context& ctx);
/// Online: waits for the opponent, then starts the online fight (online.cpp).
enum class LinkMode : std::uint8_t;
std::unique_ptr<Screen> makeOnlineLobby(Context& ctx, LinkMode mode, const std::string& text);
/// The tutorial: the lessons in DATA/tutorial, played in order (tutorial_source.cpp); nullptr, with the error
/// printed and ctx.quit set, when a lesson does not load.
std::unique_ptr<Screen> makeTutorial(Context& ctx);
/// The pause menu's training page: the training settings of `fight` (training_page.cpp).
std::unique_ptr<Screen> makeTrainingPage(Context& ctx, FightScreen& fight);
/// The pause menu over a fight.
std::unique_ptr<Screen> makePause(Context& ctx, FightScreen& fight);
/// The pause menu's bug report: a note typed by the player, saved with the match so far as a replay (a paced live
/// fight; other sources say they cannot).
std::unique_ptr<Screen> makeBugReport(Context& ctx, const FightScreen& fight);
/// The menu over a finished match: rematch, character select (for `mode`), title; `result` is its heading.
std::unique_ptr<Screen> makeMatchOver(Context& ctx, FightScreen& fight, const std::string& result, sim::Mode mode);
/// The Blaster (nullptr, with the error printed and ctx.quit set, when data/blaster.cfg is bad).
std::unique_ptr<Screen> makeBlaster(Context& ctx, bool autopilot);
/// A Blaster script (text, read once from path) played in the window (nullptr, with `FILE:LINE: what` printed,
/// when it does not parse).
std::unique_ptr<Screen> makeBlasterScript(Context& ctx, const std::string& path, const std::string& text);

}  // namespace app
