#pragma once
// The Options screen's rows without the screen: each row's label, the value it shows and what left / right do to
// the settings. No SFML, so the app tests step through every row without a window.
#include "game/io/settings_file.h"

#include <string>

namespace app {

/// The rows of the Options screen, top to bottom (the welcome page shows only the two styles and Done).
enum class OptionRow { P1Style, P2Style, Volume, Window, Fullscreen, FrameCap, Msaa, Done, kCount };

/// The row's label ("P1 specials", "Volume" ...).
const char* optionLabel(OptionRow row);
/// The value the row shows for s ("motion (quarter circle + special)", "80%", "1280 x 720", "off (vsync)" ...).
/// glRenderer (the GL_RENDERER string, "" = not known) says what `auto` multisampling chose and why.
std::string optionValue(const io::Settings& s, OptionRow row, const std::string& glRenderer = "");
/// Steps the row's value one choice left (dir < 0) or right (dir > 0), wrapping around; true when a value changed.
/// A window size or frame cap not on the list (set in the file) steps to the nearest listed one that way.
/// The window sizes offered are those that fit a desktop of deskW x deskH (0 = not known: all of them; the
/// smallest is always offered).
bool stepOption(io::Settings& s, OptionRow row, int dir, int deskW = 0, int deskH = 0);
/// The title's line when nothing will be heard ("" when sound plays): asked off (--mute, a demo), no working audio
/// device, or volume 0.
std::string soundOffLine(bool askedOff, bool audioWorks, int volume);
/// True for the rows whose change needs the window opened again (size, fullscreen, frame cap, multisampling).
bool changesWindow(OptionRow row);

}  // namespace app
