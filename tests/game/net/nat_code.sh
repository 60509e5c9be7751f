#!/bin/bash
# By room code on simulated home networks (netns.sh): the `lobby` program and coturn run in the public network; the
# host (home A, a port-restricted cone NAT) creates a room offering its TURN relay as the fallback; the joiner (home
# B) gives only the code; a spectator (home C, its own cone NAT) gives the code once the match is 4 s under way and
# catches up. No relay flag on the joiner or the spectator: each tries the direct punched path first and the host's
# relayed address only when that stays silent for 3 s.
#   cone       B is a port-restricted cone NAT: the joiner must play directly ("path: direct").
#   symmetric  B is a symmetric NAT: the direct path cannot come up, and the joiner must end up relayed.
# All under the conditions simulator's delay, jitter and loss; equal final hashes (also the offline script's) and
# identical recordings for the host, the joiner and the spectator. Skipped (77, with the reason) without root,
# namespaces, nftables or coturn.
# usage: nat_code.sh GAME_HEADLESS LOBBY SCRIPT WORKDIR cone|symmetric
set -u
here=$(cd "$(dirname "$0")" && pwd)
exe=$1 lobbyExe=$2 script=$3 dir=$4 mode=$5
# shellcheck source=netns.sh
source "$here/netns.sh"
# shellcheck source=coturn.sh
source "$here/coturn.sh"
netns_require
coturn_require
rm -rf "$dir" && mkdir -p "$dir" || exit 1
fail() { echo "FAIL: $*"; for f in lobby host join spec; do [ -f "$dir/$f.out" ] && { echo "--- $f"; cat "$dir/$f.out"; }; done
         tail -n 20 "$dir"/turnserver*.log 2>/dev/null; exit 1; }
hashOf() { sed -n 's/^final hash: //p' "$1"; }
net=(--net-delay 20 --net-jitter 5 --net-loss 3)
lobby=203.0.113.1:7100
relay=(--turn 203.0.113.1:3478 --turn-user bvh --turn-password s3cret)

netns_setup "$([ "$mode" = symmetric ] && echo 1 || echo 0)"
coturn_start "$dir" 203.0.113.1 3478 bvh s3cret "$(netns_name pub)"
netns_exec pub timeout 120 "$lobbyExe" --port 7100 --lifetime 120 >"$dir/lobby.out" 2>&1 &
netns_exec ha timeout 90 "$exe" --host 7000 --lobby "$lobby" "${relay[@]}" --replay "$script" --wait 30 "${net[@]}" \
    --record "$dir/host.freplay" >"$dir/host.out" 2>&1 &
host=$!
code=
for _ in $(seq 100); do  # bounded: 10 s for the allocation and the room
    code=$(sed -n 's/^room code: //p' "$dir/host.out")
    [ -n "$code" ] && break
    sleep 0.1
done
[ -n "$code" ] || fail "the host got no room code"
netns_exec hb timeout 90 "$exe" --code "$code" --lobby "$lobby" --replay "$script" "${net[@]}" \
    --record "$dir/join.freplay" >"$dir/join.out" 2>&1 &
join=$!
for _ in $(seq 150); do  # the match under way (at most 15 s: 3 s of direct attempts first when symmetric)
    grep -q '^joining ' "$dir/join.out" 2>/dev/null && [ -s "$dir/host.out" ] && break
    sleep 0.1
done
sleep 6
netns_exec hc timeout 60 "$exe" --spectate "$code" --lobby "$lobby" --net-delay 20 --net-loss 3 --record "$dir/spec.freplay" \
    >"$dir/spec.out" 2>&1 &
spec=$!
wait "$join"; joinCode=$?
wait "$host"; hostCode=$?
wait "$spec"; specCode=$?
[ "$hostCode" = 0 ] || fail "host exit $hostCode"
[ "$joinCode" = 0 ] || fail "joiner exit $joinCode"
[ "$specCode" = 0 ] || fail "spectator exit $specCode"
caught=$(sed -n 's/^caught up: frame \([0-9]*\),.*/\1/p' "$dir/spec.out")
[ "${caught:-0}" -gt 100 ] || fail "the spectator caught up at frame ${caught:-none}: it did not join late"
if [ "$mode" = cone ]; then
    grep -q '^path: direct$' "$dir/join.out" || fail "the joiner did not play directly behind a cone NAT"
    grep -q '^path: direct$' "$dir/host.out" || fail "the host did not play directly behind a cone NAT"
else
    grep -q '^path: relayed' "$dir/join.out" || fail "the joiner behind the symmetric NAT did not fall back to the relay"
    grep -q '^path: relayed through TURN' "$dir/host.out" || fail "the host does not say the match went through its relay"
fi
grep -q '^path: direct$' "$dir/spec.out" || fail "the spectator behind a cone NAT did not watch directly"
h=$(hashOf "$dir/host.out") j=$(hashOf "$dir/join.out") sp=$(hashOf "$dir/spec.out")
"$exe" --replay "$script" >"$dir/offline.out" || fail "offline script run failed"
o=$(hashOf "$dir/offline.out")
echo "$mode by code $code: final hashes host $h, joiner $j, spectator $sp (caught up at frame $caught), offline $o"
[ -n "$h" ] && [ "$h" = "$j" ] || fail "the two sides' final hashes differ"
[ "$sp" = "$h" ] || fail "the spectator's final hash differs"
[ "$h" = "$o" ] || fail "the match differs from the offline run of the script"
cmp -s "$dir/host.freplay" "$dir/join.freplay" || fail "the two recordings differ"
cmp -s "$dir/host.freplay" "$dir/spec.freplay" || fail "the spectator's recording differs from the players'"
grep -E '^(through the lobby|path|ping):' "$dir/host.out" "$dir/join.out" "$dir/spec.out"
echo PASS
