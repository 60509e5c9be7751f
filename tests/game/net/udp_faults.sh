#!/bin/bash
# Real game_headless peers over UDP on localhost, against what the direct path used to get wrong. Every wait is
# bounded (timeout, --wait, polling limits).
# usage: udp_faults.sh GAME_HEADLESS SCRIPT WORKDIR MODE
# GAME_HEADLESS may be any build's (docs/testing.md runs these against the build before the fixes): SCRIPT and the
# `data` folder beside it (the one the peers find from SCRIPT) must then be that build's. What only real processes
# show: an ICMP refusal, a stop signal, the files a peer writes. The direct path's other faults (spoofed, forged and
# flooded datagrams, seeds, seats) are in-memory tests and simulator runs (docs/testing.md).
#   closed:  a join to a port where nothing listens ends with "nothing answers at" (the ICMP refusal), before the
#            10 s connect timeout could have passed
#   signal:  SIGTERM to a joiner once its match has confirmed frames: it leaves (the host ends with "opponent left", not "connection lost"),
#            prints "stopped by signal 15", and its recording ends with an `end` line and replays
#   recordfails: a host's and a spectator's --record that fails mid-match (a 1 KiB file-size limit) is said at
#            once, once; the match is played (and watched) to its end, the file of that name is kept, exit 2
#   relaywait: a TURN relay that never answers: the wait for it ends at --wait (1 s) when that is shorter than its
#            own 10 s, and at once on SIGTERM ("stopped by signal 15"), as every other wait of the peer does
#   norecord: no match, no file: a host with --record whose --wait runs out creates none; one whose only caller
#            said Hello and vanished before its first input leaves an existing file at OUT as it was; a joiner with
#            --record refused as busy (a match is on) and one joining a closed port create none either
set -u
exe=$1 script=$2 dir=$3 mode=$4
rm -rf "$dir" && mkdir -p "$dir" || exit 1
fail() { echo "FAIL: $*"; for f in "$dir"/*.out; do echo "--- $f"; cat "$f"; done; exit 1; }
hashOf() { sed -n 's/^final hash: //p' "$1"; }

startHost() {
    # Emptied here, not only by the background job's redirection: a host.out left by an earlier step would
    # otherwise give its old port to the poll below when the job has not started yet.
    : >"$dir/host.out"
    timeout -k 5 60 "$exe" --host 0 --replay "$script" --wait 20 "$@" >"$dir/host.out" 2>&1 &
    host=$!
    port=
    for _ in $(seq 100); do
        port=$(sed -n 's/^hosting on UDP port //p' "$dir/host.out" 2>/dev/null)
        [ -n "$port" ] && break
        sleep 0.1
    done
    [ -n "$port" ] || { kill "$host"; fail "the host printed no port"; }
}

# The first line of FILE matching the sed pattern PATTERN's capture, polled for at most 30 s.
waitFor() {
    local v=
    for _ in $(seq 300); do
        v=$(sed -n "$2" "$1" 2>/dev/null | head -n 1)
        [ -n "$v" ] && break
        sleep 0.1
    done
    echo "$v"
}
# Both peers finished the match with equal hashes (after wait on both).
bothFinished() {
    [ "$hostCode" = 0 ] && [ "$joinCode" = 0 ] || fail "exit codes host $hostCode joiner $joinCode ($(grep -h \
        '^result:' "$dir/host.out" "$dir/join.out" | tr '\n' ' '))"
    grep -q '^result: match over$' "$dir/join.out" || fail "the joiner did not finish the match"
    h=$(hashOf "$dir/host.out") j=$(hashOf "$dir/join.out")
    [ -n "$h" ] && [ "$h" = "$j" ] || fail "final hashes differ: $h / $j"
}
case "$mode" in
closed)
    # A port that was just free: bind a host, read its port, stop it; nothing listens there now.
    startHost
    kill "$host"; wait "$host" 2>/dev/null
    SECONDS=0
    timeout -k 5 30 "$exe" --join "127.0.0.1:$port" --replay "$script" >"$dir/join.out" 2>&1
    code=$? took=$SECONDS
    [ "$code" = 1 ] || fail "joiner exit $code, expected 1"
    grep -q "^result: nothing answers at 127.0.0.1:$port" "$dir/join.out" || fail "no 'nothing answers' message"
    echo "the join ended after about ${took} s: $(grep result: "$dir/join.out")"
    ;;
signal)
    startHost
    timeout -k 5 60 "$exe" --join "127.0.0.1:$port" --replay "$script" --record "$dir/join.freplay" >"$dir/join.out" 2>&1 &
    join=$!
    # Once a frame is confirmed the match is on record (a match cut before its first confirmed frame leaves no file).
    [ -n "$(waitFor "$dir/join.out" 's/^confirmed frame \([0-9]*\)$/\1/p')" ] || fail "no frame was confirmed"
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
relaywait)
    # A port that was just free stands for a relay that never answers (the ICMP refusal is not an answer to TURN).
    startHost
    kill "$host"; wait "$host" 2>/dev/null
    printf 'secret\n' >"$dir/pw.txt"
    relay=(--turn "127.0.0.1:$port" --turn-user u --turn-password-file "$dir/pw.txt")
    timeout -k 5 30 "$exe" --host 0 --replay "$script" "${relay[@]}" --wait 1 >"$dir/wait.out" 2>&1
    code=$?
    [ "$code" = 1 ] || fail "the host waiting for the relay exit $code, expected 1"
    grep -q "^result: no relay: the TURN server 127.0.0.1:$port did not answer within 1 s$" "$dir/wait.out" ||
        fail "the relay's wait did not end at --wait 1"
    # SIGTERM once the host is waiting for the relay (its port printed first); the timeout's own SIGTERM comes at
    # 8 s, before the relay's 10 s would end the wait.
    : >"$dir/host.out"
    timeout -k 5 8 "$exe" --host 0 --replay "$script" "${relay[@]}" --wait 60 >"$dir/host.out" 2>&1 &
    host=$!
    [ -n "$(waitFor "$dir/host.out" 's/^hosting on UDP port //p')" ] || fail "the host printed no port"
    kill -TERM "$host"
    wait "$host"; code=$?
    [ "$code" = 1 ] || fail "the host stopped while waiting for the relay exit $code, expected 1"
    grep -q '^stopped by signal 15$' "$dir/host.out" || fail "SIGTERM did not end the wait for the relay"
    grep -q 'did not answer within' "$dir/host.out" && fail "the wait for the relay ran out instead of stopping"
    ;;
norecord)
    # A host nobody joins: no file. A host whose only caller says Hello and is gone before its first input (a
    # joiner with 1 s of simulated delay, killed 1.5 s after it starts calling: its Hello has arrived, its inputs
    # never will): no match was played, and an existing file at OUT stays as it was.
    printf 'not a replay: must survive\n' >"$dir/kept.freplay"
    timeout -k 5 30 "$exe" --host 0 --replay "$script" --wait 1 --record "$dir/new.freplay" >"$dir/wait_new.out" 2>&1 &
    lonely=$!
    timeout -k 5 30 "$exe" --host 0 --replay "$script" --wait 4 --record "$dir/kept.freplay" >"$dir/host.out" 2>&1 &
    host=$!
    port=$(waitFor "$dir/host.out" 's/^hosting on UDP port //p')
    [ -n "$port" ] || fail "the host printed no port"
    "$exe" --join "127.0.0.1:$port" --replay "$script" --net-delay 1000 >"$dir/gone.out" 2>&1 &
    gone=$!  # no timeout wrapper: the KILL below must reach the peer itself
    [ -n "$(waitFor "$dir/gone.out" 's/^\(joining\) .*/\1/p')" ] || fail "the caller did not start"
    sleep 1.5
    kill -KILL "$gone"; wait "$gone" 2>/dev/null
    wait "$lonely"; newCode=$?
    wait "$host"; keptCode=$?
    [ "$keptCode" = 1 ] && [ "$newCode" = 1 ] || fail "hosts with no match: exit $keptCode and $newCode, expected 1"
    grep -q '^result: no opponent joined within 1 s$' "$dir/wait_new.out" || fail "the host did not say no opponent joined"
    [ -e "$dir/new.freplay" ] && fail "a host that played no match left a recording ($(wc -c <"$dir/new.freplay") bytes)"
    [ "$(cat "$dir/kept.freplay")" = 'not a replay: must survive' ] ||
        fail "a host that played no frame replaced an existing --record file ($(grep result: "$dir/host.out"))"
    # A joiner refused as busy (a match is on) writes nothing.
    startHost
    timeout -k 5 60 "$exe" --join "127.0.0.1:$port" --replay "$script" >"$dir/join.out" 2>&1 &
    join=$!
    [ -n "$(waitFor "$dir/host.out" 's/^\(match started\)$/\1/p')" ] || fail "the first joiner's match did not start"
    timeout -k 5 30 "$exe" --join "127.0.0.1:$port" --replay "$script" --record "$dir/busy.freplay" >"$dir/busy.out" 2>&1
    busyCode=$?
    kill -TERM "$join"; wait "$join" "$host"
    [ "$busyCode" = 1 ] && grep -q '^result: refused: the host is already in a match$' "$dir/busy.out" ||
        fail "the second joiner was not refused as busy (exit $busyCode)"
    [ -e "$dir/busy.freplay" ] && fail "a refused joiner left a recording ($(wc -c <"$dir/busy.freplay") bytes)"
    # A joiner to a closed port (the host above is gone) writes nothing.
    timeout -k 5 30 "$exe" --join "127.0.0.1:$port" --replay "$script" --record "$dir/closed.freplay" >"$dir/closed.out" 2>&1
    [ -e "$dir/closed.freplay" ] && fail "a joiner that never connected left a recording"
    leftovers=$(cd "$dir" && ls | grep -v '\.out$' | grep -v '^kept\.freplay$')
    [ -z "$leftovers" ] || fail "files left behind: $leftovers"
    ;;
recordfails)
    # A host whose --record fails mid-match (its files may not grow past 1 KiB, `ulimit -f 1`, which the recording
    # passes within its first few seconds: the write fails with EFBIG as on a full disk, where creating the empty
    # file before anyone connects still works). It says so at once, once, while the match goes on to its end for
    # both sides; the file of that name stays as it was, no temporary file is left, and its exit status is 2. The
    # host's output goes through a pipe, which the limit does not touch.
    printf 'not a replay: must survive\n' >"$dir/kept.freplay"
    : >"$dir/host.out"
    (
        ulimit -f 1 || exit 77
        timeout -k 5 60 "$exe" --host 0 --replay "$script" --wait 20 --record "$dir/kept.freplay"
        echo $? >"$dir/host.rc"
    ) 2>&1 | cat >"$dir/host.out" &
    hostPipe=$!
    port=$(waitFor "$dir/host.out" 's/^hosting on UDP port //p')
    [ -n "$port" ] || { kill "$hostPipe"; fail "the host printed no port"; }
    # A spectator recording under the same limit: the same rule (`...; watching goes on`).
    printf 'not a replay: must survive\n' >"$dir/watch.freplay"
    (
        ulimit -f 1 || exit 77
        timeout -k 5 60 "$exe" --spectate "127.0.0.1:$port" --record "$dir/watch.freplay" --max-seconds 50
        echo $? >"$dir/watch.rc"
    ) 2>&1 | cat >"$dir/watch.out" &
    watchPipe=$!
    timeout -k 5 60 "$exe" --join "127.0.0.1:$port" --replay "$script" >"$dir/join.out" 2>&1
    joinCode=$?
    wait "$hostPipe" "$watchPipe"
    hostCode=$(cat "$dir/host.rc" 2>/dev/null)
    watchCode=$(cat "$dir/watch.rc" 2>/dev/null)
    [ "$joinCode" = 0 ] && grep -q '^result: match over$' "$dir/join.out" ||
        fail "the joiner lost its match to the host's disk (exit $joinCode)"
    grep -q '^result: match over$' "$dir/host.out" || fail "the host did not play the match to its end"
    h=$(hashOf "$dir/host.out") j=$(hashOf "$dir/join.out")
    [ -n "$h" ] && [ "$h" = "$j" ] || fail "final hashes differ: $h / $j"
    [ "$hostCode" = 2 ] || fail "host exit $hostCode, expected 2 (its recording failed)"
    said="$dir/kept.freplay: cannot write: File too large (recording stopped at frame "
    [ "$(grep -cF "$said" "$dir/host.out")" = 1 ] || fail "the failure was not said exactly once"
    # At once: before the match's later progress lines and its result, not after the whole match.
    at=$(grep -nF "$said" "$dir/host.out" | cut -d: -f1)
    later=$(sed -n "$((at + 1)),\$p" "$dir/host.out")
    grep -q '^confirmed frame ' <<<"$later" || fail "the failure was said only after the match had been played"
    grep -q '^result: ' <<<"$later" || fail "the failure was said after the result"
    [ "$(cat "$dir/kept.freplay")" = 'not a replay: must survive' ] || fail "the file at --record was changed"
    grep -q '^result: match over$' "$dir/watch.out" || fail "the spectator did not watch the match to its end"
    [ "$watchCode" = 2 ] || fail "spectator exit $watchCode, expected 2 (its recording failed)"
    said="$dir/watch.freplay: cannot write: File too large (recording stopped at frame "
    [ "$(grep -cF "$said" "$dir/watch.out")" = 1 ] || fail "the spectator did not say its failure exactly once"
    at=$(grep -nF "$said" "$dir/watch.out" | cut -d: -f1)
    sed -n "$((at + 1)),\$p" "$dir/watch.out" | grep -q '^result: ' || fail "the spectator said it after the result"
    [ "$(cat "$dir/watch.freplay")" = 'not a replay: must survive' ] || fail "the spectator's --record file changed"
    temps=$(ls -A "$dir" | grep '\.tmp-')
    [ -z "$temps" ] || fail "temporary files left: $temps"
    ;;
*) echo "unknown mode $mode"; exit 2 ;;
esac
echo PASS
