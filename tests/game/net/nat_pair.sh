#!/bin/bash
# Two peers on simulated home networks (netns.sh), each behind its own NAT, under the conditions simulator's delay,
# jitter and loss:
#   cone       A and B behind port-restricted cone NATs connect directly: the host punches towards the joiner's
#              public address (--punch) while the joiner's Hellos open the joiner's NAT; no relay involved.
#   symmetric  B behind a symmetric NAT cannot be reached directly: it joins through coturn in the public network
#              (--turn), and the host punches towards B's relayed address.
# In both, a spectator behind a third (cone) NAT joins late (the host punches towards it too) and catches up.
# All finish with the offline script's final hash and identical recordings; the joiner's summary names its path.
# Skipped (77, with the reason) without root, namespaces, nftables or (symmetric) coturn.
# usage: nat_pair.sh GAME_HEADLESS SCRIPT WORKDIR cone|symmetric
set -u
here=$(cd "$(dirname "$0")" && pwd)
exe=$1 script=$2 dir=$3 mode=$4
# shellcheck source=netns.sh
source "$here/netns.sh"
# shellcheck source=coturn.sh
source "$here/coturn.sh"
netns_require
[ "$mode" = symmetric ] && coturn_require
rm -rf "$dir" && mkdir -p "$dir" || exit 1
printf 's3cret\n' >"$dir/turn.pass"
fail() { echo "FAIL: $*"; for f in host join spec; do [ -f "$dir/$f.out" ] && { echo "--- $f"; cat "$dir/$f.out"; }; done
         tail -n 20 "$dir"/turnserver*.log 2>/dev/null; exit 1; }
hashOf() { sed -n 's/^final hash: //p' "$1"; }
net=(--net-delay 20 --net-jitter 5 --net-loss 3)

# The spectator in home C joins once the match is 4 s under way (it runs about 11.5 s in real time).
spectateLate() {
    for _ in $(seq 150); do  # both peers started (at most 15 s), then 4 s of the match
        grep -q '^hosting on UDP port' "$dir/host.out" 2>/dev/null && [ -s "$dir/join.out" ] && break
        sleep 0.1
    done
    sleep 4
    netns_exec hc timeout 60 "$exe" --spectate "$hostA:7000" --local-port 7002 --net-delay 20 --net-loss 3 \
        --record "$dir/spec.freplay" >"$dir/spec.out" 2>&1 &
    spec=$!
}

netns_setup "$([ "$mode" = symmetric ] && echo 1 || echo 0)"
hostA=203.0.113.11 hostB=203.0.113.12 specC=203.0.113.13:7002

# The control that makes the test able to fail: a direct attempt the NATs must stop. cone: no punch from the host,
# so A's NAT drops B's Hellos; symmetric: the host punches at B's port-kept address, but B's NAT sent from another
# port. (Ports 7100/7101: the match below uses 7000/7001.) Either way the joiner hears nothing (exit 1 after its 10 s connect limit).
if [ "$mode" = cone ]; then punch=(); else punch=(--punch "$hostB:7101"); fi
netns_exec ha timeout 30 "$exe" --host 7100 --replay "$script" --wait 15 "${punch[@]}" >"$dir/control_host.out" 2>&1 &
control=$!
netns_exec hb timeout 30 "$exe" --join "$hostA:7100" --local-port 7101 --replay "$script" >"$dir/control_join.out" 2>&1
controlCode=$?
kill "$control" 2>/dev/null; wait "$control" 2>/dev/null
[ "$controlCode" = 1 ] || { cat "$dir/control_join.out"; fail "the NAT let a direct attempt through that it must stop ($mode)"; }
grep -q '^result: ' "$dir/control_join.out" && echo "control ($mode, direct): $(grep '^result: ' "$dir/control_join.out")"

if [ "$mode" = cone ]; then
    # With port-keeping NATs, home A's port 7000 is 203.0.113.11:7000 outside and home B's 7001 is 203.0.113.12:7001.
    netns_exec ha timeout 60 "$exe" --host 7000 --replay "$script" --wait 30 --punch "$hostB:7001,$specC" "${net[@]}" \
        --record "$dir/host.freplay" >"$dir/host.out" 2>&1 &
    host=$!
    netns_exec hb timeout 60 "$exe" --join "$hostA:7000" --local-port 7001 --replay "$script" "${net[@]}" \
        --record "$dir/join.freplay" >"$dir/join.out" 2>&1 &
    join=$!
    spectateLate
    wait "$join"
    joinCode=$?
else
    coturn_start "$dir" 203.0.113.1 3478 bvh s3cret "$(netns_name pub)"
    netns_exec hb timeout 60 "$exe" --join "$hostA:7000" --replay "$script" "${net[@]}" --turn 203.0.113.1:3478 \
        --turn-user bvh --turn-password-file "$dir/turn.pass" --record "$dir/join.freplay" >"$dir/join.out" 2>&1 &
    join=$!
    relayed=
    for _ in $(seq 100); do
        relayed=$(sed -n 's/^relayed address: \([0-9.:]*\) .*/\1/p' "$dir/join.out")
        [ -n "$relayed" ] && break
        sleep 0.1
    done
    [ -n "$relayed" ] || { kill "$join"; fail "the joiner got no relayed address"; }
    netns_exec ha timeout 60 "$exe" --host 7000 --replay "$script" --wait 30 --punch "$relayed,$specC" "${net[@]}" \
        --record "$dir/host.freplay" >"$dir/host.out" 2>&1 &
    host=$!
    spectateLate
    wait "$join"
    joinCode=$?
fi
wait "$host"
hostCode=$?
wait "$spec"
specCode=$?
[ "$hostCode" = 0 ] || fail "host exit $hostCode"
[ "$joinCode" = 0 ] || fail "joiner exit $joinCode"
[ "$specCode" = 0 ] || fail "spectator exit $specCode"
caught=$(sed -n 's/^caught up: frame \([0-9]*\),.*/\1/p' "$dir/spec.out")
[ "${caught:-0}" -gt 100 ] || fail "the spectator caught up at frame ${caught:-none}: it did not join late"
if [ "$mode" = cone ]; then
    grep -q '^path: direct$' "$dir/join.out" || fail "the joiner did not play directly"
else
    line=$(grep '^path: relayed through TURN' "$dir/join.out") || fail "the joiner did not play through the relay"
    echo "$line" | grep -q ' 0 direct,' || fail "packets reached the symmetric side directly"
fi
h=$(hashOf "$dir/host.out") j=$(hashOf "$dir/join.out") sp=$(hashOf "$dir/spec.out")
"$exe" --replay "$script" >"$dir/offline.out" || fail "offline script run failed"
o=$(hashOf "$dir/offline.out")
echo "$mode: final hashes host $h, joiner $j, spectator $sp (caught up at frame $caught), offline $o"
[ -n "$h" ] && [ "$h" = "$j" ] || fail "the two sides' final hashes differ"
[ "$sp" = "$h" ] || fail "the spectator's final hash differs"
cmp -s "$dir/host.freplay" "$dir/spec.freplay" || fail "the spectator's recording differs from the players'"
[ "$h" = "$o" ] || fail "the match differs from the offline run of the script"
cmp -s "$dir/host.freplay" "$dir/join.freplay" || fail "the two recordings differ"
grep -E '^(path|ping|packets):' "$dir/host.out" "$dir/join.out"
echo PASS
