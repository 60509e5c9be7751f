#pragma once
// Key -> action -> button binding. Keys are read only here; screens see abstract actions, and the fight screen
// turns player actions into sim buttons, so what a replay records is buttons, never keys.
//
// The defaults live in data/controls.cfg (readable text, `p1.left = A`, several keys separated by commas,
// modifiers as `Ctrl+C`); defaultBindings() holds the same table so a game without the file still plays.
// A bad line is refused as `FILE:LINE: what`.
#include <SFML/Window/Event.hpp>
#include <SFML/Window/Keyboard.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace app {

/// Every bindable action. P1/P2 directions and attacks map to sim buttons; the rest drive the app.
enum Action : int {
    kP1Up, kP1Down, kP1Left, kP1Right, kP1Light, kP1Heavy, kP1Special, kP1Throw,
    kP2Up, kP2Down, kP2Left, kP2Right, kP2Light, kP2Heavy, kP2Special, kP2Throw,
    kStart, kPause, kBack, kOverlay, kNames, kFrameStep, kSlowMotion, kReset,
    kDummyNext, kDummyStand, kDummyCrouch, kDummyBlock, kDummyCrouchBlock, kDummyJump,
    kFire, kStruct1, kStruct2, kStruct3, kStruct4, kStruct5, kStruct6,
    kActionCount
};

/// A bit set of actions (bit i = Action i).
using ActionSet = std::uint64_t;
/// The bit of one action.
constexpr ActionSet bit(Action a) { return ActionSet(1) << a; }

/// A key plus the modifiers that must be held with it.
struct KeyChord {
    sf::Keyboard::Key key = sf::Keyboard::Unknown;  ///< the key
    bool ctrl = false;   ///< Ctrl must be held
    bool shift = false;  ///< Shift must be held
    bool alt = false;    ///< Alt must be held
};

/// The keys bound to each action.
struct Bindings {
    std::vector<KeyChord> keys[kActionCount];  ///< chords per action (any of them triggers it)
};

/// Short human description of an action, for the controls screen.
const char* actionLabel(Action a);
/// Name of a key as the config spells it ("A", "Num1", "F10", "Enter" ...); "?" when it has none.
std::string keyName(sf::Keyboard::Key key);
/// A chord as the config spells it ("Ctrl+C").
std::string chordName(const KeyChord& c);
/// All chords of an action joined with ", " (or "-" when unbound).
std::string bindingText(const Bindings& b, Action a);
/// The first chord of an action as the config spells it ("-" when unbound), for on-screen hints.
std::string firstKeyText(const Bindings& b, Action a);

/// The built-in defaults (the same as data/controls.cfg ships with).
Bindings defaultBindings();
/// Applies config text on top of `inout`; on a bad line returns false with error = `FILE:LINE: what`.
bool parseBindings(const std::string& text, const std::string& fileName, Bindings& inout, std::string& error);
/// Reads a config file on top of `inout`; a missing/unreadable file is an error too.
bool loadBindings(const std::string& path, Bindings& inout, std::string& error);

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
    bool down_[sf::Keyboard::KeyCount] = {};
    ActionSet pressed_ = 0;
};

}  // namespace app
