#pragma once
// The Online menu's remembered lines without the menu: the lobby's address and the TURN relay (server, user,
// password) go between the saved settings (settings.cfg) and the online flags. No SFML, so the app tests check
// the precedence, the menu's relay rule and its room-code lines without a window.
#include "game/app/online/online_flags.h"
#include "game/io/settings_file.h"

#include <string>

namespace app {

/// Fills what the command line left out from the saved settings: the lobby when --lobby was not given, the relay
/// (all three) when none of --turn, --turn-user, --turn-password-file (or its variable) was. Flags win for the run.
void applySavedOnline(const io::Settings& saved, OnlineFlags& flags);

/// The menu's relay lines checked: "" when they can be used (all three empty, or a HOST[:PORT] with a user and a
/// password), else what is wrong, for the hint line.
std::string relayProblem(const run::RelayFlags& relay);

/// Puts the menu's lobby and relay into settings (the relay only when relayProblem() is ""; a half-filled one is
/// neither used nor saved). True when the settings changed (they need saving).
bool rememberOnline(io::Settings& settings, const std::string& lobby, const run::RelayFlags& relay);

/// What a text line of the Online screens holds, for what may be typed into it.
enum class FieldKind : std::uint8_t {
    Address,     ///< HOST[:PORT]: letters, digits, '.', ':', '-'
    RoomCode,    ///< a room code: letters and digits, upper-cased, net::kCodeLength at most
    FriendCode,  ///< a friend's code (a fingerprint): hex digits and '-', lower-cased, 19 at most
    Credential,  ///< a relay user or password: printable ASCII but space and '#' (what settings.cfg can hold)
};
/// Types one character (8 = backspace) into a line of that kind; characters it may not hold are ignored.
void typeInto(std::string& line, std::uint32_t unicode, FieldKind kind);

/// A room-code line of the Online menu (Join / Watch by code). Room codes use every letter, W and S too, so the
/// line takes letters only while open: the menu's confirm (Enter or J) opens it, then Enter goes and Esc closes it,
/// the code kept. Closed, it is a row like the others, passed over by W/S.
class CodeLine {
public:
    /// What a tick's presses did on the line.
    enum class Does : std::uint8_t { Nothing, Open, Go, Close };
    /// One tick's presses on the line: `confirm` (the menu's confirm: Enter or J), `enter` (Enter alone: while the
    /// line is open J is a letter of the code), `back` (Esc; closed, it is the menu's).
    Does press(bool confirm, bool enter, bool back) {
        if (!open_) return confirm ? (open_ = true, Does::Open) : Does::Nothing;
        if (enter) return open_ = false, Does::Go;
        if (back) return open_ = false, Does::Close;
        return Does::Nothing;
    }
    /// Types one character (8 = backspace) into `code` while the line is open; closed, it types nothing.
    void type(std::string& code, std::uint32_t unicode) const {
        if (open_) typeInto(code, unicode, FieldKind::RoomCode);
    }
    /// True while letters go into the code.
    bool open() const { return open_; }
    /// Closes the line (the cursor left it).
    void close() { open_ = false; }

private:
    bool open_ = false;
};

}  // namespace app
