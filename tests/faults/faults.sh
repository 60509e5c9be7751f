#!/usr/bin/env bash
# Fault injection, one case per CTest entry (tests/faults.cmake): the real programs on a full disk, a read-only or
# missing folder, a stop signal mid-recording, a closed pipe, a file-size limit and a script given through a pipe. Each case checks the
# exit status and message the user sees, what was kept (byte for byte) and that it still loads.
#
#   faults.sh CASE    with HEADLESS, BVH, TOOL (tests/faults/fault_tool), DATA and OUT in the environment, and MATCHD
#                     (bvh_matchd) when the build has it
#
# A full disk and a read-only folder are a tiny tmpfs mounted in a private mount namespace (`unshare -m`, so the
# mount is gone when the case ends and no one else sees it). That needs root (CI runs as root); without it the case
# prints `SKIPPED: cannot mount tmpfs (...)` and CTest counts it as skipped. Every wait is bounded.
set -u

fail() { echo "FAILED: $*" >&2; exit 1; }
skip() { echo "SKIPPED: $*"; exit 0; }
note() { echo "-- $*"; }

case_name="${1:?usage: faults.sh CASE}"
: "${HEADLESS:?}" "${BVH:?}" "${TOOL:?}" "${DATA:?}" "${OUT:?}"
[ -n "${FAULTS_NS:-}" ] || OUT="$OUT/$case_name"  # inside the namespace (with_tmpfs) OUT is already the case's
SCRIPT_26="$DATA/replays/26_throw_tech_too_late.fscript"

# Runs CMD... with stderr in $OUT/err and stdout in $OUT/out; sets rc.
run() {
    "$@" >"$OUT/out" 2>"$OUT/err"
    rc=$?
    note "$(basename "$1") -> exit $rc: $(head -c 400 "$OUT/err")"
}
expect_rc() { [ "$rc" = "$1" ] || fail "expected exit $1, got $rc; stderr: $(cat "$OUT/err")"; }
expect_err() { grep -qF -- "$1" "$OUT/err" || fail "stderr lacks '$1': $(cat "$OUT/err")"; }
no_temps() { ! ls -A "$1" | grep -q '\.tmp-' || fail "temporary files left in $1: $(ls -A "$1")"; }
same_bytes() { cmp -s "$1" "$2" || fail "$1 changed (it should be byte for byte $2)"; }
loads_replay() {
    run "$HEADLESS" --replay "$1" --data "$DATA"
    expect_rc 0
}

# Re-runs this script in a private mount namespace with a tmpfs of $1 at $MNT (options $2, e.g. ro after setup).
# Inside, FAULTS_NS is set and the tmpfs is mounted.
with_tmpfs() {
    MNT="$OUT/mnt"
    if [ -z "${FAULTS_NS:-}" ]; then
        [ "$(id -u)" -eq 0 ] || skip "cannot mount tmpfs (needs root; running as $(id -un))"
        command -v unshare >/dev/null || skip "cannot mount tmpfs (no unshare command)"
        mkdir -p "$MNT"
        local why
        why="$(unshare -m --propagation private true 2>&1)" || skip "cannot mount tmpfs (unshare -m: $why)"
        OUT="$OUT" FAULTS_NS=1 exec unshare -m --propagation private bash "$0" "$case_name"
    fi
    local why
    why="$(mount -t tmpfs -o "size=$1,mode=0755" tmpfs "$MNT" 2>&1)" || skip "cannot mount tmpfs ($why)"
}

# Fills the tmpfs, then frees $1 bytes.
fill_disk() {
    dd if=/dev/zero of="$MNT/fill" bs=4096 >/dev/null 2>&1
    [ "$1" -gt 0 ] && truncate -s "-$1" "$MNT/fill"
    note "free now: $(df -B1 --output=avail "$MNT" | tail -1) bytes"
}

# A fight script of N frames.
long_script() { printf 'fighters ryo ryo\nwait %s\n' "$2" >"$1"; }

# A short valid replay, recorded on the real disk: the "old file" the faults must keep.
old_replay() {
    run "$HEADLESS" --replay "$SCRIPT_26" --data "$DATA" --record "$1"
    expect_rc 0
}

if [ -z "${FAULTS_NS:-}" ]; then  # not again inside the namespace (with_tmpfs runs this script anew)
    rm -rf "$OUT" 2>/dev/null
    mkdir -p "$OUT"
fi

