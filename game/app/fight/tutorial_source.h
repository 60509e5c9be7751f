#pragma once
// The tutorial in the window: the lessons in DATA/tutorial/*.fscript (file-name order), followed and graded by
// app::LessonPlay (game/view/lesson.h, shared with the web page), their instruction panel drawn over the HUD.
// Lessons have no round timer.
#include "game/app/fight/fight_source.h"
#include "game/io/player.h"
#include "game/view/lesson.h"

#include <SFML/Graphics/Rect.hpp>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace app {

/// Reads every DIR/*.fscript in file-name order as lessons (action scripts, no round timer); false with the first
/// error (FILE:LINE: what), or when the folder has none.
bool loadLessonFolder(const std::string& dir, std::vector<sim::RunFile>& out, io::Error& error);
/// Reads every DATA/tutorial/*.fscript in file-name order; false with the first error (FILE:LINE: what).
bool loadLessons(const std::string& dataDir, std::vector<sim::RunFile>& out, io::Error& error);
/// loadLessons and checkLessons for a screen that opens the tutorial: false with the error said on stderr and the
/// game set to quit with status 2.
bool loadTutorialOrQuit(Context& ctx, std::vector<sim::RunFile>& out);
/// True when every lesson's fighters are loaded in ctx and its checks name their members and moves; else false
/// with the first problem.
bool checkLessons(const Context& ctx, const std::vector<sim::RunFile>& lessons, io::Error& error);

/// The lessons played in order, graded live by app::LessonPlay (game/view/lesson.h), drawn over the HUD.
class TutorialSource : public FightSource {
public:
    using Phase = LessonPlay::Phase;
    static constexpr int kResultTicks = LessonPlay::kResultTicks;

    /// Plays `lessons` from lesson `first` with the fighters they name (looked up in ctx; they must outlive it).
    TutorialSource(const Context& ctx, std::vector<sim::RunFile> lessons, int first = 0, LessonWords words = {});
    /// Called with each lesson as it is passed (the combo trials save their progress there).
    void onPassed(std::function<void(const sim::RunFile&)> f) { play_.onPassed(std::move(f)); }

    const sim::Fight& fight() const override { return play_.fight(); }
    const sim::MatchSetup& setup() const override { return play_.run().setup; }
    const sim::FighterDef& fighter(int p) const override { return play_.fighter(p); }
    Advance tick(const Tick& in, const sim::FrameInput* keys) override;
    /// The current lesson from its first frame.
    void restart() override { play_.restart(); }
    /// "TUTORIAL 3/8: Dash".
    std::string title() const override { return play_.title(); }
    /// The instruction, the goals, player 1's direction keys and the lesson's result, over the HUD.
    void drawOver(sf::RenderTarget& t, const Context& ctx) const override;
    bool isLesson() const override { return true; }
    /// Remembers the higher fighter's top: the panel moves to the bottom while a fighter is up in its band.
    void seeFighters(float topY) override { fighterTop_ = topY; }
    /// Remembers the counters panel: the lesson's result band goes under it (bannerBand).
    void seeCounters(const sf::FloatRect& panel) override { counters_ = panel; }
    /// The pixel row of the instruction panel's top for a picture `height` high (under the HUD, or near the bottom
    /// while a fighter reaches into the top band).
    float panelTop(float height) const;
    /// The instruction panel's rectangle in a picture `width` x `height` (its top from panelTop).
    sf::FloatRect panelRect(float width, float height) const;
    /// The next lesson from its first frame; false (nothing changes) at the last one.
    bool skipLesson() override { return play_.skipLesson(); }

    int lesson() const { return play_.lesson(); }
    int lessons() const { return play_.lessons(); }
    Phase phase() const { return play_.phase(); }
    std::string caption() const { return play_.caption(); }
    const std::string& missed() const { return play_.missed(); }
    std::int64_t scriptFrame() const { return play_.scriptFrame(); }
    const std::string& note() const { return play_.note(); }
    bool waitingForPlayer() const { return play_.waitingForPlayer(); }
    void setOpponentWaits(bool on) { play_.setOpponentWaits(on); }
    bool goalMet(std::size_t i) const { return play_.goalMet(i); }
    int goalsMet() const { return play_.goalsMet(); }
    int goals() const { return play_.goals(); }

private:
    LessonPlay play_;
    float fighterTop_ = 1e9f;
    sf::FloatRect counters_;  // the counters panel drawn this frame (empty: none)
};

}  // namespace app
