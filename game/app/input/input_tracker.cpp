// The held/pressed tracker of the app's actions (keyboard and gamepads), and the chord a key or pad event makes.
#include "game/app/input/bindings.h"

#include <cmath>

namespace app {

using K = sf::Keyboard;

bool chordOfEvent(const sf::Event& e, int deadZone, KeyChord& out) {
    out = KeyChord{};
    if (e.type == sf::Event::KeyPressed && e.key.code >= 0 && e.key.code < sf::Keyboard::KeyCount &&
        keyName(e.key.code) != "?") {
        out.key = e.key.code;
        return true;
    }
    if (e.type == sf::Event::JoystickButtonPressed && e.joystickButton.joystickId < 8 && e.joystickButton.button < 32) {
        out.joy = int(e.joystickButton.joystickId);
        out.button = int(e.joystickButton.button);
        return true;
    }
    if (e.type == sf::Event::JoystickMoved && e.joystickMove.joystickId < 8 &&
        std::abs(e.joystickMove.position) > float(deadZone)) {
        out.joy = int(e.joystickMove.joystickId);
        out.axis = int(e.joystickMove.axis);
        out.sign = e.joystickMove.position > 0 ? 1 : -1;
        return true;
    }
    return false;
}

void InputTracker::pressChord(const KeyChord& c, const Bindings& b) {
    for (int a = 0; a < kActionCount; ++a) {
        for (const KeyChord& d : b.keys[a]) {
            if (d.joy == c.joy && d.button == c.button && d.axis == c.axis && d.sign == c.sign)
                pressed_ |= bit(Action(a));
        }
    }
}

void InputTracker::onJoystick(const sf::Event& e, const Bindings& b) {
    // Gamepads come and go (hot-plug): a disconnected pad lets go of everything; a new one needs nothing.
    if (e.type == sf::Event::JoystickDisconnected && e.joystickConnect.joystickId < unsigned(kPads)) {
        const unsigned j = e.joystickConnect.joystickId;
        for (bool& d : padButton_[j]) d = false;
        for (auto& axis : padAxis_[j]) axis[0] = axis[1] = false;
        return;
    }
    if ((e.type == sf::Event::JoystickButtonPressed || e.type == sf::Event::JoystickButtonReleased) &&
        e.joystickButton.joystickId < unsigned(kPads) && e.joystickButton.button < unsigned(kPadButtons)) {
        const bool press = e.type == sf::Event::JoystickButtonPressed;
        padButton_[e.joystickButton.joystickId][e.joystickButton.button] = press;
        KeyChord c;
        if (press && chordOfEvent(e, b.deadZone, c)) pressChord(c, b);
        return;
    }
    if (e.type == sf::Event::JoystickMoved && e.joystickMove.joystickId < unsigned(kPads) &&
        int(e.joystickMove.axis) < kPadAxes) {
        bool* side = padAxis_[e.joystickMove.joystickId][e.joystickMove.axis];
        const float pos = e.joystickMove.position, dz = float(b.deadZone);
        const bool now[2] = {pos<-dz, pos> dz};
        for (int s = 0; s < 2; ++s) {
            if (now[s] && !side[s]) {  // pushed past the dead zone: a press
                KeyChord c;
                c.joy = int(e.joystickMove.joystickId);
                c.axis = int(e.joystickMove.axis);
                c.sign = s == 0 ? -1 : 1;
                pressChord(c, b);
            }
            side[s] = now[s];
        }
    }
}

void InputTracker::onEvent(const sf::Event& e, const Bindings& b) {
    if (e.type == sf::Event::LostFocus) {
        for (bool& d : down_) d = false;
        return;
    }
    onJoystick(e, b);
    if (e.type != sf::Event::KeyPressed && e.type != sf::Event::KeyReleased) return;
    if (e.key.code < 0 || e.key.code >= sf::Keyboard::KeyCount) return;
    const bool press = e.type == sf::Event::KeyPressed;
    down_[e.key.code] = press;
    if (!press) return;
    for (int a = 0; a < kActionCount; ++a) {
        for (const KeyChord& c : b.keys[a]) {
            if (c.key == e.key.code && (!c.ctrl || e.key.control) && (!c.shift || e.key.shift) &&
                (!c.alt || e.key.alt)) {
                pressed_ |= bit(Action(a));
            }
        }
    }
}

bool InputTracker::chordHeld(const KeyChord& c) const {
    if (c.joy >= 0) {
        if (c.joy >= kPads) return false;
        if (c.button >= 0) return c.button < kPadButtons && padButton_[c.joy][c.button];
        return c.axis >= 0 && c.axis < kPadAxes && padAxis_[c.joy][c.axis][c.sign > 0 ? 1 : 0];
    }
    const auto either = [this](K::Key l, K::Key r) { return down_[l] || down_[r]; };
    return down_[c.key] && (!c.ctrl || either(K::LControl, K::RControl)) &&
           (!c.shift || either(K::LShift, K::RShift)) && (!c.alt || either(K::LAlt, K::RAlt));
}

ActionSet InputTracker::held(const Bindings& b) const {
    ActionSet s = 0;
    for (int a = 0; a < kActionCount; ++a) {
        for (const KeyChord& c : b.keys[a]) {
            if (chordHeld(c)) s |= bit(Action(a));
        }
    }
    return s;
}

ActionSet InputTracker::takePressed() {
    const ActionSet p = pressed_;
    pressed_ = 0;
    return p;
}

}  // namespace app
