#pragma once
// Where fighter select writes its header lines (each side's picker, name and colours line above its move list;
// the stage line and the CPU level's or the ladder's two lines between the lists) and the dark plates under them.
// The night stage's sky is full of stars, and a bright star beside a thin letter reads as part of it, so every one
// of these lines sits on a plate. No drawing, so the tests check it without a window.
#include <vector>

namespace app {

/// A line of text: its top row, its font size, its centre x and the most width it may take.
struct SelectLine {
    float y = 0.f;
    unsigned size = 20;
    float x = 0.f, width = 0.f;
};

/// A dark plate: its top-left corner and size.
struct SelectPlate {
    float x = 0.f, y = 0.f, width = 0.f, height = 0.f;
};

constexpr float kSelectListTop = 232.f;            ///< the move lists' top edge
constexpr float kSelectListWidth = 400.f;          ///< each move list's width
constexpr float kSelectListMargin = 10.f;          ///< between a move list and the picture's side
constexpr float kSelectGapMargin = 430.f;          ///< the middle lines keep this far from the picture's sides
constexpr float kSelectHeaderTop = 176.f;          ///< the side plates' top: just under the title
constexpr SelectLine kSelectWho{190.f, 20};        ///< "P1", "P2", "CPU", "DUMMY" (left-aligned on the plate)
constexpr SelectLine kSelectName{175.f, 30};       ///< "<  Ryo  >"
constexpr SelectLine kSelectColours{214.f, 13};    ///< "colours 1   L: change"
constexpr SelectLine kSelectStage{196.f, 20};      ///< "STAGE  < Night >    O: change"
constexpr SelectLine kSelectLevel{236.f, 20};      ///< "CPU LEVEL 2    K: change", or the ladder's first line
constexpr SelectLine kSelectLevelText{262.f, 18};  ///< what that level does, or the ladder's second line

/// The left edge of side p's move list (0 left, 1 right) in a picture `width` wide.
inline float selectListX(int p, float width) {
    return p == 0 ? kSelectListMargin : width - kSelectListMargin - kSelectListWidth;
}

/// The lines between the move lists: the stage line when `stage`, the two level (or ladder) lines when `level`.
inline std::vector<SelectLine> selectMiddleLines(float width, bool stage, bool level) {
    std::vector<SelectLine> lines;
    const auto add = [&](SelectLine l) {
        l.x = width / 2.f, l.width = width - 2.f * kSelectGapMargin;
        lines.push_back(l);
    };
    if (stage) add(kSelectStage);
    if (level) add(kSelectLevel), add(kSelectLevelText);
    return lines;
}

/// The plates under those lines: one over each side's header, from under the title to its move list's top, and
/// one around the middle lines (none when there are none).
inline std::vector<SelectPlate> selectPlates(float width, bool stage, bool level) {
    std::vector<SelectPlate> plates;
    for (int p = 0; p < 2; ++p)
        plates.push_back(
            {selectListX(p, width), kSelectHeaderTop, kSelectListWidth, kSelectListTop - kSelectHeaderTop});
    const std::vector<SelectLine> middle = selectMiddleLines(width, stage, level);
    if (middle.empty()) return plates;
    const float top = middle.front().y - 4.f, bottom = middle.back().y + 1.4f * float(middle.back().size) + 6.f;
    const float w = width - 2.f * kSelectGapMargin + 20.f;
    plates.push_back({(width - w) / 2.f, top, w, bottom - top});
    return plates;
}

}  // namespace app
