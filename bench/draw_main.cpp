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

#include <SFML/Graphics/RenderWindow.hpp>
#include <SFML/System/Clock.hpp>

#include <sys/resource.h>

#include <algorithm>
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

int usage() {
    std::cerr << "usage: bench_draw [--msaa N|auto] [--frames N] [--stage texture|shapes] [--empty | --stage-only] "
                 "[--night] [--boxes] [--data DIR]\n";
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    unsigned msaa = 0;
    bool autoMsaa = false;  // --msaa auto: what the game's default (`msaa = auto`) picks on this renderer
    int frames = 600;
    bool shapes = false;
    bool empty = false;      // --empty: clear and display only (the floor under every frame)
    bool stageOnly = false;  // --stage-only: the stage and nothing else
    bool night = false;      // --night: the night stage instead of dusk
    bool boxes = false;      // --boxes: the fighters drawn from member boxes (skeletons dropped)
    std::string data = BVH_DATA_DIR;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool more = i + 1 < argc;
        if (a == "--msaa" && more && std::strcmp(argv[i + 1], "auto") == 0) autoMsaa = true, ++i;
        else if (a == "--msaa" && more) msaa = unsigned(std::atoi(argv[++i]));
        else if (a == "--frames" && more) frames = std::max(10, std::atoi(argv[++i]));
        else if (a == "--stage" && more) shapes = std::strcmp(argv[++i], "shapes") == 0;
        else if (a == "--data" && more) data = argv[++i];
        else if (a == "--empty") empty = true;
        else if (a == "--stage-only") stageOnly = true;
        else if (a == "--night") night = true;
        else if (a == "--boxes") boxes = true;
        else return usage();
    }
    app::AppFlags flags;
    flags.noRecord = true;
    app::Context ctx;
    ctx.flags = &flags;
    ctx.dataDir = data;
    ctx.stage = night ? 1 : 0;
    app::Resources res;
    std::string error;
    if (!res.load(data, false, error)) {
        std::cerr << error << "\n";
        return 2;
    }
    app::Bindings bindings = app::defaultBindings();
    for (const char* id : {"brick", "ryo"}) {
        sim::FighterLoad load = sim::loadFighterById(data, id);
        if (!load.ok) {
            std::cerr << load.error.text() << "\n";
            return 2;
        }
        if (boxes) load.def.skeleton = sim::SkeletonDef{};
        ctx.fighters.push_back(load.def);
        ctx.fighterIds.push_back(id);
    }
    app::ScreenStack stack;
    ctx.res = &res;
    ctx.bindings = &bindings;
    ctx.stack = &stack;
    sim::MatchSetup setup;
    setup.mode = sim::Mode::CpuVsCpu;
    setup.cpuLevel = 4;
    setup.roundFrames = 99 * 60 * 10;  // no time over during the run
    stack.push(app::makeFight(ctx, setup));
    stack.applyPending();

    const std::string renderer = app::askGlRenderer();
    if (autoMsaa) msaa = app::msaaWanted(io::Msaa::Auto, renderer) ? 4 : 0;
    sf::ContextSettings gl;
    gl.antialiasingLevel = msaa;
    sf::RenderWindow window(sf::VideoMode(1280, 720), "bench_draw", sf::Style::Default, gl);
    if (!window.isOpen()) {
        std::cerr << "bench_draw: cannot open a window (run it under xvfb-run)\n";
        return 1;
    }
    window.setVerticalSyncEnabled(false);
    std::printf("bench_draw: renderer '%s', 1280x720, MSAA asked %u%s, got %u, stage %s, fighters %s, overlay off\n",
                renderer.c_str(), msaa, autoMsaa ? " (auto)" : "", window.getSettings().antialiasingLevel,
                shapes ? "shapes every frame" : "cached texture",
                boxes                      ? "as boxes"
                : ctx.fighters[0].rigged() ? "rigged"
                                           : "old format");
    std::vector<double> cpu, wall;
    for (int f = 0; f < frames + 60; ++f) {  // the first 60 frames warm up (textures, glyph caches)
        sf::Event e;
        while (window.pollEvent(e)) {}
        stack.tick(app::Tick{});
        stack.applyPending();
        const double c0 = cpuSeconds();
        sf::Clock clock;
        window.clear(sf::Color::Black);
        if (shapes) app::drawStageShapes(window, app::StageView{}, f);  // the old cost, under the cached stage
        if (stageOnly) {
            app::StageView v;
            v.stage = ctx.stage;
            app::drawStage(window, v, f);
        } else if (!empty) stack.draw(window);
        window.display();
        if (f < 60) continue;
        wall.push_back(double(clock.getElapsedTime().asMicroseconds()) / 1000.0);
        cpu.push_back((cpuSeconds() - c0) * 1000.0);
    }
    report("cpu", cpu);
    report("wall", wall);
    return 0;
}
