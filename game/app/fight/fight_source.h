#pragma once
// Where the fight on screen comes from. The window shows a fight three ways: a match played here (two players, a
// CPU, the training dummy), a replay or action script being watched, and an online match that a rollback peer
// steps on its own clock. One view (FightScreen) draws all three and paces the first two; everything that differs
// between them lives behind this interface, so the view never asks which kind it shows and a fourth kind (a
// spectator, a netplay replay) is one new class.
//
// A source owns the rules' side only: the sim::Fight, the inputs it steps with, the replay file it writes. What
// is drawn (sparks, banners, the HUD) is the view's, and it is derived from the fight and the step's events, so a
// source never feeds anything back from the screen into the simulation.
#include "game/app/input/bindings.h"
#include "game/sim/fight.h"

#include <SFML/Graphics/RenderTarget.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace app {

struct Context;
struct Tick;

/// Player p's sim buttons from the held actions (the P1 keys for p = 0, the P2 keys for p = 1).
std::uint16_t buttonsOf(ActionSet held, int p);
/// The HUD's name of a mode ("VERSUS", "VS CPU", "TRAINING", "CPU VS CPU").
const char* modeTitle(sim::Mode m);

/// What a source did in one app tick.
struct Advance {
    const sim::Fight* stepped = nullptr;  ///< the fight whose events and stats are a new frame's (nullptr: none)
    bool restarted = false;               ///< the match started over on its own (an online rematch)
    bool left = false;                    ///< the screen is being replaced (the player left): draw nothing more
};

/// A fight to show, and how it advances.
class FightSource {
public:
    virtual ~FightSource() = default;

    /// The fight as it is now (what the view draws).
    virtual const sim::Fight& fight() const = 0;
    /// The match setup in force (training changes it as the dummy or the position changes).
    virtual const sim::MatchSetup& setup() const = 0;
    /// Player p's fighter.
    virtual const sim::FighterDef& fighter(int p) const = 0;

    /// True when the view decides when a frame is stepped (freeze, slow motion, frame step, reset and the pause menu
    /// apply); false when the source runs on its own clock (online) and the view only shows what it did.
    virtual bool paced() const { return true; }
    /// One app tick. `keys` is the frame's buttons from the players' keys when the view steps now, nullptr while it
    /// holds (frozen, between slow-motion steps). A paced source steps exactly when `keys` is given.
    virtual Advance tick(const Tick& in, const sim::FrameInput* keys) = 0;
    /// Back to round 1 of the match as it began (Reset, Rematch, F5).
    virtual void restart() = 0;
    /// The same kind of match again with another setup (training's dummy, position and counter-hit changes);
    /// false, changing nothing, when the source cannot take one (a replay's setup is its file's).
    virtual bool restartWith(const sim::MatchSetup& /*setup*/) { return false; }
    /// True when restartWith takes setups (training's hotkeys work only then).
    virtual bool takesSetups() const { return false; }

    /// The HUD's mode line ("VS CPU", "REPLAY 12_cpu_vs_cpu.freplay").
    virtual std::string title() const { return modeTitle(setup().mode); }
    /// True while a replay file is being written (the HUD's REC mark).
    virtual bool recording() const { return false; }
    /// True when a recording can be started and stopped on request (training, whose replays are not automatic).
    virtual bool recordsOnRequest() const { return false; }
    /// On: restarts the match where it stands with a recording; off: finishes the file being recorded.
    virtual void setRecording(bool /*on*/) {}
    /// A write of the replay file that failed since the last call (`PATH: cannot write: REASON (recording
    /// stopped)`), or "": the view says it (screen, stderr, exit status). With `closing` the file is finished first
    /// (the window is closing), so that a failure to put it in place is said too.
    virtual std::string takeWriteFailure(bool /*closing*/) { return ""; }
    /// True when nothing more will be stepped (a watched replay has played all its frames).
    virtual bool ended() const { return false; }
    /// True when a finished match opens the match-over menu (a match played here, not a demo).
    virtual bool offersRematch() const { return false; }
    /// The first hash mismatch, drawn as an alarm ("DESYNC at frame 60 (x.freplay:73)"), or "".
    virtual std::string desync() const { return ""; }
    /// Failed expectations so far (`x.fscript:6: ...`, newest last).
    virtual const std::vector<std::string>& failedChecks() const;
    /// A one-line message for the player that is not an event of the fight ("cannot write the replay"), or "".
    virtual std::string notice() const { return ""; }
    /// The frames this source has stepped since its match began, when the pause menu may save them as a bug report
    /// (a match played here); nullptr when it cannot (a replay being watched, an online match).
    virtual const std::vector<sim::FrameInput>* playedInputs() const { return nullptr; }
    /// Lines the counters panel (F2) adds for this source.
    virtual void addCounters(std::vector<std::string>& /*lines*/) const {}
    /// Draws what only this source has, over the HUD (the online status line and end panel).
    virtual void drawOver(sf::RenderTarget& /*t*/, const Context& /*ctx*/) const {}
    /// True for a lesson (the tutorial): player 1 plays it, so the hint line shows P1's keys, and the pause menu
    /// restarts the lesson, skips it or leaves the tutorial.
    virtual bool isLesson() const { return false; }
    /// The bottom key line of a source that is neither a local match, a lesson nor a replay (an online match); ""
    /// leaves the line to the fight screen's rule.
    virtual std::string keyHint(const Bindings& /*b*/) const { return ""; }
    /// Where the fighters are drawn this frame: the pixel row of the higher one's top (so a panel can keep clear).
    virtual void seeFighters(float /*topY*/) {}
    /// Where the counters panel (F2) is drawn this frame (empty: none), so a banner of the source's keeps clear of it.
    virtual void seeCounters(const sf::FloatRect& /*panel*/) {}
    /// A lesson: on to the next one (true), or false when there is none after this one (or no lessons at all).
    virtual bool skipLesson() { return false; }
};

}  // namespace app
