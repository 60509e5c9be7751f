// bench_draw: the CPU cost of one drawn fight frame in the window, at 1280x720 with the overlay off: a CPU vs CPU
// match (the fight screen with stage, fighters, HUD and effects) is stepped one tick per frame and each frame's
// clear + draw + display is timed, in process CPU time (every thread: a software renderer such as Mesa's llvmpipe
// rasterises on its own threads) and in wall time. Run it under Xvfb to measure a machine without a GPU:
//   xvfb-run -a -s "-screen 0 1280x720x24" build/release/bench/bench_draw [--msaa N|auto] [--frames N] [--stage shapes]
//                                                                           [--empty | --stage-only] [--night]
//                                                                           [--boxes]
// --stage shapes paints the stage's shapes every frame (the old way) under the cached texture; --empty only clears
// and displays (what any frame costs before anything is drawn), --stage-only adds the stage alone; --night draws the
// night stage. --boxes drops each fighter's skeleton after loading, so a rigged fighter is drawn as before the rig,
// a rounded box per member (the drawing's baseline; its members keep their neutral boxes, so the fight itself
// differs). Prints the
// median, the 90th percentile and the mean. No timing is asserted anywhere; results go to bench/RESULTS.md.
#include "game/app/fight/fight_draw.h"
#include "game/app/fight/fight_screen.h"
#include "game/app/renderer_check.h"
#include "game/app/screen.h"
#include "game/io/fighter_file.h"
#include "game/io/flag_table.h"
#include "engine/write_signals.h"

#include <SFML/Graphics/RenderWindow.hpp>
#include <SFML/System/Clock.hpp>

#include <sys/resource.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

