#!/bin/bash
# By room code on simulated home networks (netns.sh): the `lobby` program and coturn run in the public network; the
# host (home A, a port-restricted cone NAT) creates a room offering its TURN relay as the fallback; the joiner (home
# B) gives only the code; a spectator (home C, its own cone NAT) gives the code once the match is 4 s under way and
# catches up. No relay flag on the joiner or the spectator: each tries the direct punched path first and the host's
# relayed address only when that stays silent for 3 s.
#   cone       B is a port-restricted cone NAT: the joiner must play directly ("path: direct").
#   symmetric  B is a symmetric NAT: the direct path cannot come up, and the joiner must end up relayed.
# The joiner's own relay (no spectator; the host offers none):
#   joinrelay  the joiner behind the symmetric NAT (B) with its own --turn, the host (A) without: the host must reach
#              the joiner through the joiner's relay.
#   hostsym    the reverse: the host behind the symmetric NAT (B) without a relay, the joiner (A) with one.
# All under the conditions simulator's delay, jitter and loss; equal final hashes (also the offline script's) and
# identical recordings for the host, the joiner and the spectator. Skipped (77, with the reason) without root,
# namespaces, nftables or coturn.
# usage: nat_code.sh GAME_HEADLESS LOBBY SCRIPT WORKDIR cone|symmetric|joinrelay|hostsym
# Two recordings of one match are the same match: equal but for the lines that say what each side saw of the
# network (`stall`, `ending`; docs/formats.md).
same_match() { cmp -s <(grep -v -E '^(stall|ending) ' "$1") <(grep -v -E '^(stall|ending) ' "$2"); }
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
printf 's3cret\n' >"$dir/turn.pass"
fail() { echo "FAIL: $*"; for f in lobby host join spec; do [ -f "$dir/$f.out" ] && { echo "--- $f"; cat "$dir/$f.out"; }; done
         tail -n 20 "$dir"/turnserver*.log 2>/dev/null; exit 1; }
hashOf() { sed -n 's/^final hash: //p' "$1"; }
net=(--net-delay 20 --net-jitter 5 --net-loss 3)
lobby=203.0.113.1:7100
relay=(--turn 203.0.113.1:3478 --turn-user bvh --turn-password-file "$dir/turn.pass")
# Who sits where and who has a relay: the host's home, the joiner's, B's NAT symmetric or not, and a spectator or not.
hostHome=ha joinHome=hb symB=0 hostRelay=("${relay[@]}") joinRelay=() spectator=1
case "$mode" in
    cone) ;;
    symmetric) symB=1 ;;
    joinrelay) symB=1 hostRelay=() joinRelay=("${relay[@]}") spectator=0 ;;
    hostsym) symB=1 hostHome=hb joinHome=ha hostRelay=() joinRelay=("${relay[@]}") spectator=0 ;;
    *) echo "FAIL: unknown mode '$mode'"; exit 1 ;;
esac

netns_setup "$symB"
coturn_start "$dir" 203.0.113.1 3478 bvh s3cret "$(netns_name pub)"
netns_exec pub timeout -k 5 120 "$lobbyExe" --port 7100 --lifetime 120 >"$dir/lobby.out" 2>&1 &
# The peers start once the lobby listens (bounded: 10 s): a Create that meets a closed port ends the peer at once.
for _ in $(seq 100); do grep -q '^lobby on UDP port' "$dir/lobby.out" 2>/dev/null && break; sleep 0.1; done
grep -q '^lobby on UDP port' "$dir/lobby.out" || fail "the lobby did not start"
netns_exec "$hostHome" timeout -k 5 90 "$exe" --host 7000 --lobby "$lobby" "${hostRelay[@]}" --replay "$script" --wait 30 \
    "${net[@]}" --record "$dir/host.freplay" >"$dir/host.out" 2>&1 &
host=$!
code=
for _ in $(seq 100); do  # bounded: 10 s for the allocation and the room
    code=$(sed -n 's/^room code: //p' "$dir/host.out")
    [ -n "$code" ] && break
    sleep 0.1
done
[ -n "$code" ] || fail "the host got no room code"
netns_exec "$joinHome" timeout -k 5 90 "$exe" --code "$code" --lobby "$lobby" "${joinRelay[@]}" --replay "$script" \
    "${net[@]}" --record "$dir/join.freplay" >"$dir/join.out" 2>&1 &
join=$!
spec=
if [ "$spectator" = 1 ]; then
    for _ in $(seq 400); do  # the match well under way (at most 40 s: 3 s of direct attempts first when symmetric)
        grep -q '^confirmed frame 300$' "$dir/join.out" 2>/dev/null && break
        sleep 0.1
    done
    netns_exec hc timeout -k 5 60 "$exe" --spectate "$code" --lobby "$lobby" --net-delay 20 --net-loss 3 \
        --record "$dir/spec.freplay" >"$dir/spec.out" 2>&1 &
    spec=$!
fi
wait "$join"; joinCode=$?
wait "$host"; hostCode=$?
[ "$hostCode" = 0 ] || fail "host exit $hostCode"
[ "$joinCode" = 0 ] || fail "joiner exit $joinCode"
if [ -n "$spec" ]; then
    wait "$spec"; specCode=$?
    [ "$specCode" = 0 ] || fail "spectator exit $specCode"
    caught=$(sed -n 's/^caught up: frame \([0-9]*\),.*/\1/p' "$dir/spec.out")
    [ "${caught:-0}" -gt 100 ] || fail "the spectator caught up at frame ${caught:-none}: it did not join late"
    grep -q '^path: direct$' "$dir/spec.out" || fail "the spectator behind a cone NAT did not watch directly"
fi
case "$mode" in
    cone)
        grep -q '^path: direct$' "$dir/join.out" || fail "the joiner did not play directly behind a cone NAT"
        grep -q '^path: direct$' "$dir/host.out" || fail "the host did not play directly behind a cone NAT" ;;
    symmetric)
        grep -q '^path: relayed' "$dir/join.out" || fail "the joiner behind the symmetric NAT did not fall back to the relay"
        grep -q '^path: relayed through TURN' "$dir/host.out" || fail "the host does not say the match went through its relay" ;;
    *)
        grep -q '^path: relayed through TURN 203.0.113.1' "$dir/join.out" ||
            fail "the joiner does not say the match went through its own relay"
        grep -q "^path: relayed through the joiner's TURN relay" "$dir/host.out" ||
            fail "the host does not say the match went through the joiner's relay" ;;
esac
h=$(hashOf "$dir/host.out") j=$(hashOf "$dir/join.out") sp=
"$exe" --replay "$script" >"$dir/offline.out" || fail "offline script run failed"
o=$(hashOf "$dir/offline.out")
[ -n "$spec" ] && sp=$(hashOf "$dir/spec.out")
echo "$mode by code $code: final hashes host $h, joiner $j${spec:+, spectator $sp (caught up at frame $caught)}, offline $o"
[ -n "$h" ] && [ "$h" = "$j" ] || fail "the two sides' final hashes differ"
[ "$h" = "$o" ] || fail "the match differs from the offline run of the script"
same_match "$dir/host.freplay" "$dir/join.freplay" || fail "the two recordings differ"
if [ -n "$spec" ]; then
    [ "$sp" = "$h" ] || fail "the spectator's final hash differs"
    same_match "$dir/host.freplay" "$dir/spec.freplay" || fail "the spectator's recording differs from the players'"
fi
grep -E '^(through the lobby|path|ping):' "$dir/host.out" "$dir/join.out" ${spec:+"$dir/spec.out"}
echo PASS
