#!/usr/bin/env bash
# Every script of scripts/ answers `--help` with its usage and exit status 0, and does nothing else: no line that
# installing, building or a refused flag prints, no tracked file changed (untracked ones are not compared: other
# tests may write theirs meanwhile). scripts/play and scripts/lobby add their program's own usage once it is built;
# setup.sh is sourced, not run, but answers --help all the same.
# Usage: tests/tools/scripts_help.sh ROOT
set -uo pipefail
root="$1"
failed=0
# What installing, configuring or building prints (setup.sh's apt-get and owner lines, CMake's, ninja's progress)
# and what a program says of a flag it refuses; a header's prose ("without building") is not such a line.
work_lines='^Installing |\(apt-get output: |building and running as |^-- Configuring|^\[[0-9]+/[0-9]+\] |unknown flag'
for script in "$root"/scripts/*; do
    name="$(basename "$script")"
    [ -f "$script" ] && [ -x "$script" ] || continue
    before="$(cd "$root" && git status --porcelain --untracked-files=no 2>/dev/null)"
    out="$(timeout -k 5 20 bash "$script" --help 2>&1)"
    rc=$?
    after="$(cd "$root" && git status --porcelain --untracked-files=no 2>/dev/null)"
    if [ "$rc" -ne 0 ]; then
        echo "FAIL scripts/$name --help exited $rc: $(echo "$out" | tail -n 1)"
        failed=1
    elif ! grep -q "Usage: scripts/$name" <<<"$out"; then
        echo "FAIL scripts/$name --help printed no 'Usage: scripts/$name' line"
        failed=1
    elif did="$(grep -m 1 -E "$work_lines" <<<"$out")"; then
        echo "FAIL scripts/$name --help did more than answer: $did"
        failed=1
    elif [ "$before" != "$after" ]; then
        echo "FAIL scripts/$name --help changed the checkout"
        failed=1
    else
        echo "ok   scripts/$name --help"
    fi
done
exit "$failed"
