#!/bin/bash
# A joiner plays the host through a real TURN relay: coturn (Debian's package) on loopback with the long-term
# credential mechanism; the joiner allocates a relayed address (401 challenge, then signed requests), installs a
# permission for the host and sends every game packet as a Send indication; the host sees only the relayed
# address. Both finish with the offline script's final hash and identical recordings, and the joiner's summary
# says every packet it received came through the relay (none direct). A wrong password is refused with the
# server's reason. Skipped (exit 77, with the reason) when coturn is not installed or does not start.
# usage: turn_pair.sh GAME_HEADLESS SCRIPT WORKDIR [extra flags for the joiner...]
# Two recordings of one match are the same match: equal but for the lines that say what each side saw of the
# network (`stall`, `ending`; docs/formats.md).
same_match() { cmp -s <(grep -v -E '^(stall|ending) ' "$1") <(grep -v -E '^(stall|ending) ' "$2"); }
set -u
here=$(cd "$(dirname "$0")" && pwd)
exe=$1 script=$2 dir=$3
shift 3
# shellcheck source=coturn.sh
source "$here/coturn.sh"
coturn_require
rm -rf "$dir" && mkdir -p "$dir" || exit 1
printf 's3cret\n' >"$dir/turn.pass"  # the relay password from a file, never on the command line
trap coturn_stop EXIT
fail() { echo "FAIL: $*"; for f in host join bad; do [ -f "$dir/$f.out" ] && { echo "--- $f"; cat "$dir/$f.out"; }; done
         tail -n 20 "$dir"/turnserver*.log 2>/dev/null; exit 1; }
hashOf() { sed -n 's/^final hash: //p' "$1"; }

# A port for the server from the process id, below the system's ephemeral ports (another run at the same time most
# likely picks another; coturn_start moves on when it is taken).
coturn_start "$dir" 127.0.0.1 $((20000 + ($$ % 40) * 220)) bvh s3cret
tport=$COTURN_PORT

timeout -k 5 60 "$exe" --host 0 --replay "$script" --wait 30 --fast --record "$dir/host.freplay" >"$dir/host.out" 2>&1 &
host=$!
port=
for _ in $(seq 100); do
    port=$(sed -n 's/^hosting on UDP port //p' "$dir/host.out")
    [ -n "$port" ] && break
    sleep 0.1
done
[ -n "$port" ] || { kill "$host"; fail "the host printed no port"; }

# A wrong password first: refused by the server (401 to the signed request), exit 1, the host still waiting.
BVH_TURN_PASSWORD=wrong timeout -k 5 30 "$exe" --join "127.0.0.1:$port" --replay "$script" --turn "127.0.0.1:$tport" \
    --turn-user bvh >"$dir/bad.out" 2>&1
badCode=$?
[ "$badCode" = 1 ] || fail "a wrong TURN password: exit $badCode, expected 1"
grep -q '^result: no relay: the TURN server refused the allocation: 401' "$dir/bad.out" || fail "a wrong TURN password is not said"

timeout -k 5 60 "$exe" --join "127.0.0.1:$port" --replay "$script" --fast --turn "127.0.0.1:$tport" --turn-user bvh \
    --turn-password-file "$dir/turn.pass" --record "$dir/join.freplay" "$@" >"$dir/join.out" 2>&1
joinCode=$?
wait "$host"
hostCode=$?
[ "$hostCode" = 0 ] || fail "host exit $hostCode"
[ "$joinCode" = 0 ] || fail "joiner exit $joinCode"
relayed=$(sed -n 's/^relayed address: 127\.0\.0\.1:\([0-9]*\) .*/\1/p' "$dir/join.out")
[ -n "$relayed" ] || fail "the joiner printed no relayed address"
[ "$relayed" -gt "$tport" ] && [ "$relayed" -le $((tport + 200)) ] || fail "relayed port $relayed outside coturn's range"
line=$(grep '^path: relayed through TURN' "$dir/join.out") || fail "the joiner's summary names no relayed path"
received=$(echo "$line" | sed -n 's/.* \([0-9]*\) received through the relay, \([0-9]*\) direct.*/\1/p')
direct=$(echo "$line" | sed -n 's/.* received through the relay, \([0-9]*\) direct.*/\1/p')
[ "${received:-0}" -gt 100 ] || fail "too few packets came through the relay: ${received:-none}"
[ "$direct" = 0 ] || fail "$direct packets reached the joiner directly"
grep -q '^path: direct$' "$dir/host.out" || fail "the host's summary names no direct path"
h=$(hashOf "$dir/host.out") j=$(hashOf "$dir/join.out")
"$exe" --replay "$script" >"$dir/offline.out" || fail "offline script run failed"
o=$(hashOf "$dir/offline.out")
echo "final hashes: host $h, joiner $j, offline script $o; relayed port $relayed; $line"
[ -n "$h" ] && [ "$h" = "$j" ] || fail "the two sides' final hashes differ"
[ "$h" = "$o" ] || fail "the match through the relay differs from the offline run of the script"
same_match "$dir/host.freplay" "$dir/join.freplay" || fail "the two recordings differ"
echo PASS
