#pragma once
// Which picture fits the machine: a software GL renderer (Mesa's llvmpipe and softpipe, SwiftShader, Windows' GDI
// and Basic Render drivers) draws a frame with 4x multisampling in about 3.5x the CPU time it needs without
// (bench/RESULTS.md), so `msaa = auto` turns multisampling off there. The GL_RENDERER string is asked once by the app
// (askGlRenderer, renderer_probe.cpp: SFML) and judged here without SFML, so the tests judge the strings without a context.
#include "game/io/settings_file.h"

#include <string>

namespace app {

/// True when the GL_RENDERER string names a software rasterizer (case does not matter).
bool isSoftwareRenderer(const std::string& glRenderer);
/// Whether the window asks for 4x multisampling: the player's on/off, or for auto, on unless software.
bool msaaWanted(io::Msaa choice, const std::string& glRenderer);
/// The renderer's name as the Options screen shows it: the string up to its first " (" or ',' ("llvmpipe").
std::string rendererShortName(const std::string& glRenderer);
/// The GL_RENDERER string of a context like the window's ("" when there is none). Creates an SFML context, so it
/// needs a display; defined in renderer_probe.cpp, the one SFML file of the pair.
std::string askGlRenderer();

}  // namespace app
