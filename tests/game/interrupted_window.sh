#!/bin/bash
# The window tells a silent link: under a private Xvfb the window joins a headless host on loopback; once the match
# runs, the host is stopped (SIGSTOP) for about 1.5 s, and a screenshot taken 1 s into that silence must show the
# CONNECTION INTERRUPTED notice (its text colour, 255 190 90, over at least 150 pixels), where a screenshot of the
# running match just before shows none of it. Then the host goes on (SIGCONT) and the match must end normally:
# the window's recording ends with an `end` line and equals the host's. Every wait is bounded.
# Usage: interrupted_window.sh GAME GAME_HEADLESS DATA SCRIPT OUT. Any build's binaries (docs/testing.md runs it
# against the build before the notice existed: then give that build's DATA and SCRIPT too).
# Skips (77, with the reason) without Xvfb, import or convert (imagemagick).
set -u
game=$1 exe=$2 data=$3 script=$4 out=$5
for tool in Xvfb import convert; do
    command -v $tool >/dev/null || { echo "INTERRUPTED WINDOW TEST SKIPPED: needs $tool"; exit 77; }
done
rm -rf "$out" && mkdir -p "$out/home" "$out/cfg/bvh-fighter" || exit 1
export HOME=$out/home XDG_CONFIG_HOME=$out/cfg XDG_DATA_HOME=$out/data ASAN_OPTIONS=${ASAN_OPTIONS:-}:detect_leaks=0
printf 'p1.style = motion\np2.style = motion\nmsaa = off\n' >"$out/cfg/bvh-fighter/settings.cfg"  # no welcome page
pids=()
trap 'for p in "${pids[@]}"; do kill -CONT "$p" 2>/dev/null; kill "$p" 2>/dev/null; done' EXIT
fail() { echo "FAIL: $*"; for f in "$out"/*.out "$out"/*.err; do [ -f "$f" ] && { echo "--- $f"; cat "$f"; }; done; exit 1; }
source "$(dirname "${BASH_SOURCE[0]}")/window_lib.sh"  # waitFor, freeDisplay, windowRecording
# Pixels of the notice's text colour in a screenshot.
noticePixels() {
    convert "$1" -fill black +opaque '#FFBE5A' -fill white -opaque '#FFBE5A' -colorspace gray -format '%[fx:int(mean*w*h+0.5)]' info:
}
n=$(freeDisplay 200 249) || fail "no free X display number in 200..249"
Xvfb ":$n" -screen 0 1280x720x24 -nolisten tcp -noreset >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X$n" ] && break; sleep 0.1; done
export DISPLAY=:$n

"$exe" --host 0 --replay "$script" --wait 30 --frames 240 --record "$out/host.freplay" >"$out/host.out" 2>&1 &
host=$!; pids+=($host)
port=$(waitFor "$out/host.out" 's/^hosting on UDP port //p' 100) || fail "the host printed no port"
"$game" --data "$data" --mute --join "127.0.0.1:$port" >"$out/game.out" 2>"$out/game.err" &
win=$!; pids+=($win)
# The match has started once the window says `online: ...` (this build) or its recording appears in the replays
# folder (a build that does not say it).
started=
for _ in $(seq 150); do
    grep -q '^online: ' "$out/game.out" 2>/dev/null && started=1 && break
    [ -n "$(ls -A "$XDG_DATA_HOME/bvh-fighter/replays" 2>/dev/null)" ] && started=1 && break
    sleep 0.1
done
[ -n "$started" ] || fail "the window did not start the match within 15 s"
sleep 1
import -window root "$out/playing.png" 2>/dev/null || fail "no screenshot"
kill -STOP "$host"
sleep 1
import -window root "$out/silent.png" 2>/dev/null
sleep 0.5
kill -CONT "$host"
before=$(noticePixels "$out/playing.png") during=$(noticePixels "$out/silent.png")
echo "notice-coloured pixels: $before while playing, $during after 1 s of silence"
[ "$before" -lt 20 ] || fail "the running match already shows $before pixels of the notice's colour"
[ "$during" -ge 150 ] || fail "no CONNECTION INTERRUPTED notice after 1 s of silence ($during pixels of its colour)"
# The link comes back: the match goes on to its end (4 s of frames; bounded at 30 s).
for _ in $(seq 300); do kill -0 "$host" 2>/dev/null || break; sleep 0.1; done
wait "$host"; hostCode=$?
[ "$hostCode" = 0 ] || fail "host exit $hostCode after the silence"
rec=$(windowRecording)
kill "$win" 2>/dev/null; wait "$win" 2>/dev/null
[ -n "$rec" ] || fail "the window wrote no recording"
cmp -s "$rec" "$out/host.freplay" || fail "the window's recording differs from the host's"
echo PASS
