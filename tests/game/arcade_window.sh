#!/bin/bash
# Arcade from the title to the end of a run, driven by xdotool under a private Xvfb, each key sent once the game has
# taken the one before (the window's probe log, game/app/test_probe.h). `--round-seconds 2` (the test
# flag for short rounds) makes each round a 2-second one; player 1 (Ryo) touches nothing, so every match is lost
# to the CPU or drawn on time, both of which open CONTINUE?. The run: title, Enter, mode select S S Enter
# (Arcade), Enter on fighter select (Ryo) -> stage 1 against Brick; the match ends, CONTINUE? shows (screenshot);
# Enter continues against Brick again; the second match ends, CONTINUE? again; Esc gives up (GAME OVER), Enter goes
# to the title and Esc quits: the game must exit 0 on exactly that key sequence (had a match been won, the panel
# would say YOU WIN, Esc would do nothing and the game would still run).
# Checked so that it can fail: two replays were recorded in $XDG_DATA_HOME, both Ryo against the first opponent,
# both with 2-second rounds, both finished; replayed headless, neither was won by player 1; the screenshot taken
# while CONTINUE? shows has the result panel (its dark fill, and the heading's yellow).
# Usage: arcade_window.sh GAME GAME_HEADLESS DATA OUT. Skips loudly without Xvfb, xdotool or ImageMagick's
# import/convert (the CTest skip code via SKIP_REGULAR_EXPRESSION).
set -u
GAME=$1 HEADLESS=$2 DATA=$3 OUT=$4
for tool in Xvfb xdotool import convert; do
    command -v $tool >/dev/null || { echo "ARCADE WINDOW TEST SKIPPED: needs $tool"; exit 0; }
done
rm -rf "$OUT"
mkdir -p "$OUT/home" "$OUT/cfg/bvh-fighter"
export HOME=$OUT/home XDG_CONFIG_HOME=$OUT/cfg XDG_DATA_HOME=$OUT/data ASAN_OPTIONS=${ASAN_OPTIONS:-}:detect_leaks=0
printf 'p1.style = motion\np2.style = motion\nmsaa = off\n' > "$OUT/cfg/bvh-fighter/settings.cfg"  # no welcome page
REPLAYS=$XDG_DATA_HOME/bvh-fighter/replays
for n in $(seq 141 190); do [ -e /tmp/.X11-unix/X$n ] || break; done
Xvfb :$n -screen 0 1280x720x24 -nolisten tcp -noreset >/dev/null 2>&1 &
XPID=$!
trap 'kill $XPID 2>/dev/null; [ -n "${GPID:-}" ] && kill $GPID 2>/dev/null' EXIT
export DISPLAY=:$n
for i in $(seq 1 100); do [ -e /tmp/.X11-unix/X$n ] && break; sleep 0.1; done

