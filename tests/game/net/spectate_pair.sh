#!/bin/bash
# Spectators on loopback, with 20 ms delay and 5% loss everywhere: a host (2 spectators at most) and a joiner play a real-time match; spectator S1 watches
# from the start, S2 joins late (the match well under way) and catches up by simulating from frame 0, a third
# stalls (SIGSTOP) mid-match and is dropped. The players finish normally with equal hashes; S1 and S2 end with
# the players' final hash and recordings identical to theirs, and S2 says it caught up past frame 200. A host
# that takes no spectators refuses one at once.
# usage: spectate_pair.sh GAME_HEADLESS SCRIPT WORKDIR
set -u
exe=$1 script=$2 dir=$3
rm -rf "$dir" && mkdir -p "$dir" || exit 1
pids=()
cleanup() { for p in "${pids[@]}"; do kill -CONT "$p" 2>/dev/null; kill "$p" 2>/dev/null; done; }
trap cleanup EXIT
fail() { echo "FAIL: $*"; for f in host join s1 s2 stall refused; do [ -f "$dir/$f.out" ] && { echo "--- $f"; cat "$dir/$f.out"; }; done; exit 1; }
hashOf() { sed -n 's/^final hash: //p' "$1"; }
waitFor() {  # waitFor FILE PATTERN TENTHS
    for _ in $(seq "$3"); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
    return 1
}

# A host taking no spectators refuses one at once (no match needed).
timeout 30 "$exe" --host 0 --replay "$script" --wait 10 --spectators 0 >"$dir/h0.out" 2>&1 &
h0=$!; pids+=("$h0")
waitFor "$dir/h0.out" '^hosting on UDP port ' 100 || fail "the first host printed no port"
p0=$(sed -n 's/^hosting on UDP port //p' "$dir/h0.out")
timeout 20 "$exe" --spectate "127.0.0.1:$p0" >"$dir/refused.out" 2>&1
[ $? = 1 ] || fail "a spectator of a host taking none: expected exit 1"
grep -q '^result: refused: the host takes no more spectators$' "$dir/refused.out" || fail "the refusal is not said"
kill "$h0" 2>/dev/null; wait "$h0" 2>/dev/null

net=(--net-delay 20 --net-loss 5)  # the conditions simulator on every side (the peers' also jitter)
timeout 90 "$exe" --host 0 --replay "$script" --wait 30 --spectators 2 "${net[@]}" --net-jitter 5 --record "$dir/host.freplay" >"$dir/host.out" 2>&1 &
host=$!; pids+=("$host")
waitFor "$dir/host.out" '^hosting on UDP port ' 100 || fail "the host printed no port"
port=$(sed -n 's/^hosting on UDP port //p' "$dir/host.out")
timeout 90 "$exe" --spectate "127.0.0.1:$port" "${net[@]}" --record "$dir/s1.freplay" >"$dir/s1.out" 2>&1 &
s1=$!; pids+=("$s1")
"$exe" --spectate "127.0.0.1:$port" --max-seconds 90 >"$dir/stall.out" 2>&1 &  # no `timeout`: STOP must reach it
stall=$!; pids+=("$stall")
timeout 90 "$exe" --join "127.0.0.1:$port" --replay "$script" "${net[@]}" --net-jitter 5 --record "$dir/join.freplay" >"$dir/join.out" 2>&1 &
join=$!; pids+=("$join")
waitFor "$dir/stall.out" '^watching: ' 150 || fail "the third spectator never watched"
sleep 1
kill -STOP "$stall"
# S2 comes late, once the stalled one has been dropped (3 s of silence): 5 s later (the match runs about 11.5 s).
sleep 5
timeout 90 "$exe" --spectate "127.0.0.1:$port" "${net[@]}" --record "$dir/s2.freplay" >"$dir/s2.out" 2>&1 &
s2=$!; pids+=("$s2")
wait "$join"; joinCode=$?
wait "$host"; hostCode=$?
wait "$s1"; s1Code=$?
wait "$s2"; s2Code=$?
kill -CONT "$stall" 2>/dev/null; kill "$stall" 2>/dev/null
[ "$hostCode" = 0 ] || fail "host exit $hostCode"
[ "$joinCode" = 0 ] || fail "joiner exit $joinCode"
[ "$s1Code" = 0 ] || fail "spectator 1 exit $s1Code"
[ "$s2Code" = 0 ] || fail "spectator 2 (late) exit $s2Code"
h=$(hashOf "$dir/host.out") j=$(hashOf "$dir/join.out") a=$(hashOf "$dir/s1.out") b=$(hashOf "$dir/s2.out")
echo "final hashes: host $h, joiner $j, spectator $a, late spectator $b"
grep -E '^(caught up|spectators):' "$dir/s2.out" "$dir/host.out"
[ -n "$h" ] && [ "$h" = "$j" ] || fail "the players' final hashes differ"
[ "$a" = "$h" ] && [ "$b" = "$h" ] || fail "a spectator's final hash differs from the players'"
cmp -s "$dir/host.freplay" "$dir/join.freplay" || fail "the players' recordings differ"
cmp -s "$dir/host.freplay" "$dir/s1.freplay" || fail "spectator 1's recording differs from the players'"
cmp -s "$dir/host.freplay" "$dir/s2.freplay" || fail "the late spectator's recording differs from the players'"
caught=$(sed -n 's/^caught up: frame \([0-9]*\),.*/\1/p' "$dir/s2.out")
[ "${caught:-0}" -gt 200 ] || fail "the late spectator caught up at frame ${caught:-none}: it did not join late"
grep -q '^spectators: .* [1-9][0-9]* dropped when silent$' "$dir/host.out" || fail "the host did not drop the stalled spectator"
echo PASS
