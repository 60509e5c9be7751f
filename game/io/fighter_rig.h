#pragma once
// The rig records of a fighter file (`bone`, `member NAME bones ...`, `pose`, and `key` inside an anim/move): the
// part of the fighter loader that reads skeletons. The format is documented at the top of fighter_file.cpp and in
// docs/formats.md; errors go through the fighter parser's LineParser, so they are `FILE:LINE: what` like the rest.
#include "game/io/text.h"
#include "game/sim/fighter_def.h"

#include <string>
#include <vector>

namespace sim {

/// Reads rig records into a FighterDef; every method returns false after recording the error on `parser`.
class RigReader {
public:
    explicit RigReader(io::LineParser& parser) : p_(parser) {}

    /// `bone NAME PARENT LENGTH RADIUS [start]` (before any member, pose and anim).
    bool bone(const std::vector<std::string>& t, FighterDef& def);
    /// `member NAME bones BONE...` (a rigged file's member form).
    bool member(const std::vector<std::string>& t, FighterDef& def);
    /// `pose NAME [like OTHER] [root X Y] [BONE DEGREES]...`.
    bool pose(const std::vector<std::string>& t, const FighterDef& def);
    /// `key FRAME POSE [hold|linear|in|out|inout]` inside anim/move `a`; remembers the line for keysFit.
    bool key(const std::vector<std::string>& t, const FighterDef& def, AnimDef& a);
    /// At an anim's `end`: a rigged fighter's anim has keys, all within 1..length (else the error names the line).
    bool keysFit(const FighterDef& def, AnimDef& a);
    /// At the end of a rigged file: every member's neutral box is its bones' box in the first frame of `stand`.
    void neutralBoxes(FighterDef& def) const;
    /// True once a pose or member has been read (no `bone` may follow).
    bool started() const { return started_; }

private:
    struct NamedPose {
        std::string name;
        Pose pose;
    };
    io::LineParser& p_;
    std::vector<NamedPose> poses_;
    std::vector<int> keyLines_;  // line of each key of the anim being read
    bool started_ = false;
};

}  // namespace sim
