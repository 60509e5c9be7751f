#!/bin/bash
# The lobby program with its stdout on a full disk (/dev/full): its start line and its counters are lost, so it says
# `lobby: cannot write the output (stdout): No space left on device` once, at once (it serves on: the players do not
# lose their rooms to its log), and exits 2 when stopped (it exited 0 and said nothing). Its `--help` the same.
# usage: lobby_stdout.sh LOBBY WORKDIR
set -u
exe=$1 dir=$2
rm -rf "$dir" && mkdir -p "$dir" || exit 1
said='lobby: cannot write the output (stdout): No space left on device'
fail() { echo "FAIL: $*"; echo "--- stderr:"; cat "$dir/err.txt" 2>/dev/null; exit 1; }
[ -w /dev/full ] || { echo "SKIPPED: no /dev/full"; exit 77; }

timeout -k 5 60 "$exe" --port 0 --stats 1 >/dev/full 2>"$dir/err.txt" &
lobby=$!
for _ in $(seq 300); do  # the start line's loss, said at once (at most 30 s)
    grep -qxF "$said" "$dir/err.txt" && break
    sleep 0.1
done
grep -qxF "$said" "$dir/err.txt" || { kill "$lobby"; fail "the lost start line was not said"; }
kill -TERM "$lobby"
wait "$lobby"; code=$?
[ "$code" = 2 ] || fail "exit $code, expected 2"
[ "$(grep -cxF "$said" "$dir/err.txt")" = 1 ] || fail "the loss was not said exactly once"

timeout -k 5 20 "$exe" --help >/dev/full 2>"$dir/err.txt"
code=$?
[ "$code" = 2 ] && grep -qxF "$said" "$dir/err.txt" || fail "--help to a full disk: exit $code"
echo PASS