fail() { echo "FAIL: $*"; cat "$OUT/game.err"; exit 1; }
source "$(dirname "$0")/window_lib.sh"
PROBE=$OUT/probe.log
export BVH_TEST_PROBE=$PROBE
# One key, sent once the screen on top has been up 16 ticks (menus ignore a confirm press for their first 15), and
# taken by the game before the next (the probe's presses count); the game must still run.
key() {
    probeWaitTop $GPID . 16 600 || fail "the game ended, or its screen never settled, before the key $1"
    probeKey $GPID "$1" || fail "the game did not take the key $1 (last: $(tail -n 1 "$PROBE"))"
}
# Waits (at most 120 s) until N replays in the folder have their `end` line (the match is over), then (at most
# 60 s) until the arcade panel is on top and takes presses.
wait_matches() {
    for i in $(seq 1 1200); do
        [ "$(grep -l '^end ' "$REPLAYS"/*.freplay 2>/dev/null | wc -l)" -ge "$1" ] && break
        kill -0 $GPID 2>/dev/null || fail "the game ended during match $1"
        sleep 0.1
    done
    [ "$(grep -l '^end ' "$REPLAYS"/*.freplay 2>/dev/null | wc -l)" -ge "$1" ] || fail "match $1 did not end within 120 s"
    probeWaitTop $GPID ArcadeResultScreen 16 600 || fail "no arcade panel after match $1 (last: $(tail -n 1 "$PROBE"))"
}
# The arcade panel is on screen: its fill (16, 12, 30) under the heading, and the heading's yellow (255, 220, 110).
# It stands under the HUD over the loser's half (centred at x 320 or 960), or in the middle (640) after a draw.
panel_shown() {
    import -window root "$1" 2>/dev/null || fail "no screenshot"
    local cx fill yellow r g b seen=""
    for cx in 320 640 960; do
        fill=$(convert "$1" -crop 60x30+$((cx - 270))+205 -resize 1x1\! -format '%[fx:int(255*r)] %[fx:int(255*g)] %[fx:int(255*b)]' info:)
        yellow=$(convert "$1" -crop 520x80+$((cx - 260))+125 -fuzz 12% -fill white -opaque 'rgb(255,220,110)' -fill black +opaque white \
                 -format '%[fx:int(mean*w*h)]' info:)
        read -r r g b <<< "$fill"
        seen="$seen at $cx: fill $fill, $yellow yellow;"
        [ "$r" -le 30 ] && [ "$g" -le 30 ] && [ "$b" -ge 18 ] && [ "$b" -le 45 ] && [ "$yellow" -ge 300 ] && return 0
    done
    fail "$1: no result panel with its heading ($seen)"
}

"$GAME" --data "$DATA" --round-seconds 2 --draw-fps 15 > "$OUT/game.out" 2> "$OUT/game.err" &
GPID=$!
win=""
for i in $(seq 1 600); do
    win=$(xdotool search --name "BVH Fighter" 2>/dev/null | head -1)
    [ -n "$win" ] && break
    sleep 0.1
done
[ -n "$win" ] || fail "no game window"
probeStarted $GPID || fail "the game never ran a tick"
xdotool windowfocus --sync "$win" 2>/dev/null
key Return; key s; key s; key Return; key Return   # title -> modes -> Arcade -> fighter select: Ryo
wait_matches 1
panel_shown "$OUT/continue1.png"
key Return                                          # continue: the same opponent again
wait_matches 2
panel_shown "$OUT/continue2.png"
key Escape; key Return; key Escape                  # give up -> GAME OVER -> title -> quit
for i in $(seq 1 300); do kill -0 $GPID 2>/dev/null || break; sleep 0.1; done
kill -0 $GPID 2>/dev/null && fail "the game still runs after Esc, Enter, Esc on the second result panel"
wait $GPID
RC=$?
GPID=
[ "$RC" = 0 ] || fail "exit $RC"

files=("$REPLAYS"/*.freplay)
[ "${#files[@]}" = 2 ] || fail "expected 2 arcade replays, found ${#files[@]}: ${files[*]}"
for f in "${files[@]}"; do
    grep -qx "mode cpu" "$f" || fail "$f: not a match against the CPU"
    grep -qx "fighters ryo brick" "$f" || fail "$f: not Ryo against the first opponent (Brick): $(grep '^fighters' "$f")"
    grep -qx "roundframes 120" "$f" || fail "$f: rounds not 2 s: $(grep '^roundframes' "$f")"
    "$HEADLESS" --replay "$f" > "$OUT/summary.txt" 2>&1 || { cat "$OUT/summary.txt"; fail "$f does not replay"; }
    grep -qi "winner" "$OUT/summary.txt" || { cat "$OUT/summary.txt"; fail "$f: no winner line"; }
    if grep -qi "winner: *p1\|winner p1\|p1 wins" "$OUT/summary.txt"; then cat "$OUT/summary.txt"; fail "$f: player 1 won"; fi
done
echo "arcade: two matches lost or drawn against Brick, CONTINUE? shown after each, continue and give up worked, exit 0"