case "$case_name" in
bindings-full-disk)
    # The Controls screen saves a binding on a full disk. The old controls.cfg is just under a page (4 KiB) and the
    # new binding makes it longer, so a save that truncated the file and wrote in place would get its first page
    # back and fail in the second: a file cut mid-line that the next start refuses.
    with_tmpfs 64k
    cfg="$MNT/controls.cfg"
    { cat "$DATA/controls.cfg"; printf '# padding to just under one page\n'; } >"$OUT/orig.cfg"
    while [ "$(stat -c %s "$OUT/orig.cfg")" -lt 4080 ]; do echo "#" >>"$OUT/orig.cfg"; done
    cp "$OUT/orig.cfg" "$cfg"
    fill_disk 0
    run "$TOOL" save-bindings "$cfg" "p1.light = Ctrl+Shift+U, Joy0.Button5"
    expect_rc 1
    expect_err "$cfg: cannot write: No space left on device"
    same_bytes "$cfg" "$OUT/orig.cfg"
    run "$TOOL" load-bindings "$cfg"
    expect_rc 0
    no_temps "$MNT"
    # With room again the same save goes through and reads back.
    rm -f "$MNT/fill"
    run "$TOOL" save-bindings "$cfg" "p1.light = Ctrl+Shift+U, Joy0.Button5"
    expect_rc 0
    grep -q "Ctrl+Shift+U, Joy0.Button5" "$cfg" || fail "the save with room did not write the binding"
    run "$TOOL" load-bindings "$cfg"
    expect_rc 0
    ;;
recording-full-disk)
    # `--record` onto a disk that fills during the run: the run stops at the frame whose write failed with the reason
    # and exit 2, and the older recording of that name stays whole and playable.
    with_tmpfs 64k
    long_script "$OUT/long.fscript" 20000
    old_replay "$OUT/old.freplay"
    cp "$OUT/old.freplay" "$MNT/out.freplay"
    fill_disk 8192
    run "$HEADLESS" --replay "$OUT/long.fscript" --data "$DATA" --record "$MNT/out.freplay"
    expect_rc 2
    expect_err "$MNT/out.freplay: cannot write: No space left on device"
    expect_err "recording stopped at frame "
    frame="$(sed -n 's/.*recording stopped at frame \([0-9]*\).*/\1/p' "$OUT/err")"
    [ -n "$frame" ] && [ "$frame" -lt 20000 ] || fail "the run did not stop at the failure (frame '$frame' of 20000)"
    # Frames go to disk a second at a time, at each checkpoint: the write that failed was one of those.
    [ $((frame % 60)) -eq 0 ] || fail "the recording failed at frame $frame, not at a checkpoint (every 60 frames)"
    grep -q '^frames:' "$OUT/out" && fail "a summary was printed as if the run had finished"
    same_bytes "$MNT/out.freplay" "$OUT/old.freplay"
    loads_replay "$MNT/out.freplay"
    no_temps "$MNT"
    ;;
readonly-folder)
    # A read-only folder: the save and the recording are refused at once with the reason; nothing changes.
    with_tmpfs 256k
    old_replay "$OUT/old.freplay"
    cp "$DATA/controls.cfg" "$MNT/controls.cfg"
    cp "$OUT/old.freplay" "$MNT/out.freplay"
    mount -o remount,ro "$MNT" || skip "cannot remount the tmpfs read-only"
    run "$TOOL" save-bindings "$MNT/controls.cfg" "p1.light = Ctrl+Shift+U"
    expect_rc 1
    expect_err "$MNT/controls.cfg: cannot write: Read-only file system"
    same_bytes "$MNT/controls.cfg" "$DATA/controls.cfg"
    run "$HEADLESS" --replay "$SCRIPT_26" --data "$DATA" --record "$MNT/out.freplay"
    expect_rc 2
    expect_err "$MNT/out.freplay: cannot write: Read-only file system"
    same_bytes "$MNT/out.freplay" "$OUT/old.freplay"
    loads_replay "$MNT/out.freplay"
    ;;
missing-folder)
    run "$HEADLESS" --replay "$SCRIPT_26" --data "$DATA" --record "$OUT/no_such_folder/out.freplay"
    expect_rc 2
    expect_err "$OUT/no_such_folder/out.freplay: cannot write: No such file or directory"
    run "$TOOL" save-bindings "$OUT/no_such_folder/controls.cfg" "p1.light = U"
    [ "$rc" != 0 ] || fail "a save into a missing folder succeeded"
    expect_err "No such file or directory"
    [ ! -e "$OUT/no_such_folder" ] || fail "the missing folder was created"
    ;;
