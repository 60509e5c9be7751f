// The tutorial (see tutorial_source.h).
#include "game/app/fight/tutorial_source.h"

#include "game/app/draw.h"
#include "game/app/fight/fight_hints.h"
#include "game/app/fight/fight_screen.h"
#include "game/app/menus/move_list_draw.h"
#include "game/app/screen.h"
#include "game/io/fighter_file.h"

#include <SFML/Graphics/CircleShape.hpp>

#include <algorithm>
#include <filesystem>
#include <iostream>

namespace app {

namespace {
/// The instruction panel's height in pixels.
constexpr float kPanelHeight = 100.f;
/// The rows of the band that says a lesson's result (PASSED, NOT YET).
constexpr float kResultBand = 120.f;
/// A lesson's round never times out (the script checker's largest round; the HUD shows no clock for a lesson).
constexpr int kLessonRoundFrames = 10000000;
}  // namespace

bool loadLessonFolder(const std::string& dir, std::vector<sim::RunFile>& out, io::Error& error) {
    std::vector<std::string> paths;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
        if (e.path().extension() == ".fscript") paths.push_back(e.path().string());
    }
    if (ec || paths.empty()) {
        error = io::Error{dir, 0, ec ? "cannot read the folder: " + ec.message() : "no lessons (*.fscript)"};
        return false;
    }
    std::sort(paths.begin(), paths.end());
    out.clear();
    for (const std::string& path : paths) {
        sim::RunFile run;
        if (!sim::loadRunFile(path, run, error)) return false;
        run.setup.roundFrames = kLessonRoundFrames;  // no round timer: a lesson ends when its goals are met
        if (run.isReplay) {
            error = io::Error{path, 1, "a lesson is an action script, not a replay"};
            return false;
        }
        out.push_back(std::move(run));
    }
    return true;
}

bool loadLessons(const std::string& dataDir, std::vector<sim::RunFile>& out, io::Error& error) {
    return loadLessonFolder(dataDir + "/tutorial", out, error);
}

bool checkLessons(const Context& ctx, const std::vector<sim::RunFile>& lessons, io::Error& error) {
    for (const sim::RunFile& run : lessons) {
        for (int p = 0; p < 2; ++p) {
            if (ctx.fighter(run.setup.fighter[p]) == nullptr) {
                error = io::Error{run.path, run.fightersLine,
                                  "fighter " + io::quote(run.setup.fighter[p]) + " was not loaded at start-up"};
                return false;
            }
        }
        if (!sim::checkRunAgainstFighters(run, *ctx.fighter(run.setup.fighter[0]), *ctx.fighter(run.setup.fighter[1]),
                                          error))
            return false;
    }
    return true;
}

TutorialSource::TutorialSource(const Context& ctx, std::vector<sim::RunFile> lessons, int first, LessonWords words)
    : play_([&ctx](const std::string& id) { return ctx.fighter(id); }, std::move(lessons), first, std::move(words)) {}

Advance TutorialSource::tick(const Tick& /*in*/, const sim::FrameInput* keys) {
    const LessonPlay::Step step = play_.tick(keys != nullptr ? &keys->buttons[0] : nullptr);
    Advance a;
    a.stepped = step.fight;
    a.restarted = step.restarted;
    return a;
}

float TutorialSource::panelTop(float height) const {
    const float top = 122.f, bottom = top + kPanelHeight + 10.f;
    return fighterTop_ < bottom ? height - kPanelHeight - 44.f : top;  // 44: above the bottom line of keys
}

sf::FloatRect TutorialSource::panelRect(float width, float height) const {
    return {90.f, panelTop(height), width - 180.f, kPanelHeight};
}

void TutorialSource::drawOver(sf::RenderTarget& t, const Context& ctx) const {
    const float w = float(ctx.width), cx = w / 2.f;
    const sf::FloatRect panel = panelRect(w, float(ctx.height));
    const float y = panel.top;
    // The instruction, under the HUD, with the goals as dots (filled once met), and under them player 1's direction
    // keys: the arrows in the instructions are directions, not the arrow keys (those are player 2's).
    fillRect(t, panel.left, y, panel.width, panel.height, sf::Color(12, 10, 24, 215), sf::Color(255, 210, 100, 200),
             2.f);
    const std::string text = caption();
    if (!text.empty()) drawRichText(t, ctx.res->font, text, 22, cx, y + 10.f, sf::Color::White, *ctx.bindings);
    const bool facingRight = play_.fight().state().fighters[0].facing > 0;
    drawRichText(t, ctx.res->font, lessonKeysLine(*ctx.bindings, facingRight), 14, cx, y + 74.f,
                 sf::Color(200, 200, 215), *ctx.bindings);
    if (play_.opponentWaits()) {
        drawText(t, ctx.res->font, play_.fighter(1).display + " starts when you move", 15, w - 104.f, y + 52.f,
                 sf::Color(255, 210, 100), Align::Right);
    }
    const int n = goals();
    for (int i = 0; i < n; ++i) {
        sf::CircleShape dot(7.f, 16);
        dot.setOrigin(7.f, 7.f);
        dot.setPosition(cx - 12.f * float(n - 1) + 24.f * float(i), y + 60.f);
        dot.setFillColor(play_.checked(std::size_t(i)) ? sf::Color(110, 230, 120) : sf::Color(40, 36, 60));
        dot.setOutlineColor(sf::Color(230, 230, 240));
        dot.setOutlineThickness(1.5f);
        t.draw(dot);
    }
    if (phase() == Phase::Playing) return;
    const bool good = phase() != Phase::Failed;
    const float top = bannerBand(w, float(ctx.height), counters_, kResultBand).top;  // under the counters panel
    fillRect(t, 0.f, top, w, kResultBand, good ? sf::Color(20, 90, 40, 220) : sf::Color(110, 30, 30, 220));
    drawText(t, ctx.res->display, play_.resultHead(), 56, cx, top + 12.f, sf::Color::White, Align::Center, 3.f);
    const std::string sub = play_.resultLine();
    drawRichText(t, ctx.res->font, sub, 20, cx, top + 78.f, sf::Color(240, 240, 245), *ctx.bindings);
}

bool loadTutorialOrQuit(Context& ctx, std::vector<sim::RunFile>& out) {
    io::Error error;
    if (loadLessons(ctx.dataDir, out, error) && checkLessons(ctx, out, error)) return true;
    std::cerr << error.text() << "\n";
    ctx.quit = true;
    ctx.exitCode = 2;
    return false;
}

std::unique_ptr<Screen> makeTutorial(Context& ctx) {
    std::vector<sim::RunFile> lessons;
    if (!loadTutorialOrQuit(ctx, lessons)) return nullptr;
    return std::make_unique<FightScreen>(ctx, std::make_unique<TutorialSource>(ctx, std::move(lessons)));
}

}  // namespace app
