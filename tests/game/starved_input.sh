#!/bin/bash
# Every press counts at any frame rate: the game drawn at only 15 frames a second (--draw-fps 15, as on a machine
# with a software renderer) while xdotool types Ryo's fireball motion (down, down-forward, forward + special) ten
# times at 60 Hz key timing (one key change every 1/60 s, so a whole motion falls inside one drawn frame). The match
# is recorded; the recording, replayed headless, must show ten fireballs hitting player 2. In the motion style (the
# window's default) the special button alone does nothing, so each hit is a motion read whole.
# Usage: starved_input.sh GAME GAME_HEADLESS DATA OUT. Exit 77 (CTest's skip) without Xvfb or xdotool.
# Waits go by the game's own ticks (the window's probe log, game/app/test_probe.h), never by seconds, so a loaded
# machine that runs the game slower than real time only makes the test take longer.
set -u
GAME=$1 HEADLESS=$2 DATA=$3 OUT=$4
. "$(dirname "$0")/window_lib.sh"
PROBE=$OUT/probe.log
export BVH_TEST_PROBE=$PROBE
# waitTicks N: waits until the fight has run N ticks (at most 120 s); fails when the game ended or never got there.
waitTicks() {
  i=0
  while [ "$(probeAge)" -lt "$1" ] && [ $i -lt 1200 ]; do
    kill -0 $game 2>/dev/null || { echo "the game ended before tick $1"; cat "$OUT/game.log"; exit 1; }
    sleep 0.1; i=$((i + 1))
  done
  [ "$(probeAge)" -ge "$1" ] || { echo "the fight did not reach tick $1 within 120 s"; exit 1; }
}
for tool in Xvfb xdotool; do
  if ! command -v $tool >/dev/null 2>&1; then
    echo "STARVED INPUT TEST SKIPPED: $tool is not installed (apt-get install xvfb xdotool); nothing was checked"
    exit 77
  fi
done
rm -rf "$OUT" && mkdir -p "$OUT"
display=""
for n in $(seq 150 199); do
  if [ ! -e /tmp/.X$n-lock ] && [ ! -e /tmp/.X11-unix/X$n ]; then display=$n; break; fi
done
[ -n "$display" ] || { echo "no free X display number in 150..199"; exit 1; }
Xvfb :$display -screen 0 1280x720x24 >"$OUT/xvfb.log" 2>&1 &
xpid=$!
game=""
cleanup() {
  [ -n "$game" ] && kill $game 2>/dev/null
  kill $xpid 2>/dev/null
}
trap cleanup EXIT
i=0
while [ ! -e /tmp/.X11-unix/X$display ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
export DISPLAY=:$display
# Versus, player 1 on the keys (W A S D, J K L I by the shipped controls.cfg), recorded into OUT.
"$GAME" --data "$DATA" --show versus --replay-dir "$OUT" --draw-fps 15 --mute --seed 1 >"$OUT/game.log" 2>&1 &
game=$!
probeStarted $game || { echo "the game never ran a tick"; cat "$OUT/game.log"; exit 1; }
wid=$(xdotool search --name "BVH Fighter" | head -n 1)
[ -n "$wid" ] || { echo "the game runs but has no window"; cat "$OUT/game.log"; exit 1; }
xdotool mousemove 640 360 >/dev/null 2>&1  # not --sync: it waits 16 s when the pointer is there already
xdotool windowfocus --sync "$wid" >/dev/null 2>&1
waitTicks 110  # the round intro (100 ticks) is over
for n in 1 2 3 4 5 6 7 8 9 10; do
  f=0.0167
  xdotool keydown s sleep $f keydown d sleep $f keyup s sleep $f keydown l sleep $f keyup d keyup l
  # The fireball (about 45 ticks to reach player 2) and the thrower's recovery are over before the next one.
  waitTicks $(($(probeAge) + 75))
done
kill -TERM $game
i=0
while kill -0 $game 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
game=""
replay=$(ls "$OUT"/*.freplay 2>/dev/null | head -n 1)
[ -n "$replay" ] || { echo "the game wrote no replay into $OUT"; cat "$OUT/game.log"; exit 1; }
"$HEADLESS" --headless --events --replay "$replay" >"$OUT/events.txt" 2>&1
hits=$(grep -c "hit victim p2 by p1 move special" "$OUT/events.txt")
frames=$(grep -c "^[A-Z-]* [A-Z-]*$" "$replay")
echo "$replay: $frames frames; fireballs that hit: $hits of 10"
grep "by p1" "$OUT/events.txt"
[ "$hits" -eq 10 ] || { echo "FAIL: $hits of 10 motions came out"; exit 1; }
echo "PASS: 10 of 10"
