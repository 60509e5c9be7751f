// The Options screen's rows (see options_model.h).
#include "game/app/menus/options_model.h"

#include "game/app/renderer_check.h"

#include <algorithm>
#include <vector>

namespace app {
namespace {

struct Size {
    int w, h;
};
const std::vector<Size> kSizes = {{960, 540}, {1280, 720}, {1600, 900}, {1920, 1080}, {2560, 1440}};
const std::vector<int> kCaps = {0, 30, 60, 120, 144};

/// The listed sizes that fit the desktop (all when it is not known), at least the smallest.
std::vector<Size> sizesFitting(int deskW, int deskH) {
    std::vector<Size> out;
    for (const Size& z : kSizes) {
        if (deskW <= 0 || deskH <= 0 || (z.w <= deskW && z.h <= deskH)) out.push_back(z);
    }
    if (out.empty()) out.push_back(kSizes.front());
    return out;
}

/// Index of the next (dir > 0) or previous entry of a sorted list from value, wrapping; `key` orders entries.
template <class T, class Key>
std::size_t stepIn(const std::vector<T>& list, long value, int dir, Key key) {
    const long n = long(list.size());
    if (dir > 0) {
        for (long i = 0; i < n; ++i) {
            if (key(list[std::size_t(i)]) > value) return std::size_t(i);
        }
        return 0;
    }
    for (long i = n - 1; i >= 0; --i) {
        if (key(list[std::size_t(i)]) < value) return std::size_t(i);
    }
    return std::size_t(n - 1);
}

/// Right steps auto -> off -> on -> auto (off first: the choice a player makes on a machine without a GPU).
io::Msaa nextMsaa(io::Msaa m, int dir) {
    const io::Msaa order[] = {io::Msaa::Auto, io::Msaa::Off, io::Msaa::On};
    int i = 0;
    while (order[i] != m) ++i;
    return order[(i + (dir > 0 ? 1 : 2)) % 3];
}

std::string msaaText(io::Msaa m, const std::string& glRenderer) {
    if (m == io::Msaa::On) return "on (4x)";
    if (m == io::Msaa::Off) return "off (faster without a GPU)";
    if (glRenderer.empty()) return "auto (on unless software)";
    if (isSoftwareRenderer(glRenderer)) return "auto: off (software: " + rendererShortName(glRenderer) + ")";
    return "auto: on (4x)";
}

const char* styleText(sim::InputStyle s) {
    return s == sim::InputStyle::Simple ? "simple (special button alone)" : "motion (quarter circle + special)";
}

}  // namespace

const char* optionLabel(OptionRow row) {
    switch (row) {
    case OptionRow::P1Style: return "P1 specials";
    case OptionRow::P2Style: return "P2 specials";
    case OptionRow::Volume: return "Volume";
    case OptionRow::Window: return "Window size";
    case OptionRow::Fullscreen: return "Fullscreen";
    case OptionRow::FrameCap: return "Frame-rate cap";
    case OptionRow::Msaa: return "Smooth edges (MSAA)";
    case OptionRow::Done: return "Done";
    case OptionRow::kCount: break;
    }
    return "";
}

std::string optionValue(const io::Settings& s, OptionRow row, const std::string& glRenderer) {
    switch (row) {
    case OptionRow::P1Style: return styleText(s.style[0]);
    case OptionRow::P2Style: return styleText(s.style[1]);
    case OptionRow::Volume: return s.volume == 0 ? "off" : std::to_string(s.volume) + "%";
    case OptionRow::Window: return std::to_string(s.width) + " x " + std::to_string(s.height);
    case OptionRow::Fullscreen: return s.fullscreen ? "on" : "off";
    case OptionRow::FrameCap: return s.frameCap == 0 ? "off (vsync)" : std::to_string(s.frameCap) + " per second";
    case OptionRow::Msaa: return msaaText(s.msaa, glRenderer);
    case OptionRow::Done:
    case OptionRow::kCount: break;
    }
    return "";
}

bool stepOption(io::Settings& s, OptionRow row, int dir, int deskW, int deskH) {
    if (dir == 0) return false;
    const io::Settings before = s;
    switch (row) {
    case OptionRow::P1Style:
    case OptionRow::P2Style: {
        sim::InputStyle& st = s.style[row == OptionRow::P1Style ? 0 : 1];
        st = st == sim::InputStyle::Motion ? sim::InputStyle::Simple : sim::InputStyle::Motion;
        break;
    }
    case OptionRow::Volume:
        if (dir > 0) s.volume = s.volume >= 100 ? 0 : std::min(100, (s.volume / 10 + 1) * 10);
        else s.volume = s.volume <= 0 ? 100 : (s.volume - 1) / 10 * 10;
        break;
    case OptionRow::Window: {
        const std::vector<Size> sizes = sizesFitting(deskW, deskH);
        const Size& next = sizes[stepIn(sizes, long(s.width) * 100000 + s.height, dir,
                                        [](const Size& z) { return long(z.w) * 100000 + z.h; })];
        s.width = next.w, s.height = next.h;
        break;
    }
    case OptionRow::Fullscreen: s.fullscreen = !s.fullscreen; break;
    case OptionRow::FrameCap: s.frameCap = kCaps[stepIn(kCaps, s.frameCap, dir, [](int c) { return long(c); })]; break;
    case OptionRow::Msaa: s.msaa = nextMsaa(s.msaa, dir); break;
    case OptionRow::Done:
    case OptionRow::kCount: break;
    }
    return s != before;
}

std::string soundOffLine(bool askedOff, bool audioWorks, int volume) {
    if (askedOff) return "Sound is off (--mute)";
    if (!audioWorks) return "Sound is off: no working audio device was found";
    if (volume == 0) return "Sound is off: volume 0 (Options)";
    return "";
}

bool changesWindow(OptionRow row) {
    return row == OptionRow::Window || row == OptionRow::Fullscreen || row == OptionRow::FrameCap ||
           row == OptionRow::Msaa;
}

}  // namespace app
