#!/bin/sh
# Every press counts at any frame rate: the game drawn at only 15 frames a second (--draw-fps 15, as on a machine
# with a software renderer) while xdotool types Ryo's fireball motion (down, down-forward, forward + special) ten
# times at 60 Hz key timing (one key change every 1/60 s, so a whole motion falls inside one drawn frame). The match
# is recorded; the recording, replayed headless, must show ten fireballs hitting player 2. In the motion style (the
# window's default) the special button alone does nothing, so each hit is a motion read whole.
# Usage: starved_input.sh GAME GAME_HEADLESS DATA OUT. Exit 77 (CTest's skip) without Xvfb or xdotool.
set -u
GAME=$1 HEADLESS=$2 DATA=$3 OUT=$4
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
wid=$(timeout 30 xdotool search --sync --name "BVH Fighter" | head -n 1)
[ -n "$wid" ] || { echo "the game's window did not appear within 30 s"; cat "$OUT/game.log"; exit 1; }
xdotool mousemove --sync 640 360 >/dev/null 2>&1
xdotool windowfocus --sync "$wid" >/dev/null 2>&1
sleep 5  # the round intro (100 frames) and some: a loaded machine runs the game slower than real time
for n in 1 2 3 4 5 6 7 8 9 10; do
  f=0.0167
  xdotool keydown s sleep $f keydown d sleep $f keyup s sleep $f keydown l sleep $f keyup d keyup l
  sleep 2  # the fireball (about 45 frames to reach player 2) is gone before the next one, even at half speed
done
sleep 1
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
