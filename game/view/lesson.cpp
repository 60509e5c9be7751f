// Lessons played and graded live (see lesson.h).
#include "game/view/lesson.h"

#include <algorithm>

namespace app {

const char* const kThrewFirstNote = "You threw him first: your own throw beats his too (a tech only breaks his)";
const char* const kBothThrewNote = "You both threw at once: two throws break each other, like a tech";

namespace {
/// Both fighters stand free on the ground (no attack, stun, throw or knockdown still playing out): the next
/// instruction's opponent script then starts from the same footing as the script's own timeline gave it.
bool settled(const sim::FightState& s) {
    for (const sim::FighterState& f : s.fighters) {
        const bool free =
            f.action == sim::Action::Idle || f.action == sim::Action::Walk || f.action == sim::Action::Crouch;
        if (!free || f.airborne) return false;
    }
    return s.projectiles[0].alive == false && s.projectiles[1].alive == false;
}

/// The file name without folder and extension (a lesson without a `title`).
std::string stem(const std::string& path) {
    const std::size_t slash = path.find_last_of("/\\");
    std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    const std::size_t dot = name.rfind('.');
    return dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
}
}  // namespace

LessonPlay::LessonPlay(FighterLookup find, std::vector<sim::RunFile> lessons, int first, LessonWords words)
    : find_(std::move(find)), lessons_(std::move(lessons)), words_(std::move(words)) {
    start(std::clamp(first, 0, int(lessons_.size()) - 1));
}

void LessonPlay::start(int index) {
    index_ = index;
    for (int p = 0; p < 2; ++p) defs_[p] = find_(run().setup.fighter[p]);
    player_ = std::make_unique<sim::ReplayPlayer>(run(), *defs_[0], *defs_[1]);
    phase_ = Phase::Playing;
    resultTicks_ = 0;
    missed_.clear();
    missedSay_ = false;
    otherwise_.assign(run().expectations.size(), 0);
    started_.assign(run().captions.size(), 0);
    heldFor_ = -1;
    note_.clear();
}

bool LessonPlay::skipLesson() {
    if (index_ + 1 >= int(lessons_.size())) return false;
    start(index_ + 1);
    return true;
}

std::string LessonPlay::title() const {
    const std::string name = run().title.empty() ? stem(run().path) : run().title;
    return words_.label + " " + std::to_string(index_ + 1) + "/" + std::to_string(lessons_.size()) + ": " + name;
}

std::string LessonPlay::captionAt(std::int64_t frame) const {
    std::string text;
    for (const sim::Caption& c : run().captions) {
        if (c.frame <= frame) text = c.text;
    }
    return text;
}

std::string LessonPlay::caption() const {
    return phase_ == Phase::Failed && missedSay_ ? missed_ : captionAt(player_->frame());
}

bool LessonPlay::goalMet(std::size_t i) const { return player_->met(i) || (i < otherwise_.size() && otherwise_[i]); }

int LessonPlay::goalsMet() const {
    int n = 0;
    for (std::size_t i = 0; i < run().expectations.size(); ++i) n += goalMet(i);
    return n;
}

const io::RunFailure* LessonPlay::firstFailure() const {
    for (const io::RunFailure& f : player_->failures()) {
        bool excused = false;
        for (std::size_t i = 0; i < run().expectations.size(); ++i)
            excused |= otherwise_[i] && run().expectations[i].line == f.line;
        if (!excused) return &f;
    }
    return nullptr;
}

void LessonPlay::creditThrowFirst() {
    const std::int64_t now = player_->frame();
    for (const sim::Event& ev : player_->fight().events()) {
        const bool threwFirst = ev.type == sim::EventType::Throw && ev.attacker == 0;
        const bool bothThrew = ev.type == sim::EventType::Tech && ev.victim < 0;  // two throws broke each other
        if (!threwFirst && !bothThrew) continue;
        for (std::size_t i = 0; i < run().expectations.size(); ++i) {
            const sim::Expectation& e = run().expectations[i];
            const bool techGoal = e.isEvent && !e.negate && e.event == sim::EventType::Tech && e.victim == 0;
            if (!techGoal || goalMet(i) || now < e.first || now > e.last) continue;
            otherwise_[i] = 1;
            note_ = threwFirst ? kThrewFirstNote : kBothThrewNote;
        }
    }
}

void LessonPlay::followPlayer() {
    // The instruction on screen owns the goals written after its `say` line and before the next one; once they are
    // all met the script skips to the frame before the next instruction appears.
    const std::int64_t now = player_->frame();
    const std::vector<sim::Caption>& says = run().captions;
    std::size_t k = 0;
    while (k < says.size() && says[k].frame <= now) ++k;
    if (k == 0 || k == says.size() || says[k].frame <= now + 1) return;
    const int from = says[k - 1].line, to = says[k].line;
    bool any = false;
    for (std::size_t i = 0; i < run().expectations.size(); ++i) {
        const int line = run().expectations[i].line;
        if (line < from || line > to) continue;
        if (!goalMet(i)) return;
        any = true;
    }
    if (any && settled(player_->fight().state())) player_->skipTo(says[k].frame - 1);
}

int LessonPlay::waitingSay() const {
    if (!opponentWaits_ || phase_ != Phase::Playing) return -1;
    const std::int64_t now = player_->frame();
    const std::vector<sim::Caption>& says = run().captions;
    for (std::size_t k = 0; k < says.size(); ++k) {
        if (says[k].frame != now || started_[k]) continue;
        const bool playerFirst =
            now < std::int64_t(run().inputs.size()) && run().inputs[std::size_t(now)].buttons[0] != 0;
        if (playerFirst) return int(k);
    }
    return -1;
}

bool LessonPlay::startsInstruction(int say, std::uint16_t keys) {
    // Keys still held from the last instruction (a block held while reading the next) start nothing: the player
    // starts by changing them, or by already holding what the instruction asks on its first frame.
    if (heldFor_ != say) heldFor_ = say, heldAtSay_ = keys;
    if (keys == 0) heldAtSay_ = 0;  // let go: any press from now on is the start
    const std::int64_t now = player_->frame();
    const std::uint16_t wanted = run().inputs[std::size_t(now)].buttons[0];
    return keys != 0 && (keys != heldAtSay_ || keys == wanted);
}

bool LessonPlay::opponentActs(int say) const {
    const std::vector<sim::Caption>& says = run().captions;
    const std::int64_t from = says[std::size_t(say)].frame;
    const std::int64_t to = std::size_t(say) + 1 < says.size() ? says[std::size_t(say) + 1].frame : run().frames;
    for (std::int64_t f = from; f < to && f < std::int64_t(run().inputs.size()); ++f) {
        if (run().inputs[std::size_t(f)].buttons[1] != 0) return true;
    }
    return false;
}

void LessonPlay::grade() {
    creditThrowFirst();
    if (const io::RunFailure* f = firstFailure()) {
        for (const sim::Expectation& e : run().expectations) {
            if (e.line == f->line) missed_ = captionAt(e.first > 0 ? e.first - 1 : 0);
        }
        missedSay_ = !missed_.empty();
        if (missed_.empty()) missed_ = f->what;
        phase_ = Phase::Failed;
    } else if (goalsMet() == goals() || player_->done()) {
        phase_ = index_ + 1 < int(lessons_.size()) ? Phase::Passed : Phase::Finished;
        if (onPassed_) onPassed_(run());
    } else {
        followPlayer();
    }
}

LessonPlay::Step LessonPlay::tick(const std::uint16_t* p1) {
    if (phase_ == Phase::Playing) {
        if (p1 == nullptr) return {};
        const int waiting = waitingSay();
        if (waiting >= 0 && !startsInstruction(waiting, *p1)) {
            player_->idle();  // the opponent stands until the player starts the instruction's part
            return {&player_->fight(), false};
        }
        if (waiting >= 0) started_[std::size_t(waiting)] = 1;
        player_->stepWith(*p1);
        grade();
        return {&player_->fight(), false};
    }
    if (phase_ == Phase::Finished || ++resultTicks_ < kResultTicks) return {};
    start(phase_ == Phase::Passed ? index_ + 1 : index_);
    return {nullptr, true};
}

std::string LessonPlay::resultHead() const {
    if (phase_ == Phase::Playing) return "";
    return phase_ == Phase::Failed ? "NOT YET" : phase_ == Phase::Passed ? words_.passed : words_.finished;
}

std::string LessonPlay::resultLine() const {
    if (phase_ == Phase::Playing) return "";
    if (phase_ == Phase::Failed) return "Missed: " + missed_ + "   (again from the start)";
    if (!note_.empty()) return note_;
    if (phase_ == Phase::Passed) return "Next: " + std::to_string(index_ + 2) + "/" + std::to_string(lessons_.size());
    return "Esc: the pause menu (Leave the tutorial), or play the last lesson again with Restart the lesson";
}

}  // namespace app
