#!/bin/bash
# The window online by room code, under a private Xvfb, against real headless peers and the real `lobby`:
#   spectate  (loopback) a headless host and joiner meet by code; the window gives only the code on --spectate,
#             4 s into the match, catches up and watches: it says `spectating: direct` and its recording is the
#             players', byte for byte.
#   relayed   (network namespaces, netns.sh) the window joins by code from behind a symmetric NAT with no relay
#             flag; the headless host behind a cone NAT offers its coturn relay: the window says `online: relayed`
#             (the HUD shows it too; a screenshot is kept) and its recording equals the host's.
#   joinrelay (network namespaces) the window joins by code from behind the symmetric NAT with its own --turn; the
#             headless host behind a cone NAT has none and reaches it through the window's relay: `online: relayed`.
# Usage: online_window.sh GAME GAME_HEADLESS LOBBY DATA SCRIPT OUT spectate|relayed|joinrelay. Skips (77, with the
# reason) without Xvfb, or for the namespace modes without root, namespaces, nftables or coturn.
# Two recordings of one match are the same match: equal but for the lines that say what each side saw of the
# network (`stall`, `ending`; docs/formats.md).
same_match() { cmp -s <(grep -v -E '^(stall|ending) ' "$1") <(grep -v -E '^(stall|ending) ' "$2"); }
set -u
here=$(cd "$(dirname "$0")" && pwd)
game=$1 exe=$2 lobbyExe=$3 data=$4 script=$5 out=$6 mode=$7
command -v Xvfb >/dev/null || { echo "ONLINE WINDOW TEST SKIPPED: needs Xvfb"; exit 77; }
netns=0
[ "$mode" = relayed ] || [ "$mode" = joinrelay ] && netns=1
if [ "$netns" = 1 ]; then
    # shellcheck source=net/netns.sh
    source "$here/net/netns.sh"
    # shellcheck source=net/coturn.sh
    source "$here/net/coturn.sh"
    netns_require
    coturn_require
