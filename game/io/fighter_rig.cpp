// The rig records of a fighter file (see fighter_rig.h; the format is at the top of fighter_file.cpp).
#include "game/io/fighter_rig.h"

namespace sim {

namespace {

constexpr int kMaxBoneLength = 400;
constexpr int kMaxBoneRadius = 100;
constexpr int kMaxDegrees = 720;
constexpr int kMaxRoot = 1000;

}  // namespace

bool RigReader::bone(const std::vector<std::string>& t, FighterDef& def) {
    if (t.size() != 5 && t.size() != 6) return p_.fail("expected `bone NAME PARENT LENGTH RADIUS [start]`");
    if (started_ || !def.members.empty() || !def.anims.empty()) {
        return p_.fail("`bone` records must come before the members, poses and anims");
    }
    SkeletonDef& sk = def.skeleton;
    if (t[1] == "-") return p_.fail("`-` is the root's parent, not a bone name");
    if (sk.bone(t[1]) >= 0) return p_.fail("bone " + io::quote(t[1]) + " declared twice");
    if (int(sk.bones.size()) >= kMaxBones) return p_.fail("more than " + std::to_string(kMaxBones) + " bones");
    if (const std::string why = io::badName("the bone name", t[1]); !why.empty()) return p_.fail(why);
    BoneDef b;
    b.name = t[1];
    if (t[2] != "-") {
        b.parent = sk.bone(t[2]);
        if (b.parent < 0)
            return p_.fail("unknown parent bone " + io::quote(t[2]) + " (declare it earlier, or `-` for the root)");
    }
    if (!p_.toInt(t[3], 0, kMaxBoneLength, b.length) || !p_.toInt(t[4], 1, kMaxBoneRadius, b.radius)) return false;
    if (t.size() == 6) {
        if (t[5] != "start") return p_.fail("expected `start` or nothing after the radius, not " + io::quote(t[5]));
        if (b.parent < 0) return p_.fail("the root bone hangs from nothing: `start` needs a parent");
        b.fromStart = true;
    }
    sk.bones.push_back(b);
    return true;
}

bool RigReader::member(const std::vector<std::string>& t, FighterDef& def) {
    if (t.size() < 4) return p_.fail("expected `member NAME bones BONE...`");
    if (!def.rigged()) return p_.fail("`member NAME bones ...` needs `bone` records before it");
    std::vector<int> bones;
    for (std::size_t i = 3; i < t.size(); ++i) {
        const int b = def.skeleton.bone(t[i]);
        if (b < 0) return p_.fail("unknown bone " + io::quote(t[i]) + " in member " + io::quote(t[1]));
        for (int seen : bones) {
            if (seen == b) return p_.fail("bone " + io::quote(t[i]) + " named twice in member " + io::quote(t[1]));
        }
        bones.push_back(b);
    }
    def.skeleton.memberBones.push_back(bones);
    started_ = true;
    return true;
}

bool RigReader::pose(const std::vector<std::string>& t, const FighterDef& def) {
    if (t.size() < 2) return p_.fail("expected `pose NAME [like OTHER] [root X Y] [BONE DEGREES]...`");
    if (!def.rigged()) return p_.fail("`pose` needs `bone` records before it");
    for (const NamedPose& np : poses_) {
        if (np.name == t[1]) return p_.fail("pose " + io::quote(t[1]) + " declared twice");
    }
    if (const std::string why = io::badName("the pose name", t[1]); !why.empty()) return p_.fail(why);
    NamedPose np;
    np.name = t[1];
    std::size_t at = 2;
    if (at < t.size() && t[at] == "like") {
        if (at + 1 >= t.size()) return p_.fail("expected `like OTHER`");
        bool found = false;
        for (const NamedPose& other : poses_) {
            if (other.name == t[at + 1]) {
                np.pose = other.pose;
                found = true;
            }
        }
        if (!found) return p_.fail("unknown pose " + io::quote(t[at + 1]) + " after `like` (declare it earlier)");
        at += 2;
    }
    if (at < t.size() && t[at] == "root") {
        if (at + 2 >= t.size()) return p_.fail("expected `root X Y`");
        if (!p_.toInt(t[at + 1], -kMaxRoot, kMaxRoot, np.pose.rootX) ||
            !p_.toInt(t[at + 2], -kMaxRoot, kMaxRoot, np.pose.rootY)) {
            return false;
        }
        at += 3;
    }
    std::vector<bool> named(def.skeleton.bones.size(),
                            false);  // a bone given twice would silently take the later angle
    for (; at < t.size(); at += 2) {
        const int b = def.skeleton.bone(t[at]);
        if (b < 0) {
            if (t[at] == "root" || t[at] == "like") return p_.fail("`like` and `root` come first, in that order");
            return p_.fail("unknown bone " + io::quote(t[at]) + " in pose " + io::quote(t[1]));
        }
        if (named[std::size_t(b)])
            return p_.fail("bone " + io::quote(t[at]) + " named twice in pose " + io::quote(t[1]));
        named[std::size_t(b)] = true;
        if (at + 1 >= t.size()) return p_.fail("bone " + io::quote(t[at]) + " needs an angle in degrees");
        int degrees = 0;
        if (!p_.toInt(t[at + 1], -kMaxDegrees, kMaxDegrees, degrees)) return false;
        np.pose.angle[std::size_t(b)] = degreesToAngle(degrees);
    }
    poses_.push_back(np);
    started_ = true;
    return true;
}

bool RigReader::key(const std::vector<std::string>& t, const FighterDef& def, AnimDef& a) {
    if (t.size() != 3 && t.size() != 4) return p_.fail("expected `key FRAME POSE [hold|linear|in|out|inout]`");
    if (!def.rigged()) return p_.fail("`key` needs a rigged fighter (`bone` records)");
    if (a.keys.empty()) keyLines_.clear();
    KeyPose k;
    if (!p_.toInt(t[1], 1, 10000, k.frame)) return false;
    if (!a.keys.empty() && k.frame <= a.keys.back().frame) {
        return p_.fail("key frame " + t[1] + " is not after the previous key's " + std::to_string(a.keys.back().frame));
    }
    bool found = false;
    for (const NamedPose& np : poses_) {
        if (np.name == t[2]) {
            k.pose = np.pose;
            found = true;
        }
    }
    if (!found) return p_.fail("unknown pose " + io::quote(t[2]));
    if (t.size() == 4) {
        const std::string& e = t[3];
        if (e == "hold") k.ease = Ease::Hold;
        else if (e == "linear") k.ease = Ease::Linear;
        else if (e == "in") k.ease = Ease::In;
        else if (e == "out") k.ease = Ease::Out;
        else if (e == "inout") k.ease = Ease::InOut;
        else return p_.fail("unknown easing " + io::quote(e) + " (hold linear in out inout)");
    }
    a.keys.push_back(k);
    keyLines_.push_back(p_.line);
    return true;
}

bool RigReader::keysFit(const FighterDef& def, AnimDef& a) {
    if (!def.rigged()) return true;
    if (a.keys.empty()) {
        p_.line = a.line;
        return p_.fail(io::quote(a.name) + " has no `key` (every anim and move of a rigged fighter needs one)");
    }
    for (std::size_t i = 0; i < a.keys.size(); ++i) {
        if (a.keys[i].frame > a.length) {
            p_.line = keyLines_[i];
            return p_.fail("key frame " + std::to_string(a.keys[i].frame) + " is past the last frame (" +
                           std::to_string(a.length) + ") of " + io::quote(a.name));
        }
    }
    return true;
}

void RigReader::neutralBoxes(FighterDef& def) const {
    const int stand = def.anim("stand");
    Pose pose;
    if (stand >= 0 && !def.anims[std::size_t(stand)].keys.empty()) pose = poseAt(def.anims[std::size_t(stand)].keys, 1);
    BoneArray placed;
    const int n = placeBones(def.skeleton, pose, placed);
    for (std::size_t m = 0; m < def.members.size(); ++m)
        def.members[m].box = memberBox(def.skeleton, placed, n, int(m));
}

}  // namespace sim
