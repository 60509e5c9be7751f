#include "game/app/renderer_check.h"

#include <algorithm>
#include <cctype>

namespace app {

bool isSoftwareRenderer(const std::string& glRenderer) {
    std::string lower = glRenderer;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    static const char* const kSoftware[] = {
        "llvmpipe", "softpipe", "swrast", "swiftshader", "software rasterizer", "gdi generic", "basic render driver"};
    for (const char* name : kSoftware) {
        if (lower.find(name) != std::string::npos) return true;
    }
    return false;
}

bool msaaWanted(io::Msaa choice, const std::string& glRenderer) {
    if (choice == io::Msaa::Auto) return !isSoftwareRenderer(glRenderer);
    return choice == io::Msaa::On;
}

std::string rendererShortName(const std::string& glRenderer) {
    const std::size_t end = std::min(glRenderer.find(" ("), glRenderer.find(','));
    std::string name = glRenderer.substr(0, std::min(end, std::size_t(24)));
    while (!name.empty() && name.back() == ' ') name.pop_back();
    return name;
}

}  // namespace app