fi
rm -rf "$out" && mkdir -p "$out/home" || exit 1
printf 's3cret\n' >"$out/turn.pass"
export HOME=$out/home XDG_CONFIG_HOME=$out/cfg XDG_DATA_HOME=$out/data ASAN_OPTIONS=${ASAN_OPTIONS:-}:detect_leaks=0
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; }
trap 'cleanup; [ "$netns" = 1 ] && netns_teardown' EXIT
fail() { echo "FAIL: $*"; for f in "$out"/*.out "$out"/*.err; do [ -f "$f" ] && { echo "--- $f"; cat "$f"; }; done; exit 1; }
hashOf() { sed -n 's/^final hash: //p' "$1"; }
source "$(dirname "${BASH_SOURCE[0]}")/window_lib.sh"  # waitFor, freeDisplay, windowRecording
PROBE=$out/probe.log
export BVH_TEST_PROBE=$PROBE  # the window's own ticks (game/app/test_probe.h)
n=$(freeDisplay 150 199) || fail "no free X display number in 150..199"
# run IN_NAMESPACE CMD...: in that home's namespace for the namespace modes, here otherwise. Started with `&` the
# function runs in a subshell: it execs, so that $! is the command's own pid and the trap's kill reaches it (an Xvfb
# was left running after every test before).
run() {
    local in=()
    if [ "$netns" = 1 ] && [ "$1" != - ]; then in=(ip netns exec "$(netns_name "$1")"); fi
    shift
    if [ "$BASH_SUBSHELL" -gt 0 ]; then exec "${in[@]}" "$@"; else "${in[@]}" "$@"; fi
}

winRelay=()
if [ "$netns" = 1 ]; then
    netns_setup 1
    coturn_start "$out" 203.0.113.1 3478 bvh s3cret "$(netns_name pub)"
    netns_exec pub timeout -k 5 120 "$lobbyExe" --port 7100 --lifetime 120 >"$out/lobby.out" 2>&1 &
    pids+=($!)
    waitFor "$out/lobby.out" 's/^\(lobby on UDP port\)/\1/p' 100 >/dev/null || fail "the lobby did not start"
    lobby=203.0.113.1:7100 hostNs=ha joinNs=hb hostPort=7000
    relay=(--turn 203.0.113.1:3478 --turn-user bvh --turn-password-file "$out/turn.pass")
    [ "$mode" = joinrelay ] && winRelay=("${relay[@]}") relay=()  # the window's relay, the host none
else
    timeout -k 5 120 "$lobbyExe" --port 0 --lifetime 120 >"$out/lobby.out" 2>&1 &
    pids+=($!)
    lport=$(waitFor "$out/lobby.out" 's/^lobby on UDP port \([0-9]*\).*/\1/p' 100) || fail "the lobby printed no port"
    lobby=127.0.0.1:$lport hostNs=- joinNs=- hostPort=0  # any free port: other tests may hold 7000
    relay=()
fi
run "$joinNs" Xvfb ":$n" -screen 0 1280x720x24 -nolisten tcp -noreset >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X$n" ] && break; sleep 0.1; done
export DISPLAY=:$n
run "$hostNs" timeout -k 5 90 "$exe" --host "$hostPort" --lobby "$lobby" "${relay[@]}" --replay "$script" --wait 40 \
    --net-delay 20 --net-loss 2 --record "$out/host.freplay" >"$out/host.out" 2>&1 &
host=$!; pids+=($host)
code=$(waitFor "$out/host.out" 's/^room code: //p' 150) || fail "the host got no room code"
if [ "$mode" = spectate ]; then
    timeout -k 5 90 "$exe" --code "$code" --lobby "$lobby" --replay "$script" --net-delay 20 --net-loss 2 \
        --record "$out/join.freplay" >"$out/join.out" 2>&1 &
    join=$!; pids+=($join)
    waitFor "$out/join.out" 's/^\(through the lobby: .*\)/\1/p' 300 >/dev/null || fail "the joiner never met the host"
    "$game" --data "$data" --mute --draw-fps 15 --lobby "$lobby" --spectate "$code" >"$out/game.out" 2>"$out/game.err" &
    win=$!; pids+=($win)
    waitFor "$out/game.out" 's/^\(spectating: .*\)/\1/p' 150 >/dev/null || fail "the window never watched"
    probeWaitTop "$win" . 120 300 || fail "the window did not show two seconds of the match"
    command -v import >/dev/null && import -window root "$out/spectating.png" 2>/dev/null
    wait "$join" || fail "the joiner failed"
else
    run "$joinNs" "$game" --data "$data" --mute --draw-fps 15 --lobby "$lobby" --code "$code" "${winRelay[@]}" >"$out/game.out" \
        2>"$out/game.err" &
    win=$!; pids+=($win)
    waitFor "$out/game.out" 's/^\(online: .*\)/\1/p' 200 >/dev/null || fail "the window never started the match"
    probeWaitTop "$win" . 120 300 || fail "the window did not show two seconds of the match"
    command -v import >/dev/null && run "$joinNs" import -window root "$out/$mode.png" 2>/dev/null
fi
wait "$host"; hostCode=$?
[ "$hostCode" = 0 ] || fail "host exit $hostCode"
# The window keeps the last picture up; its recording is complete once the match is over (bounded wait).
rec=$(windowRecording)
kill "$win" 2>/dev/null; wait "$win" 2>/dev/null
[ -n "$rec" ] || fail "the window wrote no recording"
cat "$out/game.out"
if [ "$mode" = spectate ]; then
    grep -qx 'spectating: direct' "$out/game.out" || fail "the window does not say it watches directly"
    [ "$(hashOf "$out/join.out")" = "$(hashOf "$out/host.out")" ] || fail "the players' hashes differ"
else
    grep -q '^online: relayed, ping [0-9]* ms$' "$out/game.out" || fail "the window behind the symmetric NAT is not relayed"
    if [ "$mode" = relayed ]; then
        grep -q '^path: relayed through TURN' "$out/host.out" || fail "the host does not say the match went through its relay"
    else
        grep -q "^path: relayed through the joiner's TURN relay" "$out/host.out" ||
            fail "the host does not say the match went through the window's relay"
    fi
fi
same_match "$rec" "$out/host.freplay" || fail "the window's recording differs from the host's"
echo "$mode: the window's recording equals the host's (final hash $(hashOf "$out/host.out"))"
echo PASS