sigint-recording | sigterm-recording)
    # A stop signal in the middle of a recorded run: the process ends by that signal (as before), and what was
    # recorded is in place, loads and plays as a replay cut short.
    sig=INT; [ "$case_name" = sigterm-recording ] && sig=TERM
    long_script "$OUT/long.fscript" 1000000  # about 10 s of running: the signal comes well before the end
    set -m  # job control: a background job of a script otherwise starts with SIGINT ignored
    "$HEADLESS" --replay "$OUT/long.fscript" --data "$DATA" --record "$OUT/rec.freplay" >/dev/null 2>"$OUT/run_err" &
    pid=$!
    grown=""
    for _ in $(seq 1 200); do  # at most 20 s for 20 KB of recording to appear
        for f in "$OUT/rec.freplay" "$OUT"/.rec.freplay.tmp-*; do
            [ -f "$f" ] && [ "$(stat -c %s "$f")" -gt 20000 ] && grown="$f"
        done
        [ -n "$grown" ] && break
        sleep 0.1
    done
    [ -n "$grown" ] || { kill -KILL "$pid"; fail "the recording did not grow within 20 s"; }
    kill "-$sig" "$pid"
    wait "$pid"
    rc=$?
    set +m
    want=130; [ "$sig" = TERM ] && want=143
    [ "$rc" = "$want" ] || fail "expected the run to end by SIG$sig (status $want), got $rc: $(cat "$OUT/run_err")"
    [ -f "$OUT/rec.freplay" ] || fail "nothing was kept: $(ls -A "$OUT")"
    note "kept $(stat -c %s "$OUT/rec.freplay") bytes"
    loads_replay "$OUT/rec.freplay"
    grep -q "truncated: no end line" "$OUT/out" || fail "the kept recording is not marked as cut short: $(cat "$OUT/out")"
    no_temps "$OUT"
    ;;
closed-pipe)
    # A reader that goes away: `bvh ... | head -1` and `game_headless ... | head -1` report a failed write with
    # their documented status (3 and 2) instead of dying silently by SIGPIPE (141).
    awk 'BEGIN { for (i = 0; i < 200; ++i) printf "m%d %d 0 %d 5\n", i, i, i + 5 }' >"$OUT/agent.txt"
    awk 'BEGIN { for (i = 0; i < 3000; ++i) print "p" }' >"$OUT/actions.txt"  # about 40 MB of output
    "$BVH" "$OUT/agent.txt" "$OUT/actions.txt" 2>"$OUT/err" | head -1 >/dev/null
    rc=${PIPESTATUS[0]}
    note "bvh | head -1 -> exit $rc: $(cat "$OUT/err")"
    expect_rc 3
    expect_err "standard output: cannot write: Broken pipe"
    long_script "$OUT/long.fscript" 20000
    "$HEADLESS" --replay "$OUT/long.fscript" --data "$DATA" --print-hashes 2>"$OUT/err" | head -1 >/dev/null
    rc=${PIPESTATUS[0]}
    note "game_headless --print-hashes | head -1 -> exit $rc: $(cat "$OUT/err")"
    expect_rc 2
    expect_err "cannot write the output"
    ;;
window-recording-full-disk)
    # The window records a CPU match onto a disk that fills: the failure is said at once (stderr, a red line on
    # screen in place of the REC tag) and in the exit status, and no cut file is left in the replay folder.
    command -v xvfb-run >/dev/null || skip "no xvfb-run: the window cannot be tested here"
    [ -n "${GAME:-}" ] || skip "no GAME given"
    with_tmpfs 64k
    mkdir -p "$MNT/replays"
    fill_disk 4096  # a tmpfs frees whole pages: the demo's recording reaches 4 KiB near frame 900 of the 1,100
    export ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0"  # the GL driver's leaks at exit (see window_ctest.cmake)
    run xvfb-run -a "$GAME" --data "$DATA" --demo --frames 1100 --mute --replay-dir "$MNT/replays" \
        --screenshot "$OUT/shot.png"
    expect_rc 1
    expect_err ": cannot write: No space left on device (recording stopped)"
    ! ls -A "$MNT/replays" | grep -q . || fail "files left in the replay folder: $(ls -A "$MNT/replays")"
    command -v convert >/dev/null || skip "no ImageMagick convert: the on-screen message is not checked"
    pixel="$(convert "$OUT/shot.png" -format '%[fx:int(255*p{1278,692}.r)] %[fx:int(255*p{1278,692}.g)]' info:)"
    note "bottom-right pixel (red green): $pixel"
    read -r red green <<<"$pixel"
    [ "$red" -gt 90 ] && [ "$green" -lt 60 ] || fail "no red failure line at the bottom of the screenshot ($pixel)"
    ;;
