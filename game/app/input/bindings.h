#pragma once
// Key -> action -> button binding. Keys are read only here; screens see abstract actions, and the fight screen
// turns player actions into sim buttons, so what a replay records is buttons, never keys.
//
// The defaults live in data/controls.cfg (readable text, `p1.left = A`, several keys separated by commas,
// modifiers as `Ctrl+C`); defaultBindings() holds the same table so a game without the file still plays.
// The file is read with the one text reader (io::readFile, io::Lines) and a bad line is refused as an io::Error,
// `FILE:LINE: what`, like every other file the game reads.
#include "game/io/text.h"
#include "game/sim/buttons.h"

#include <SFML/Window/Event.hpp>
#include <SFML/Window/Keyboard.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace app {

/// Every bindable action. P1/P2 directions and attacks map to sim buttons; the rest drive the app.
/// kP1Extra0.. / kP2Extra0.. are spare slots for the button table's rows beyond the ones named here (a button a data
/// folder adds, such as `kick`): slot i is the i-th such row in table order, named `p1.NAME` / `p2.NAME` after it.
/// A slot with no row is unused: no name, no keys, not on the Controls screen.
enum Action : int {
    kP1Up,
    kP1Down,
    kP1Left,
    kP1Right,
    kP1Light,
    kP1Heavy,
    kP1Special,
    kP1Throw,
    kP1Medium,
    kP2Up,
    kP2Down,
    kP2Left,
    kP2Right,
    kP2Light,
    kP2Heavy,
    kP2Special,
    kP2Throw,
    kP2Medium,
    kP1Extra0,
    kP1Extra1,
    kP1Extra2,
    kP1Extra3,
    kP2Extra0,
    kP2Extra1,
    kP2Extra2,
    kP2Extra3,
    kStart,
    kPause,
    kBack,
    kOverlay,
    kNames,
    kFrameStep,
    kSlowMotion,
    kReset,
    kDummyNext,
    kDummyStand,
    kDummyCrouch,
    kDummyBlock,
    kDummyCrouchBlock,
    kDummyJump,
    kPosition,
    kDummyRecord,
    kDummyCounter,
    kFire,
    kStruct1,
    kStruct2,
    kStruct3,
    kStruct4,
    kStruct5,
    kStruct6,
    kStruct7,
    kActionCount
};

/// A bit set of actions (bit i = Action i).
using ActionSet = std::uint64_t;
/// The bit of one action.
constexpr ActionSet bit(Action a) { return ActionSet(1) << a; }
static_assert(kActionCount <= 64, "an ActionSet holds every action");
/// Menu keys: a cursor moves on either player's stick; start or player 1's light confirms.
constexpr ActionSet kEitherUp = bit(kP1Up) | bit(kP2Up);
constexpr ActionSet kEitherDown = bit(kP1Down) | bit(kP2Down);
constexpr ActionSet kEitherLeft = bit(kP1Left) | bit(kP2Left);
constexpr ActionSet kEitherRight = bit(kP1Right) | bit(kP2Right);
constexpr ActionSet kStartOrLight = bit(kStart) | bit(kP1Light);

/// Spare action slots per player for the button table's extra rows (kP1Extra0..).
constexpr int kExtraSlots = kP2Extra0 - kP1Extra0;
/// The i-th row of the table that no fixed action names (up .. medium and start), in table order, or nullptr.
const sim::ButtonDef* extraButtonRow(const sim::ButtonTable& table, int i);
/// How many extra slots the table in force fills (0 .. kExtraSlots).
int extraSlotsInUse();
/// Player (0/1) and index of an extra slot action, or false for any other action.
bool extraSlotOf(Action a, int& player, int& index);
/// The config name of an action ("p1.light", "p2.kick"); "" for an unused extra slot.
std::string actionName(Action a);

/// A key plus the modifiers that must be held with it, or a gamepad input (joy >= 0): a button or one side of an
/// axis (the stick's X/Y, the d-pad's PovX/PovY), spelled `Joy0.Button2`, `Joy1.X-`, `Joy0.PovY+`.
struct KeyChord {
    sf::Keyboard::Key key = sf::Keyboard::Unknown;  ///< the key
    bool ctrl = false;                              ///< Ctrl must be held
    bool shift = false;                             ///< Shift must be held
    bool alt = false;                               ///< Alt must be held
    int joy = -1;                                   ///< gamepad index 0..7, or -1 for a key
    int button = -1;                                ///< gamepad button 0..31, or -1
    int axis = -1;                                  ///< gamepad axis (sf::Joystick::Axis), or -1
    int sign = 0;                                   ///< +1 or -1: the side of the axis
};

/// The keys bound to each action.
struct Bindings {
    std::vector<KeyChord> keys[kActionCount];  ///< chords per action (any of them triggers it)
    int deadZone = 30;  ///< percent of an axis' travel ignored around its centre (`deadzone = N` in the config)
};

/// Short human description of an action, for the controls screen.
std::string actionLabel(Action a);
/// Name of a key as the config spells it ("A", "Num1", "F10", "Enter" ...); "?" when it has none.
std::string keyName(sf::Keyboard::Key key);
/// A chord as the config spells it ("Ctrl+C").
std::string chordName(const KeyChord& c);
/// All chords of an action joined with ", " (or "-" when unbound).
std::string bindingText(const Bindings& b, Action a);
/// Key names as a screen shows them, so the two rows of digits do not read alike: the config's "Num1" (the digit
/// row) becomes "1" and "Numpad1" stays "Numpad1" ("Num1, Numpad1" -> "1, Numpad1", as the README names the keypad,
/// not "Pad1", which reads like a gamepad's); everything else is unchanged.
std::string shownKeys(const std::string& configText);
/// The first chord of an action as the config spells it ("-" when unbound), for on-screen hints.
std::string firstKeyText(const Bindings& b, Action a);
/// A button's keys for a hint: the first, and a second key of the keyboard when bound ("Numpad1/Comma": player 2's
/// keypad and its keys beside the right Shift, for a keyboard without a keypad; a pad's buttons are not named);
/// "-" when unbound.
std::string buttonKeysText(const Bindings& b, Action a);

