#!/bin/bash
# The real `lobby` program and two real game_headless peers on localhost: the host creates a room, the joiner gives
# its code, both meet through the lobby (each after one cookie Retry) and play the script under simulated delay and
# loss: equal final hashes, equal to the offline run, identical recordings; a third peer with the code is refused as
# full while the match runs, and once the match is over the host has closed the room. With `flood`, 40,000 junk and 20,000
# well-formed Join datagrams with a made-up cookie hit the lobby first, from one source: it goes on serving (junk is
# dropped, the Retries towards that source are capped) and the pair still meets. With `spectate`, the match runs in real time and two spectators
# give only the code: one from the start, one 5 s into the match (it catches up by simulating from frame 0); both end
# with the players' final hash and recording. Then a third peer with the code is refused as full. Every wait
# is bounded.
# Each step says when it ends ("[12 s] ..."), so a run that times out shows where the time went.
# usage: lobby_pair.sh LOBBY GAME_HEADLESS SCRIPT WORKDIR [flood|spectate]
# Two recordings of one match are the same match: equal but for the lines that say what each side saw of the
# network (`stall`, `ending`; docs/formats.md).
same_match() { cmp -s <(grep -v -E '^(stall|ending) ' "$1") <(grep -v -E '^(stall|ending) ' "$2"); }
set -u
lobbyExe=$1 exe=$2 script=$3 dir=$4 mode=${5:-}
rm -rf "$dir" && mkdir -p "$dir" || exit 1
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; }
trap cleanup EXIT
fail() { echo "FAIL: $*"; for f in "$dir"/*.out; do echo "--- $f"; cat "$f"; done; exit 1; }
t0=$SECONDS
phase() { echo "[$((SECONDS - t0)) s] $*"; }
hashOf() { sed -n 's/^final hash: //p' "$1"; }
# The lobby stops on SIGINT and writes its closing counters line; `timeout -k 5` kills it 5 s after the signal.
# Killed without that line is a failure. Killed with it, the process was stuck on its way out (a sanitizer's leak
# check has been seen to hang there under load): said, not failed.
stopLobby() {
    kill -INT "${pids[0]}"
    wait "${pids[0]}"
    local code=$?
    [ "$code" = 137 ] || return 0
    grep -q '^rooms: ' "$dir/lobby.out" || fail "the lobby did not stop within 5 s of SIGINT"
    echo "note: the lobby ended its loop on SIGINT but had not exited 5 s later; killed"
}
waitFor() {  # waitFor FILE SED_EXPR: prints the first match within 10 s
    local v=
    for _ in $(seq 100); do
        v=$(sed -n "$2" "$1" | head -n 1)
        [ -n "$v" ] && { echo "$v"; return 0; }
        sleep 0.1
    done
    return 1
}

timeout -k 5 200 "$lobbyExe" --port 0 --lifetime 60 --rate 50 --burst 100 >"$dir/lobby.out" 2>&1 &
pids+=($!)
lport=$(waitFor "$dir/lobby.out" 's/^lobby on UDP port \([0-9]*\).*/\1/p') || fail "the lobby printed no port"
phase "the lobby is on port $lport"

if [ "$mode" = flood ]; then
    (   exec 3>"/dev/udp/127.0.0.1/$lport" || exit 0
        for _ in $(seq 40000); do printf 'LB\004\002junk' >&3; done
        # Joins of protocol 4 with a made-up cookie: each is answered with a Retry at most, a few a second.
        for _ in $(seq 20000); do printf 'LB\004\002%016d%016dABCDEF\000\000\000\000\000\000\000' 0 0 >&3; done
    ) 2>/dev/null
fi

net=(--net-delay 30 --net-jitter 10 --net-loss 3 --fast)
[ "$mode" = spectate ] && net=(--net-delay 30 --net-jitter 10 --net-loss 3)  # real time: a late spectator is late
timeout -k 5 60 "$exe" --host 0 --lobby "127.0.0.1:$lport" --replay "$script" --wait 20 "${net[@]}" \
    --record "$dir/host.freplay" >"$dir/host.out" 2>&1 &
host=$!
pids+=($host)
code=$(waitFor "$dir/host.out" 's/^room code: //p') || fail "the host got no room code"
phase "the host has room $code"
if [ "$mode" = spectate ]; then
    timeout -k 5 60 "$exe" --spectate "$code" --lobby "127.0.0.1:$lport" --net-delay 30 --net-loss 3 \
        --record "$dir/s1.freplay" >"$dir/s1.out" 2>&1 &
    s1=$!; pids+=($s1)
fi
timeout -k 5 60 "$exe" --code "$code" --lobby "127.0.0.1:$lport" --replay "$script" "${net[@]}" \
    --record "$dir/join.freplay" >"$dir/join.out" 2>&1 &
join=$!
if [ "$mode" = spectate ]; then  # the second spectator comes late: 300 frames into the match
    for _ in $(seq 300); do grep -q '^confirmed frame 300$' "$dir/join.out" 2>/dev/null && break; sleep 0.1; done
    grep -q '^confirmed frame 300$' "$dir/join.out" || fail "the match did not reach frame 300 within 30 s"
    timeout -k 5 60 "$exe" --spectate "$code" --lobby "127.0.0.1:$lport" --net-delay 30 --net-loss 3 \
        --record "$dir/s2.freplay" >"$dir/s2.out" 2>&1 &
    s2=$!; pids+=($s2)
    phase "the late spectator starts"
fi
waitFor "$dir/join.out" 's/^\(joining\|result\).*/x/p' >/dev/null || fail "the joiner never got the host's address"
# While the room has its joiner, a third peer with the code is refused as full.
timeout -k 5 30 "$exe" --code "$code" --lobby "127.0.0.1:$lport" --replay "$script" >"$dir/third.out" 2>&1
phase "the third peer is done"
wait "$join"
joinCode=$?
wait "$host"; hostCode=$?
phase "the players are done"
[ "$hostCode" = 0 ] && [ "$joinCode" = 0 ] || fail "exit codes: host $hostCode, joiner $joinCode"
h=$(hashOf "$dir/host.out") j=$(hashOf "$dir/join.out")
"$exe" --replay "$script" >"$dir/offline.out" || fail "offline run failed"
o=$(hashOf "$dir/offline.out")
echo "final hashes: host $h, joiner $j, offline $o (room $code)"
[ -n "$h" ] && [ "$h" = "$j" ] && [ "$h" = "$o" ] || fail "hashes differ"
same_match "$dir/host.freplay" "$dir/join.freplay" || fail "the two recordings differ"
if [ "$mode" = spectate ]; then
    wait "$s1"; s1Code=$?
    wait "$s2"; s2Code=$?
    phase "the spectators are done"
    [ "$s1Code" = 0 ] && [ "$s2Code" = 0 ] || fail "spectator exit codes: $s1Code, $s2Code"
    a=$(hashOf "$dir/s1.out") b=$(hashOf "$dir/s2.out")
    echo "spectators by code: final hashes $a, $b"
    [ "$a" = "$h" ] && [ "$b" = "$h" ] || fail "a spectator's final hash differs from the players'"
    same_match "$dir/host.freplay" "$dir/s1.freplay" || fail "spectator 1's recording differs from the players'"
    same_match "$dir/host.freplay" "$dir/s2.freplay" || fail "the late spectator's recording differs from the players'"
    caught=$(sed -n 's/^caught up: frame \([0-9]*\),.*/\1/p' "$dir/s2.out")
    [ "${caught:-0}" -gt 150 ] || fail "the late spectator caught up at frame ${caught:-none}: it did not join late"
    grep -q '^path: direct$' "$dir/s2.out" || fail "the spectator does not say its path"
fi
grep -q '^result: lobby: that room is full$' "$dir/third.out" || fail "a third peer with the code was not refused as full"
# The host closed its room when the match ended: the code is dead. (Not after the flood: the Close is one datagram,
# and from this address the flood may still be using up the answer cap; the room then ends with its lifetime.)
if [ "$mode" != flood ]; then
    timeout -k 5 30 "$exe" --code "$code" --lobby "127.0.0.1:$lport" --replay "$script" >"$dir/after.out" 2>&1
    grep -q '^result: lobby: that room has expired$' "$dir/after.out" || fail "the room lived on after the match"
fi
phase "the room checks are done"
stopLobby
phase "the lobby has stopped"
cat "$dir/lobby.out"
if [ "$mode" = flood ]; then
    grep -Eq 'unanswered [1-9]' "$dir/lobby.out" || fail "the flood was answered without a cap"
fi
echo PASS
