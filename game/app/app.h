#pragma once
// The SFML application: window, screens (title, mode select, fight, training, Blaster, controls), drawing, sound.

namespace app {

/// Runs the windowed game with the command-line flags (everything except --headless); returns the exit code.
int runApp(int argc, char** argv);

}  // namespace app