namespace {

double cpuSeconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

void report(const char* what, std::vector<double> ms) {
    std::sort(ms.begin(), ms.end());
    double sum = 0.0;
    for (double v : ms) sum += v;
    std::printf("%-10s median %6.2f ms   p90 %6.2f ms   mean %6.2f ms   (%zu frames)\n", what, ms[ms.size() / 2],
                ms[ms.size() * 9 / 10], sum / double(ms.size()), ms.size());
}

/// What the command line asks for.
struct DrawOptions {
    unsigned msaa = 0;
    bool autoMsaa = false;  // --msaa auto: what the game's default (`msaa = auto`) picks on this renderer
    int frames = 600;
    bool shapes = false;     // --stage shapes: the stage's shapes painted every frame under the cached texture
    bool empty = false;      // --empty: clear and display only (the floor under every frame)
    bool stageOnly = false;  // --stage-only: the stage and nothing else
    bool night = false;      // --night: the night stage instead of dusk
    bool boxes = false;      // --boxes: the fighters drawn from member boxes (skeletons dropped)
    std::string data = BVH_DATA_DIR;
};

/// --msaa N (0-16 samples) or --msaa auto.
io::Flag msaaFlag(DrawOptions& o) {
    return {"--msaa", io::Flag::Takes::Value, [&o](const std::string& v, std::string& error) {
                if (v == "auto") return o.autoMsaa = true;
                std::int64_t n = 0;
                if (!io::flagNumber("--msaa", v, 0, 16, n, error)) return false;
                o.msaa = unsigned(n);
                o.autoMsaa = false;
                return true;
            }};
}

constexpr const char* kUsage =
    "bench_draw [--msaa N|auto] [--frames N] [--stage texture|shapes] [--empty | --stage-only] [--night] [--boxes] "
    "[--data DIR]";

bool parseOptions(int argc, char** argv, DrawOptions& o) {
    const io::FlagTable table = {
        msaaFlag(o),
        io::numberInto("--frames", 10, 1000000, o.frames),
        io::wordFlag("--stage", {"texture", "shapes"}, [&o](std::size_t i) { o.shapes = i == 1; }),
        io::textFlag("--data", o.data),
        io::switchFlag("--empty", o.empty),
        io::switchFlag("--stage-only", o.stageOnly),
        io::switchFlag("--night", o.night),
        io::switchFlag("--boxes", o.boxes),
    };
    std::string error;
    if (io::parseFlags(argc, argv, table, error)) return true;
    std::cerr << "bench_draw: " << error << "\nusage: " << kUsage << "\n";
    return false;
}

/// Everything the fight screen points at, kept alive for the run.
struct FightWorld {
    app::AppFlags flags;
    app::Context ctx;
    app::Resources res;
    app::Bindings bindings = app::defaultBindings();
    app::ScreenStack stack;
};

/// Loads the resources and the two fighters and pushes a CPU vs CPU fight; false with the message printed.
bool startFight(const DrawOptions& o, FightWorld& w) {
    w.flags.noRecord = true;
    w.ctx.flags = &w.flags;
    w.ctx.dataDir = o.data;
    w.ctx.stage = o.night ? 1 : 0;
    std::string error;
    if (!w.res.load(o.data, false, error)) {
        std::cerr << error << "\n";
        return false;
    }
    for (const char* id : {"brick", "ryo"}) {
        sim::FighterLoad load = sim::loadFighterById(o.data, id);
        if (!load.ok) {
            std::cerr << load.error.text() << "\n";
            return false;
        }
        if (o.boxes) load.def.skeleton = sim::SkeletonDef{};
        w.ctx.fighters.push_back(load.def);
        w.ctx.fighterIds.push_back(id);
    }
    w.ctx.res = &w.res;
    w.ctx.bindings = &w.bindings;
    w.ctx.stack = &w.stack;
    sim::MatchSetup setup;
    setup.mode = sim::Mode::CpuVsCpu;
    setup.cpuLevel = 4;
    setup.roundFrames = 99 * 60 * 10;  // no time over during the run
    w.stack.push(app::makeFight(w.ctx, setup));
    w.stack.applyPending();
    return true;
}

/// Steps and draws the fight for the warm-up and the measured frames; reports CPU and wall time per frame.
void measureFrames(sf::RenderWindow& window, const DrawOptions& o, FightWorld& w) {
    std::vector<double> cpu, wall;
    for (int f = 0; f < o.frames + 60; ++f) {  // the first 60 frames warm up (textures, glyph caches)
        sf::Event e;
        while (window.pollEvent(e)) {}
        w.stack.tick(app::Tick{});
        w.stack.applyPending();
        const double c0 = cpuSeconds();
        sf::Clock clock;
        window.clear(sf::Color::Black);
        if (o.shapes) app::drawStageShapes(window, app::StageView{}, f);  // the old cost, under the cached stage
        if (o.stageOnly) {
            app::StageView v;
            v.stage = w.ctx.stage;
            app::drawStage(window, v, f);
        } else if (!o.empty) w.stack.draw(window);
        window.display();
        if (f < 60) continue;
        wall.push_back(double(clock.getElapsedTime().asMicroseconds()) / 1000.0);
        cpu.push_back((cpuSeconds() - c0) * 1000.0);
    }
    report("cpu", cpu);
    report("wall", wall);
}

}  // namespace

int main(int argc, char** argv) {
    engine::failWritesInsteadOfDying();  // a full disk, a size limit or a gone reader: said, not a silent death
    io::failOnLostStdout("bench_draw");  // the table is the result: lost on a full disk, the exit status says so
    DrawOptions o;
    if (io::helpAsked(argc, argv)) {
        std::cout << "usage: " << kUsage << "\n";
        return 0;
    }
    if (!parseOptions(argc, argv, o)) return 2;
    FightWorld w;
    if (!startFight(o, w)) return 2;
    const std::string renderer = app::askGlRenderer();
    if (o.autoMsaa) o.msaa = app::msaaWanted(io::Msaa::Auto, renderer) ? 4 : 0;
    sf::ContextSettings gl;
    gl.antialiasingLevel = o.msaa;
    sf::RenderWindow window(sf::VideoMode(1280, 720), "bench_draw", sf::Style::Default, gl);
    if (!window.isOpen()) {
        std::cerr << "bench_draw: cannot open a window (run it under xvfb-run)\n";
        return 1;
    }
    window.setVerticalSyncEnabled(false);
    std::printf("bench_draw: renderer '%s', 1280x720, MSAA asked %u%s, got %u, stage %s, fighters %s, overlay off\n",
                renderer.c_str(), o.msaa, o.autoMsaa ? " (auto)" : "", window.getSettings().antialiasingLevel,
                o.shapes ? "shapes every frame" : "cached texture",
                o.boxes                      ? "as boxes"
                : w.ctx.fighters[0].rigged() ? "rigged"
                                             : "old format");
    measureFrames(window, o, w);
    return 0;
}
