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
