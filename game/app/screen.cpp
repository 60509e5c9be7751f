// The screen stack: deferred push/pop/clear so a screen can ask to be replaced from inside its own tick.
#include "game/app/screen.h"

#include "game/io/user_dirs.h"

#include <chrono>
#include <cstdlib>
#include <iostream>

namespace app {

void reportWriteFailure(Context& ctx, const std::string& error) {
    std::cerr << error << "\n";
    ctx.writeFailure = error;
    if (ctx.exitCode == 0) ctx.exitCode = 1;
}

void reportBadFile(Context& ctx, const std::string& error) {
    std::cerr << error << "\n";
    ctx.badFileSaid = true;
}

int finalExitStatus(const Context& ctx, int loopCode) {
    if (loopCode != 0) return loopCode;
    if (ctx.exitCode != 0) return ctx.exitCode;
    if (ctx.runFailed) return 1;                                     // as game_headless: a run whose checks failed
    return ctx.badFileSaid || !ctx.settingsProblem.empty() ? 2 : 0;  // a bad settings file: unless a save replaced it
}

bool saveSettings(Context& ctx) {
    if (ctx.settingsPath.empty()) {
        reportWriteFailure(ctx, "settings.cfg: cannot write: no folder for it (no HOME; pass --settings FILE)");
        return false;
    }
    std::string error;
    io::Settings saved;  // another window's save since ours is kept, key by key
    if (!io::saveSettingsMerging(ctx.settingsPath, ctx.settingsRead, ctx.settings, saved, error)) {
        reportWriteFailure(ctx, error);
        return false;
    }
    ctx.settings = ctx.settingsRead = saved;
    ctx.settingsProblem.clear();  // the bad file is replaced by a good one
    ctx.firstStart = false;
    return true;
}

std::uint64_t freshSeed(const Context& ctx) {
    if (ctx.flags->seedGiven) return ctx.flags->seed;
    const auto now = std::chrono::system_clock::now().time_since_epoch().count();
    return std::uint64_t(now) | 1u;
}

std::string shownPath(const std::string& path) { return io::homeShortened(path, std::getenv("HOME")); }

void ScreenStack::push(std::unique_ptr<Screen> s) { pending_.push_back({Change::Push, std::move(s)}); }
void ScreenStack::pop() { pending_.push_back({Change::Pop, nullptr}); }

void ScreenStack::replaceAll(std::unique_ptr<Screen> s) {
    pending_.push_back({Change::Clear, nullptr});
    pending_.push_back({Change::Push, std::move(s)});
}

void ScreenStack::applyPending() {
    // Moved out first: a destroyed screen may not queue more changes, but be safe if it does.
    std::vector<Change> changes = std::move(pending_);
    pending_.clear();
    for (Change& c : changes) {
        if (c.kind == Change::Push) screens_.push_back(std::move(c.screen));
        else if (c.kind == Change::Pop && !screens_.empty()) screens_.pop_back();
        else if (c.kind == Change::Clear) screens_.clear();
    }
}

void ScreenStack::tick(const Tick& in) {
    if (!screens_.empty()) screens_.back()->tick(in);
}

void ScreenStack::text(std::uint32_t unicode) {
    if (!screens_.empty()) screens_.back()->text(unicode);
}

void ScreenStack::draw(sf::RenderTarget& target) {
    std::size_t first = screens_.size();
    while (first > 0) {
        --first;
        if (!screens_[first]->transparent()) break;
    }
    for (std::size_t i = first; i < screens_.size(); ++i) screens_[i]->draw(target);
}

}  // namespace app
