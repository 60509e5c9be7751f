# Shared by the window test scripts (sourced, after they set `out` and XDG_DATA_HOME): bounded waits and the
# window's finished recording.

# waitFor FILE SED_EXPR TENTHS: prints the first line SED_EXPR prints from FILE, waiting up to TENTHS tenths of a
# second for it to appear; status 1 when it never does.
waitFor() {
    local v=
    for _ in $(seq "$3"); do
        v=$(sed -n "$2" "$1" 2>/dev/null | head -n 1)
        [ -n "$v" ] && { echo "$v"; return 0; }
        sleep 0.1
    done
    return 1
}

# freeDisplay FIRST LAST: prints the first X display number in FIRST..LAST with neither a socket nor a lock file
# (a stale socket of a killed server counts as taken); status 1 when none is free.
freeDisplay() {
    local n
    for n in $(seq "$1" "$2"); do
        [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ] || { echo "$n"; return 0; }
    done
    return 1
}

# windowRecording: prints the window's recording (the first replay under XDG_DATA_HOME) once it has its `end`
# line, waiting up to 10 s; prints what there is (maybe nothing) when it does not come.
windowRecording() {
    local rec=
    for _ in $(seq 100); do
        rec=$(ls "$XDG_DATA_HOME"/bvh-fighter/replays/*.freplay 2>/dev/null | head -n 1)
        [ -n "$rec" ] && grep -q '^end ' "$rec" && break
        sleep 0.1
    done
    echo "$rec"
}

# The window's input log (game/app/test_probe.h): the game appends "presses N texts M screens D age T top NAME" after
# each drawn frame in which one of those changed (and every frame of a top screen's first second). Set PROBE to a file and export BVH_TEST_PROBE=$PROBE before starting the game.

# probeField NAME: the number after NAME in the probe's last line (0 before any line).
probeField() {
    local n
    n=$(tail -n 1 "$PROBE" 2>/dev/null | sed -n "s/^\(.* \)\{0,1\}$1 \([0-9]*\) .*/\2/p")
    echo "${n:-0}"
}

# probePresses: the presses count of the probe's last line.
probePresses() { probeField presses; }

# probeStarted PID: waits (at most 60 s) until the game has run its first tick; status 1 when it never does or ends.
probeStarted() {
    for _ in $(seq 600); do
        [ -s "$PROBE" ] && return 0
        kill -0 "$1" 2>/dev/null || return 1
        sleep 0.1
    done
    return 1
}

# probeKey PID KEY: sends one key and waits until the game has handed it to a tick and applied what it did (the
# presses count grew) or has ended (a key that quits), at most 60 s; status 1 when the game was not running when
# the key was sent, or the key was still not taken after 60 s.
probeKey() {
    local before
    kill -0 "$1" 2>/dev/null || return 1
    before=$(probePresses)
    xdotool key "$2"
    for _ in $(seq 600); do
        [ "$(probePresses)" -gt "$before" ] && return 0
        kill -0 "$1" 2>/dev/null || return 0
        sleep 0.05
    done
    return 1
}

# probeWaitTop PID PATTERN AGE TENTHS: waits until the screen on top matches the grep PATTERN and has been there at
# least AGE ticks (a menu ignores confirm presses for its first 15), at most TENTHS tenths of a second; status 1
# when it never is, or the game ends.
probeWaitTop() {
    local line age
    for _ in $(seq "$4"); do
        line=$(tail -n 1 "$PROBE" 2>/dev/null)
        age=$(sed -n 's/.* age \([0-9]*\) .*/\1/p' <<<"$line")
        if grep -q -- "$2" <<<"${line#* top }" && [ "${age:-0}" -ge "$3" ]; then return 0; fi
        kill -0 "$1" 2>/dev/null || return 1
        sleep 0.1
    done
    return 1
}

# probeAge: the ticks the screen on top has been there, from the probe's last line.
probeAge() { probeField age; }
