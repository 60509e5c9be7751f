#!/bin/bash
# Real game_headless peers over UDP on localhost, against what the direct path used to get wrong. Every wait is
# bounded (timeout, --wait, polling limits); the flood is a bounded count of datagrams.
# usage: udp_faults.sh GAME_HEADLESS SCRIPT WORKDIR MODE
#   closed:  a join to a port where nothing listens ends with "nothing answers at" (the ICMP refusal), before the
#            10 s connect timeout could have passed
#   signal:  SIGTERM to a joiner mid-match: it leaves (the host ends with "opponent left", not "connection lost"),
#            prints "stopped by signal 15", and its recording ends with an `end` line and replays
#   flood:   40,000 junk datagrams at the host during the match change nothing: both finish with equal hashes
#   joinflood: a hostile sender (flood_sender, the 5th argument) sends 100,000 datagrams a second (junk and Hellos
#            with a wrong tag) at the waiting host from before the joiner starts until well after it joined (6 s):
#            the join completes, the match ends with equal hashes, and the host counted the flood as malformed
#            (it reached the host during the handshake)
set -u
exe=$1 script=$2 dir=$3 mode=$4 flooder=${5:-}
rm -rf "$dir" && mkdir -p "$dir" || exit 1
fail() { echo "FAIL: $*"; for f in "$dir"/*.out; do echo "--- $f"; cat "$f"; done; exit 1; }
hashOf() { sed -n 's/^final hash: //p' "$1"; }

startHost() {
    timeout 60 "$exe" --host 0 --replay "$script" --wait 20 "$@" >"$dir/host.out" 2>&1 &
    host=$!
    port=
    for _ in $(seq 100); do
        port=$(sed -n 's/^hosting on UDP port //p' "$dir/host.out")
        [ -n "$port" ] && break
        sleep 0.1
    done
    [ -n "$port" ] || { kill "$host"; fail "the host printed no port"; }
}

case "$mode" in
closed)
    # A port that was just free: bind a host, read its port, stop it; nothing listens there now.
    startHost
    kill "$host"; wait "$host" 2>/dev/null
    SECONDS=0
    timeout 30 "$exe" --join "127.0.0.1:$port" --replay "$script" >"$dir/join.out" 2>&1
    code=$? took=$SECONDS
    [ "$code" = 1 ] || fail "joiner exit $code, expected 1"
    grep -q "^result: nothing answers at 127.0.0.1:$port" "$dir/join.out" || fail "no 'nothing answers' message"
    echo "the join ended after about ${took} s: $(grep result: "$dir/join.out")"
    ;;
signal)
    startHost
    timeout 60 "$exe" --join "127.0.0.1:$port" --replay "$script" --record "$dir/join.freplay" >"$dir/join.out" 2>&1 &
    join=$!
    sleep 2
    kill -TERM "$join"
    wait "$join"; joinCode=$?
    wait "$host"; hostCode=$?
    [ "$joinCode" = 1 ] || fail "joiner exit $joinCode, expected 1 (it left)"
    grep -q '^stopped by signal 15$' "$dir/join.out" || fail "the joiner did not say it was stopped"
    grep -q '^result: you left$' "$dir/join.out" || fail "the joiner did not leave"
    grep -q '^result: opponent left$' "$dir/host.out" || fail "the host was not told (hostCode $hostCode)"
    tail -n 1 "$dir/join.freplay" | grep -q '^end ' || fail "the recording has no end line"
    "$exe" --replay "$dir/join.freplay" >"$dir/replay.out" 2>&1 || fail "the cut recording does not replay"
    ;;
flood)
    startHost --fast
    timeout 60 "$exe" --join "127.0.0.1:$port" --replay "$script" --fast >"$dir/join.out" 2>&1 &
    join=$!
    (   exec 3>"/dev/udp/127.0.0.1/$port" || exit 0
        for _ in $(seq 40000); do printf 'BF\004\004junkjunk' >&3; done
    ) 2>/dev/null
    wait "$join"; joinCode=$?
    wait "$host"; hostCode=$?
    [ "$hostCode" = 0 ] && [ "$joinCode" = 0 ] || fail "exit codes host $hostCode joiner $joinCode"
    h=$(hashOf "$dir/host.out") j=$(hashOf "$dir/join.out")
    [ -n "$h" ] && [ "$h" = "$j" ] || fail "final hashes differ: $h / $j"
    grep '^packets:' "$dir/host.out"
    ;;
joinflood)
    startHost --fast
    "$flooder" "$port" 100000 600000 6 >"$dir/flood.out" 2>&1 &
    flood=$!
    sleep 0.5  # the flood is on before the joiner says its first Hello
    timeout 60 "$exe" --join "127.0.0.1:$port" --replay "$script" --fast >"$dir/join.out" 2>&1
    joinCode=$?
    wait "$host"; hostCode=$?
    wait "$flood"
    [ "$hostCode" = 0 ] && [ "$joinCode" = 0 ] || fail "exit codes host $hostCode joiner $joinCode"
    h=$(hashOf "$dir/host.out") j=$(hashOf "$dir/join.out")
    [ -n "$h" ] && [ "$h" = "$j" ] || fail "final hashes differ: $h / $j"
    malformed=$(sed -n 's/.*dropped \([0-9]*\) malformed.*/\1/p' "$dir/host.out")
    [ "${malformed:-0}" -gt 1000 ] || fail "the flood did not reach the host (${malformed:-no} malformed)"
    cat "$dir/flood.out"
    grep '^packets:' "$dir/host.out" "$dir/join.out"
    ;;
*) echo "unknown mode $mode"; exit 2 ;;
esac
echo PASS
