#!/bin/bash
# A spectator meeting a host of another spectator stream version, as real processes on loopback: a probe stands in
# for a version-4 host (it answers every datagram with `B S 4 ...`). The spectator must say
# `refused: the host runs spectator stream version 4, this game 3` and exit 1 within 15 s, not wait out its 30 s of
# asking. Then the other way: a version-2 spectator's Watch (sent by the probe) to a real host gets no answer.
# usage: spectate_version.sh GAME_HEADLESS UDP_PROBE SCRIPT WORKDIR
set -u
exe=$1 probe=$2 script=$3 dir=$4
rm -rf "$dir" && mkdir -p "$dir" || exit 1
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; }
trap cleanup EXIT
fail() { echo "FAIL: $*"; for f in probe spectator host sink; do [ -f "$dir/$f.out" ] && { echo "--- $f"; cat "$dir/$f.out"; }; done; exit 1; }
waitFor() {  # waitFor FILE PATTERN TENTHS
    for _ in $(seq "$3"); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
    return 1
}

"$probe" answer 0 20 42530404010203 >"$dir/probe.out" 2>&1 &
pids+=($!)
waitFor "$dir/probe.out" '^listening on ' 50 || fail "the probe printed no port"
port=$(sed -n 's/^listening on //p' "$dir/probe.out")
timeout 15 "$exe" --spectate "127.0.0.1:$port" >"$dir/spectator.out" 2>&1
rc=$?
[ "$rc" = 1 ] || fail "a spectator of a version-4 host: expected exit 1 within 15 s, got $rc"
grep -q '^result: refused: the host runs spectator stream version 4, this game 3$' "$dir/spectator.out" ||
    fail "the other version is not said"

# A version-2 Watch (layout from the git history: B S 2 1, cookie, ack, zeros to 176 bytes, a 16-byte tag) to a
# real host from the probe's socket: the probe listens on that port afterwards and must hear nothing back. The
# spoof needs a raw socket; without one this half is skipped (said), the first half stands.
timeout 30 "$exe" --host 0 --replay "$script" --wait 10 >"$dir/host.out" 2>&1 &
host=$!; pids+=("$host")
waitFor "$dir/host.out" '^hosting on UDP port ' 100 || fail "the host printed no port"
hport=$(sed -n 's/^hosting on UDP port //p' "$dir/host.out")
from=$("$probe" freeport) || fail "no free port"
"$probe" sink "$from" 3 >"$dir/sink.out" 2>&1 &
sink=$!; pids+=("$sink")
waitFor "$dir/sink.out" '^listening on ' 50 || fail "the sink printed no port"
watch="42530201$(printf '%0344d' 0)$(printf '%032d' 0)"  # 176 bytes then a (wrong) tag: the version decides first
"$probe" spoof "$from" "$hport" "$watch" >"$dir/spoof.out" 2>&1
src=$?
if [ "$src" = 77 ]; then
    echo "skipped the version-2 Watch half: $(cat "$dir/spoof.out")"
else
    [ "$src" = 0 ] || fail "the spoof failed ($src)"
    wait "$sink"
    ! grep -q '^burst ' "$dir/sink.out" || fail "the host answered a version-2 Watch"
fi
echo "ok"