/// The defaults (the same as data/controls.cfg ships with): the players' buttons and start from the button table in
/// force (sim::buttonTable(), its key columns: a button the table adds gets its keys with no code), the app's keys
/// built in. Load the data folder's table first (sim::loadButtons); the bare built-in table has no keys.
Bindings defaultBindings();
/// Checks that every key the button table names is a key this file knows, that its extra rows fit the spare
/// slots (at most kExtraSlots), and that its default keys and pad buttons drive no two fight actions (as
/// parseBindings checks a file's): "" when so, else the message (also in error, at the table's line). Install the
/// table first (sim::setButtonTable): the messages name the actions by it.
std::string checkTableKeys(const sim::ButtonTable& table, const std::string& fileName, io::Error& error);
/// Applies config text on top of `inout`; on a bad line returns false with error = {fileName, LINE, what}.
bool parseBindings(const std::string& text, const std::string& fileName, Bindings& inout, io::Error& error);
/// Reads a config file on top of `inout`; a missing/unreadable file is an error too (io::readFile's).
bool loadBindings(const std::string& path, Bindings& inout, io::Error& error);
/// Adds the default gamepad layout when no binding names a gamepad: Joy0 drives P1 and Joy1 P2, stick and d-pad for
/// directions, buttons from the button table's PAD column (shipped: 0-3 = light, heavy, special, throw: A B X Y on
/// an Xbox-style pad, 4 = medium: LB; Joy0's button 7 start).
void addDefaultPads(Bindings& b);
/// The config text of a set of bindings (the dead zone and one `ACTION = KEYS` line per action).
std::string bindingsText(const Bindings& b);
/// The config text `old` (as written: io::readFileAsWritten) changed only where it reads otherwise than b (read as
/// the game reads it, the default pads included): such a line (`ACTION = ...`, `deadzone = ...`) takes b's value, keeping
/// its text up to `=` and its comment, an action no line names is appended, and every other line, a byte order mark
/// and the line ends stay as written. Falls back to bindingsText(b) when the result would not read back to b.
std::string bindingsTextKeeping(const std::string& old, const Bindings& b);
/// Writes b to path (creating its folder), keeping the existing file's comments and layout (bindingsTextKeeping),
/// for a new file those of `basis` when given (the shipped controls.cfg), else bindingsText; false with error = `PATH: cannot write: REASON` when it fails, the old file then as it was (written
/// as an io::AtomicFile: a temporary file beside it, renamed over it once complete). A file at path that does not
/// read (a hand edit half done) is not written over: false with error = `PATH:LINE: what; mend that line to save`
/// (or `PATH: REASON; not saved over it` when it cannot be read at all).
bool saveBindings(const std::string& path, const Bindings& b, std::string& error, const std::string& basis = "");
/// Three-way merge of bindings, action by action: an action `mine` left as it was in `base` (what this window read
/// or last saved) takes `disk`'s keys (what another window or a hand edit saved since), an action mine changed
/// keeps mine's; the dead zone alike. When the result would drive two fight actions with one key, mine whole.
Bindings mergeBindings(const Bindings& base, const Bindings& mine, const Bindings& disk);
/// Saves `mine` without undoing another window's save or a hand edit: reads path again (as the game does at start;
/// a missing file counts as `base`), writes mergeBindings(base, mine, that) with saveBindings and returns it in
/// `saved`. False with error as saveBindings (a file that does not read is left as it was).
bool saveBindingsMerging(const std::string& path, const Bindings& base, const Bindings& mine, Bindings& saved,
                         std::string& error, const std::string& basis = "");
/// Makes `c` action a's input in place of its keys (for a key) or its pad inputs (for a pad input), unless it would
/// drive two fight actions (the config file's rule): "" on success, else a message for the Controls screen naming
/// the action as the screen does ("key K already drives P1 heavy") and b unchanged.
std::string rebind(Bindings& b, Action a, const KeyChord& c);
/// The input an event would bind: a key press, a gamepad button press, or an axis pushed past the dead zone.
bool chordOfEvent(const sf::Event& e, int deadZone, KeyChord& out);

/// Tracks held keys from window events and turns them into held and newly pressed actions.
class InputTracker {
public:
    /// Feeds one window event (key press/release, focus loss).
    void onEvent(const sf::Event& e, const Bindings& b);
    /// Actions held now.
    ActionSet held(const Bindings& b) const;
    /// Actions pressed since the last takePressed(), then clears them.
    ActionSet takePressed();

private:
    bool chordHeld(const KeyChord& c) const;
    void onJoystick(const sf::Event& e, const Bindings& b);
    void pressChord(const KeyChord& c, const Bindings& b);
    static constexpr int kPads = 8, kPadButtons = 32, kPadAxes = 8;
    bool down_[sf::Keyboard::KeyCount] = {};
    bool padButton_[kPads][kPadButtons] = {};
    bool padAxis_[kPads][kPadAxes][2] = {};  // [pad][axis][0: negative side, 1: positive side] past the dead zone
    ActionSet pressed_ = 0;
};

}  // namespace app
