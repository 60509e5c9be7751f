#!/bin/bash
# The frame-rate cap measured: the unchanged game runs a live versus match (`--show versus`, MSAA off) under a
# private Xvfb, where vsync does not pace display(), with settings.cfg's `framecap` at 30, at 60, and off (then the
# game's own check caps it at 60 after its first 120 frames); bench_swap_log (LD_PRELOAD) logs the time of every
# buffer swap. Per run: the frames drawn in each whole second from 2 s to 8 s after the first frame (the median and
# the lowest and highest second) and, for `off`, the rate of the first 120 frames (uncapped: the baseline). RUNS
# runs per setting (default 3). Prints a Markdown table; nothing is asserted (bench/RESULTS.md keeps the numbers).
# Usage: bench/frame_cap.sh BUILD_DIR [RUNS]     e.g. bench/frame_cap.sh build/release
set -u
BUILD=$1 RUNS=${2:-3}
GAME=$BUILD/game/game LIB=$BUILD/bench/libbench_swap_log.so DATA=$(cd "$(dirname "$0")/.." && pwd)/data
[ -x "$GAME" ] && [ -f "$LIB" ] || { echo "build $GAME and $LIB first"; exit 2; }
command -v Xvfb >/dev/null || { echo "needs Xvfb"; exit 2; }
OUT=$(mktemp -d)
for n in $(seq 191 240); do [ -e /tmp/.X11-unix/X$n ] || break; done
Xvfb :$n -screen 0 1280x720x24 -nolisten tcp -noreset >/dev/null 2>&1 &
XPID=$!
trap 'kill $XPID 2>/dev/null; rm -rf "$OUT"' EXIT
export DISPLAY=:$n XDG_CONFIG_HOME=$OUT/cfg XDG_DATA_HOME=$OUT/data HOME=$OUT
for i in $(seq 1 100); do [ -e /tmp/.X11-unix/X$n ] && break; sleep 0.1; done

echo "| framecap | run | frames/s, median second (2-8 s) | lowest second | highest second | first 120 frames |"
echo "|---|---|---|---|---|---|"
for cap in 30 60 off; do
    for run in $(seq 1 "$RUNS"); do
        printf 'msaa = off\nframecap = %s\n' "$cap" > "$OUT/settings.cfg"
        BENCH_SWAP_LOG=$OUT/swaps.txt LD_PRELOAD=$LIB "$GAME" --data "$DATA" --mute --no-record \
            --settings "$OUT/settings.cfg" --show versus > /dev/null 2> "$OUT/err.txt" &
        GPID=$!
        sleep 10
        kill $GPID 2>/dev/null
        wait $GPID 2>/dev/null
        python3 - "$OUT/swaps.txt" "$cap" "$run" <<'PY'
import sys
t = [int(x) / 1e9 for x in open(sys.argv[1]).read().split()]
if len(t) < 200:
    print(f"| {sys.argv[2]} | {sys.argv[3]} | only {len(t)} frames logged | | | |"); sys.exit()
t0 = t[0]
per = [sum(1 for x in t if t0 + s <= x < t0 + s + 1) for s in range(2, 8)]
per.sort()
first = 119 / (t[119] - t[0])
print(f"| {sys.argv[2]} | {sys.argv[3]} | {per[len(per) // 2]} | {per[0]} | {per[-1]} | {first:.0f}/s |")
PY
    done
done