file-size-limit)
    # A file-size limit (`ulimit -f`, RLIMIT_FSIZE) used to kill every program with SIGXFSZ (status 153, the
    # shell's "File size limit exceeded"), leaving a recording's temporary file behind. Ignored, the write fails
    # with EFBIG and takes the full disk's path: the message, the exit status, the old file kept, no temporary file.
    # The limit is bash's, in KiB; the programs' stdout and stderr files are under it too, and stay far below it.
    long_script "$OUT/long.fscript" 20000
    old_replay "$OUT/old.freplay"
    cp "$OUT/old.freplay" "$OUT/out.freplay"
    run bash -c 'ulimit -f 8 && exec "$@"' limited "$HEADLESS" --replay "$OUT/long.fscript" --data "$DATA" \
        --record "$OUT/out.freplay"
    expect_rc 2
    expect_err "$OUT/out.freplay: cannot write: File too large (recording stopped at frame "
    same_bytes "$OUT/out.freplay" "$OUT/old.freplay"
    no_temps "$OUT"
    # `bvh` with its stdout in a file that reaches the limit: exit 3 and docs/bvh-program.md's message.
    awk 'BEGIN { for (i = 0; i < 200; ++i) printf "m%d %d 0 %d 5\n", i, i, i + 5 }' >"$OUT/agent.txt"
    awk 'BEGIN { for (i = 0; i < 300; ++i) print "p" }' >"$OUT/actions.txt"  # about 4 MB of output
    run bash -c 'ulimit -f 1 && exec "$@"' limited "$BVH" "$OUT/agent.txt" "$OUT/actions.txt"
    expect_rc 3
    expect_err "standard output: cannot write: File too large"
    ;;
matchd-file-size-limit)
    # bvh_matchd whose new store cannot grow past a file-size limit: started, it says the system's reason (SQLite
    # alone said `disk I/O error`) and exits 1. Its lock file stays behind, as after any end of the process (a
    # SIGKILL too), and stops no later start: the lock is an flock on it, let go when the process ends.
    [ -n "${MATCHD:-}" ] || skip "no bvh_matchd in this build (it needs cpp-httplib)"
    run bash -c 'ulimit -f 64 && exec "$@"' limited "$MATCHD" --port 0 --db "$OUT/ranked.db" --data "$DATA"
    expect_rc 1
    expect_err "bvh_matchd: $OUT/ranked.db: cannot write: File too large"
    [ -e "$OUT/ranked.db.lock" ] || fail "the failed start left no lock file (this case checks one left behind)"
    for stop in KILL TERM; do
        "$MATCHD" --port 0 --db "$OUT/ranked.db" --data "$DATA" >"$OUT/out" 2>"$OUT/err" &
        pid=$!
        for _ in $(seq 300); do grep -q "^bvh_matchd on HTTP port" "$OUT/out" && break; sleep 0.1; done
        if ! grep -q "^bvh_matchd on HTTP port" "$OUT/out"; then
            kill -KILL "$pid"
            fail "no start with the lock file left behind: $(cat "$OUT/err")"
        fi
        kill "-$stop" "$pid"
        wait "$pid" 2>/dev/null  # (bash says "Killed" of the SIGKILLed one)
        note "started with the lock file left behind, then SIG$stop"
    done
    ;;
