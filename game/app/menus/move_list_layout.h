#pragma once
// Where a move list panel goes and how tall it is (no drawing, so the tests measure it without a window): the
// pause menu's list is taller than the screen and scrolls, the character select's compact one sits beside a fighter.
#include "game/view/move_list.h"

#include <algorithm>
#include <vector>

namespace app {

/// Where and how a list is drawn.
struct MoveListLayout {
    float x = 0.f, y = 0.f, width = 400.f;  ///< the panel's top-left corner and width
    bool details = true;                    ///< a second, smaller line of frame data under each move
    bool basics = true;                     ///< walk, jump and crouch too (a compact list leaves them out)
    float row = 30.f;                       ///< pixels per move (details add 14)
};

/// The moves a panel shows: all of them, or without walk, jump and crouch when `basics` is off.
inline std::vector<view::MoveEntry> shownMoves(const std::vector<view::MoveEntry>& all, const MoveListLayout& at) {
    std::vector<view::MoveEntry> list;
    for (const view::MoveEntry& e : all) {
        if (at.basics || (e.move != "walk" && e.move != "jump" && e.move != "crouch")) list.push_back(e);
    }
    return list;
}

/// One move's row: the layout's row, and the frame-data line under it when shown.
inline float moveRowHeight(const view::MoveEntry& e, const MoveListLayout& at) {
    return at.row + (at.details && !e.detail.empty() ? 14.f : 0.f);
}

/// The name line (and the facing note with the details) above the first section.
inline float moveListHead(const MoveListLayout& at) { return at.details ? 62.f : 36.f; }

/// The panel's height for the moves it shows (`shown`, from shownMoves): head, section titles and rows.
inline float moveListHeight(const std::vector<view::MoveEntry>& shown, const MoveListLayout& at) {
    float height = moveListHead(at) + 8.f;
    for (std::size_t i = 0; i < shown.size(); ++i) {
        height += moveRowHeight(shown[i], at) + (i == 0 || shown[i].group != shown[i - 1].group ? 18.f : 0.f);
    }
    return height;
}

/// The largest row height from `at.row` down to `smallest` (whole pixels) at which the panel's bottom stays above
/// `bottom`: a fighter with many moves gets a tighter list on character select instead of one that runs off the
/// screen. `smallest` when even that does not fit.
inline float rowToFit(const std::vector<view::MoveEntry>& shown, MoveListLayout at, float bottom, float smallest) {
    while (at.row > smallest && at.y + moveListHeight(shown, at) > bottom) at.row = std::max(smallest, at.row - 1.f);
    return at.row;
}

/// How far a panel whose top is at `top` must scroll up for its bottom to reach `bottom` (0 when it fits).
inline float moveListScrollLimit(float panelHeight, float top, float bottom) {
    return std::max(0.f, top + panelHeight - bottom);
}

}  // namespace app
