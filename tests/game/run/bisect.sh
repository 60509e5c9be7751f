#!/usr/bin/env bash
# `game_headless --bisect`: the first differing frame and the fields there, from
#   1. two replays of which one has one input changed at frame 301 (found by re-simulating both);
#   2. two identical replays whose desync reports (.hashes, .states) say the machines parted at frame 200 with
#      p2.health different (found from the recorded files, as after a desync between two machines);
#   3. two identical replays (no difference, exit 0); and a missing second file (exit 2, usage).
# The expected frames and field names are the ones planted below, so each check can fail.
# Usage: bisect.sh GAME_HEADLESS SCRIPT WORKDIR
set -u
exe="$1" script="$2" work="$3"
rm -rf "$work" && mkdir -p "$work" || exit 1
fail() { echo "FAIL: $*"; echo "---- output:"; cat "$work/out.txt"; exit 1; }

"$exe" --replay "$script" --record "$work/A.freplay" >/dev/null || fail "cannot record the replay"
# B: A with frame 301's line replaced (P1 holds right and light: "RA" in replay letters; checked below that it
# changes P1's held buttons at that frame).
awk 'BEGIN { f = -1 } { if (f >= 0 && $1 != "check" && $1 != "end" && $1 != "note") { f++; if (f == 301) { print "RA -"; next } }
                       if ($1 == "frames") f = 0; print }' "$work/A.freplay" > "$work/B.freplay"
cmp -s "$work/A.freplay" "$work/B.freplay" && fail "B was not changed"

"$exe" --bisect "$work/A.freplay" "$work/B.freplay" > "$work/out.txt" 2>&1
code=$?
[ "$code" -eq 1 ] || fail "changed input: exit $code, expected 1"
grep -qx "first differing frame: 301 (re-simulated here from the two files)" "$work/out.txt" || fail "changed input: frame 301 not named"
grep -q "^inputs first differ at frame 301: " "$work/out.txt" || fail "changed input: the input line not named"
grep -q "^fields: .*p1\.held" "$work/out.txt" || fail "changed input: p1.held not among the fields"

# 2: identical replays, the machines' reports differ from frame 200 on.
cp "$work/A.freplay" "$work/C.freplay"
"$exe" --replay "$work/A.freplay" --print-hashes | awk 'BEGIN { print "fighthashes 1" } $1 == "frame" { print $2, $3 }' > "$work/A.freplay.hashes"
awk '$1 + 0 >= 200 && NR > 1 { print $1, "0123456789abcdef"; next } { print }' "$work/A.freplay.hashes" > "$work/C.freplay.hashes"
printf 'fightstates 1\nstate 200\nframe 200\np2.health 950\np1.x 400\n' > "$work/A.freplay.states"
printf 'fightstates 1\nstate 200\nframe 200\np2.health 940\np1.x 400\n' > "$work/C.freplay.states"
"$exe" --bisect "$work/A.freplay" "$work/C.freplay" > "$work/out.txt" 2>&1
code=$?
[ "$code" -eq 1 ] || fail "reports: exit $code, expected 1"
grep -q "^first differing frame: 200 (the hashes the two machines recorded;" "$work/out.txt" || fail "reports: frame 200 not named"
grep -qx "fields: p2.health" "$work/out.txt" || fail "reports: not exactly p2.health"
grep -qx "  p2.health: A 950, B 940" "$work/out.txt" || fail "reports: the values not shown"

# 3: no difference; a missing file.
"$exe" --bisect "$work/A.freplay" "$work/A.freplay" > "$work/out.txt" 2>&1
code=$?
[ "$code" -eq 0 ] || fail "same file: exit $code, expected 0"
grep -q "^no difference in [0-9]* frames" "$work/out.txt" || fail "same file: not said"
"$exe" --bisect "$work/A.freplay" > "$work/out.txt" 2>&1
code=$?
[ "$code" -eq 2 ] || fail "one file: exit $code, expected 2"
grep -q "needs two files" "$work/out.txt" || fail "one file: no usage"
"$exe" --bisect "$work/A.freplay" "$work/nope.freplay" > "$work/out.txt" 2>&1
[ $? -eq 2 ] || fail "missing file: expected exit 2"
grep -q "nope.freplay" "$work/out.txt" || fail "missing file: not named"
echo "PASS"
rm -rf "$work"