matchd-full-disk)
    # bvh_matchd whose store's disk fills while it runs: a player's Hello is refused (`the store: database or disk is
    # full`, sent again), and the service says so on its own stderr at once, the same reason once however often it
    # comes within a minute; at the stop it sums the failures up and exits 2. Before, its stderr stayed empty and it
    # exited 0: the operator never learnt that the disk was full.
    [ -n "${MATCHD:-}" ] || skip "no bvh_matchd in this build (it needs cpp-httplib)"
    with_tmpfs 2m
    "$MATCHD" --port 0 --db "$MNT/ranked.db" --data "$DATA" >"$OUT/out" 2>"$OUT/err" &
    pid=$!
    for _ in $(seq 300); do grep -q "^bvh_matchd on HTTP port" "$OUT/out" && break; sleep 0.1; done
    port="$(sed -n 's/^bvh_matchd on HTTP port \([0-9]*\),.*/\1/p' "$OUT/out")"
    [ -n "$port" ] || { kill -KILL "$pid"; fail "the service did not start: $(cat "$OUT/err")"; }
    fill_disk 0
    "$HEADLESS" --ranked "127.0.0.1:$port" --data "$DATA" --wait 1 >"$OUT/client" 2>&1 &
    client=$!
    # The client's second Hello refused: the service met the full disk twice by then.
    for _ in $(seq 300); do [ "$(grep -c "refused for now (refused the store: " "$OUT/client")" -ge 2 ] && break; sleep 0.1; done
    kill -KILL "$client"
    wait "$client" 2>/dev/null
    grep -q "^Hello refused for now (refused the store: database or disk is full)" "$OUT/client" ||
        { kill -KILL "$pid"; fail "the player was not refused for the full disk: $(cat "$OUT/client")"; }
    kill -TERM "$pid"
    wait "$pid"
    rc=$?
    note "bvh_matchd -> exit $rc: $(cat "$OUT/err")"
    expect_rc 2
    [ "$(grep -c "^bvh_matchd: the store failed: database or disk is full$" "$OUT/err")" = 1 ] ||
        fail "the full disk was not said once at once: $(cat "$OUT/err")"
    grep -Eq "^bvh_matchd: the store failed [0-9]+ times during this run \(the last: database or disk is full\)$" "$OUT/err" ||
        fail "no summary of the failures at the stop: $(cat "$OUT/err")"
    grep -q "^bvh_matchd stopped" "$OUT/out" || fail "no stop line: $(cat "$OUT/out")"
    ;;
ranked-recording-full-disk)
    # `game_headless --ranked` whose --dir is a full disk: the match is played (the opponent's is decided), but its
    # recording cannot be written, so no log can be sent. It says so (the match played, the recording's failure)
    # with a failed write's exit status, 2; before, it said `no match was played` and exited 1.
    [ -n "${MATCHD:-}" ] || skip "no bvh_matchd in this build (it needs cpp-httplib)"
    with_tmpfs 64k
    fill_disk 0
    mkdir -p "$OUT/ann" "$OUT/bob" "$OUT/tmp"
    "$MATCHD" --port 0 --db "$OUT/ranked.db" --data "$DATA" >"$OUT/matchd" 2>&1 &
    pid=$!
    for _ in $(seq 300); do grep -q "^bvh_matchd on HTTP port" "$OUT/matchd" && break; sleep 0.1; done
    port="$(sed -n 's/^bvh_matchd on HTTP port \([0-9]*\),.*/\1/p' "$OUT/matchd")"
    [ -n "$port" ] || { kill -KILL "$pid"; fail "the service did not start: $(cat "$OUT/matchd")"; }
    XDG_DATA_HOME="$OUT/bob" TMPDIR="$OUT/tmp" BVH_PLAYER_NAME=Bob "$HEADLESS" --ranked "127.0.0.1:$port" --data "$DATA" \
        --fighter brick --play idle --dir "$OUT/bob" --wait 60 >"$OUT/bob/out" 2>&1 &
    bob=$!
    XDG_DATA_HOME="$OUT/ann" TMPDIR="$OUT/tmp" BVH_PLAYER_NAME=Ann run "$HEADLESS" --ranked "127.0.0.1:$port" \
        --data "$DATA" --fighter ryo --play attack --dir "$MNT" --wait 60
    # Bob's log is the match's only one: its decision comes 60 s after it, so Bob is not waited for past sending it.
    for _ in $(seq 300); do grep -q "^log sent for match" "$OUT/bob/out" && break; sleep 0.1; done
    bob_sent="$(grep -c "^log sent for match" "$OUT/bob/out")"
    kill -KILL "$bob" "$pid"
    wait "$bob" "$pid" 2>/dev/null
    [ "$bob_sent" = 1 ] || fail "the opponent sent no log: $(tail -n 20 "$OUT/bob/out")"
    match="$(sed -n 's/^match \([0-9]*\) ranked:.*/\1/p' "$OUT/out")"
    [ -n "$match" ] || fail "no match was made: $(cat "$OUT/out")"
    expect_rc 2
    expect_err "$MNT/match-$match.freplay: cannot write: No space left on device"
    expect_err "game_headless: match $match was played, but its recording could not be written ($MNT/match-$match.freplay: cannot write: No space left on device): no log was sent"
    ! grep -q "no match was played" "$OUT/out" "$OUT/err" || fail "said no match was played: $(cat "$OUT/out")"
    no_temps "$MNT"
    ;;
piped-script)
    # A script given through a pipe (`<(...)`) can be read once only: it must be read once, and run.
    run "$HEADLESS" --replay <(cat "$SCRIPT_26") --data "$DATA"
    expect_rc 0
    grep -q '^PASS' "$OUT/out" || fail "no PASS: $(cat "$OUT/out")"
    ;;
*)
    fail "unknown case $case_name"
    ;;
esac
echo "ok: $case_name"
