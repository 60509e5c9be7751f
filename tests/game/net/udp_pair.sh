#!/bin/bash
# Two real game_headless peers over UDP on localhost with simulated delay, jitter and loss: both must finish the
# match with the same final hash, equal to the offline run of the script and to each side's recorded replay played
# back offline, and the two recordings must be identical. Every wait is bounded (timeout, --wait, a polling limit).
# usage: udp_pair.sh GAME_HEADLESS SCRIPT WORKDIR [extra flags for both peers...]
# Two recordings of one match are the same match: equal but for the lines that say what each side saw of the
# network (`stall`, `ending`; docs/formats.md).
same_match() { cmp -s <(grep -v -E '^(stall|ending) ' "$1") <(grep -v -E '^(stall|ending) ' "$2"); }
set -u
exe=$1 script=$2 dir=$3
shift 3
net=(--net-delay 80 --net-jitter 20 --net-loss 5 "$@")
rm -rf "$dir" && mkdir -p "$dir" || exit 1
fail() { echo "FAIL: $*"; echo "--- host"; cat "$dir/host.out"; echo "--- joiner"; cat "$dir/join.out" 2>/dev/null; exit 1; }
hashOf() { sed -n 's/^final hash: //p' "$1"; }

timeout -k 5 60 "$exe" --host 0 --replay "$script" --wait 20 "${net[@]}" --record "$dir/host.freplay" >"$dir/host.out" 2>&1 &
host=$!
port=
for _ in $(seq 100); do
    port=$(sed -n 's/^hosting on UDP port //p' "$dir/host.out")
    [ -n "$port" ] && break
    sleep 0.1
done
[ -n "$port" ] || { kill "$host"; fail "the host printed no port"; }
timeout -k 5 60 "$exe" --join "127.0.0.1:$port" --replay "$script" "${net[@]}" --record "$dir/join.freplay" >"$dir/join.out" 2>&1
joinCode=$?
wait "$host"
hostCode=$?
[ "$hostCode" = 0 ] || fail "host exit $hostCode"
[ "$joinCode" = 0 ] || fail "joiner exit $joinCode"
grep -q '^result: match over$' "$dir/host.out" || fail "host did not finish the match"
grep -q '^result: match over$' "$dir/join.out" || fail "joiner did not finish the match"
h=$(hashOf "$dir/host.out") j=$(hashOf "$dir/join.out")
"$exe" --replay "$script" >"$dir/offline.out" || fail "offline script run failed"
"$exe" --replay "$dir/host.freplay" >"$dir/host_replay.out" || fail "the host's recording does not replay"
"$exe" --replay "$dir/join.freplay" >"$dir/join_replay.out" || fail "the joiner's recording does not replay"
o=$(hashOf "$dir/offline.out") hr=$(hashOf "$dir/host_replay.out") jr=$(hashOf "$dir/join_replay.out")
echo "final hashes: host $h, joiner $j, offline script $o, host replay $hr, joiner replay $jr"
[ -n "$h" ] && [ "$h" = "$j" ] || fail "the two sides' final hashes differ"
[ "$h" = "$o" ] || fail "the online match differs from the offline run of the script"
[ "$h" = "$hr" ] && [ "$h" = "$jr" ] || fail "a recording replays to another hash"
same_match "$dir/host.freplay" "$dir/join.freplay" || fail "the two recordings differ"
grep -E '^(ping|packets):' "$dir/host.out" "$dir/join.out"
echo PASS
