#!/bin/bash
# The relay typed into the window's Online menu, not given as flags. Network namespaces (net/netns.sh): the window
# sits behind a port-restricted cone NAT, a headless joiner behind a symmetric NAT (no direct path between them),
# the lobby and a coturn on the public side. The window starts with no flag but --data and --mute; xdotool goes
# title -> mode select -> Online, types the lobby's address and the relay's server, user and password into their
# lines and picks Host a room. The window prints its room code, the joiner joins by it (no relay of its own) and
# must reach the window through the relay the menu gave: the window says `online: relayed, ping N ms`.
# Checked so that it can fail: that line; the settings file then holds the typed lobby and relay lines and is
# readable by its owner only; before that, Host a room with the relay half-filled started nothing, the window went
# on and the menu's problem line turned red (a screenshot, kept; its colour checked with ImageMagick).
# Usage: online_menu_relay.sh GAME GAME_HEADLESS LOBBY DATA SCRIPT OUT. Skips (77, with the reason) without Xvfb,
# xdotool, root, namespaces, nftables or coturn.
set -u
here=$(cd "$(dirname "$0")" && pwd)
game=$1 exe=$2 lobbyExe=$3 data=$4 script=$5 out=$6
for tool in Xvfb xdotool; do
    command -v $tool >/dev/null || { echo "ONLINE MENU RELAY TEST SKIPPED: needs $tool"; exit 77; }
done
# shellcheck source=net/netns.sh
source "$here/net/netns.sh"
# shellcheck source=net/coturn.sh
source "$here/net/coturn.sh"
netns_require
coturn_require
rm -rf "$out" && mkdir -p "$out/home" "$out/cfg/bvh-fighter" || exit 1
export HOME=$out/home XDG_CONFIG_HOME=$out/cfg XDG_DATA_HOME=$out/data ASAN_OPTIONS=${ASAN_OPTIONS:-}:detect_leaks=0
settings=$out/cfg/bvh-fighter/settings.cfg
printf 'p1.style = motion\np2.style = motion\nmsaa = off\n' >"$settings"  # no welcome page; no lobby, no relay
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; netns_teardown' EXIT
fail() { echo "FAIL: $*"; for f in "$out"/*.out "$out"/*.err "$settings"; do [ -f "$f" ] && { echo "--- $f"; cat "$f"; }; done; exit 1; }
source "$(dirname "${BASH_SOURCE[0]}")/window_lib.sh"  # waitFor, freeDisplay, windowRecording
# lineColour PNG COLOUR WHAT: the menu's problem line (above the key hint) has text of that colour. Needs
# ImageMagick's import and convert; without them it says so and the run goes on (the other checks still fail).
lineColour() {
    command -v import >/dev/null && command -v convert >/dev/null || { echo "no ImageMagick: $3 not checked"; return 0; }
    netns_exec ha import -window root "$1" 2>/dev/null || fail "no screenshot $1"
    local count
    count=$(convert "$1" -crop 1280x26+0+648 -fuzz 10% -fill white -opaque "$2" -fill black +opaque white \
            -format '%[fx:int(mean*w*h)]' info:)
    [ "$count" -ge 200 ] || fail "$1: no $3 ($count pixels of $2)"
}
n=$(freeDisplay 200 249) || fail "no free X display number in 200..249"

netns_setup 1
coturn_start "$out" 203.0.113.1 3478 bvh s3cret "$(netns_name pub)"
netns_exec pub timeout 60 "$lobbyExe" --port 7100 --lifetime 60 >"$out/lobby.out" 2>&1 &
pids+=($!)
waitFor "$out/lobby.out" 's/^\(lobby on UDP port\)/\1/p' 100 >/dev/null || fail "the lobby did not start"
# The X server, the window and xdotool share the window's namespace (X's abstract socket is per namespace).
netns_exec ha Xvfb ":$n" -screen 0 1280x720x24 -nolisten tcp -noreset >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X$n" ] && break; sleep 0.1; done
export DISPLAY=:$n
netns_exec ha timeout 60 "$game" --data "$data" --mute >"$out/game.out" 2>"$out/game.err" &
win=$!; pids+=($win)
xkey() { kill -0 "$win" 2>/dev/null || fail "the window ended before the keys $*"; netns_exec ha xdotool key --delay 80 "$@"; sleep 0.25; }
xtype() { netns_exec ha xdotool type --delay 40 "$1"; sleep 0.2; }
wid=
for _ in $(seq 300); do
    wid=$(netns_exec ha xdotool search --name "BVH Fighter" 2>/dev/null | head -n 1)
    [ -n "$wid" ] && break
    sleep 0.1
done
[ -n "$wid" ] || fail "no game window"
sleep 1
netns_exec ha xdotool windowfocus --sync "$wid" 2>/dev/null
xkey Return                      # title -> mode select
xkey s s s s s Return            # Tutorial, Versus player, Arcade, Versus CPU, Training, Online
xkey Up Up Up Up                 # from Host a room up to the Lobby line
xtype 203.0.113.1:7100
xkey Down
xtype "203.0.113.1:$COTURN_PORT"
xkey Down Down Down Return       # Host a room with the relay half-filled: refused, the problem line turns red
sleep 0.3
kill -0 "$win" 2>/dev/null || fail "the window ended on a half-filled relay"
grep -q '^room code: ' "$out/game.out" && fail "a room was asked for with a half-filled relay"
lineColour "$out/refused.png" 'rgb(255,110,100)' "the red problem line"
xkey Up Up                       # back to Relay user
xtype bvh
xkey Down
xtype s3cret
xkey Down Return                 # Host a room
code=$(waitFor "$out/game.out" 's/^room code: //p' 100) || fail "the window printed no room code"
netns_exec hb timeout 40 "$exe" --code "$code" --lobby 203.0.113.1:7100 --replay "$script" >"$out/join.out" 2>&1 &
pids+=($!)
line=$(waitFor "$out/game.out" 's/^\(online: .*\)/\1/p' 200) || fail "the window never started the match"
echo "$line"
[[ $line =~ ^online:\ relayed,\ ping\ [0-9]+\ ms$ ]] || fail "the window behind the cone NAT is not relayed: $line"
grep -qx 'lobby = 203.0.113.1:7100' "$settings" || fail "the typed lobby is not saved"
grep -qx "relay = 203.0.113.1:$COTURN_PORT" "$settings" || fail "the typed relay is not saved"
grep -qx 'relay.user = bvh' "$settings" && grep -qx 'relay.password = s3cret' "$settings" ||
    fail "the relay's credentials are not saved"
[ "$(stat -c %a "$settings")" = 600 ] || fail "the settings file holding a password is mode $(stat -c %a "$settings")"
echo PASS
