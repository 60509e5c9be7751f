// askGlRenderer (renderer_check.h): the one part of the renderer check that needs SFML and a display.
#include "game/app/renderer_check.h"

#include <SFML/OpenGL.hpp>
#include <SFML/Window/Context.hpp>

namespace app {

/// Asked through SFML's function lookup, so the app links no GL library of its own.
std::string askGlRenderer() {
    sf::Context probe;
    using GetString = const unsigned char* (*)(unsigned int);
    const auto getString = reinterpret_cast<GetString>(sf::Context::getFunction("glGetString"));
    if (getString == nullptr) return "";
    const unsigned char* name = getString(GL_RENDERER);
    return name == nullptr ? "" : reinterpret_cast<const char*>(name);
}

}  // namespace app
