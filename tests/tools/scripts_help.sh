#!/usr/bin/env bash
# Every script of scripts/ answers `--help` with its usage and exit status 0, and does nothing else: no build, no
# apt-get, no tracked file changed (untracked ones are not compared: other tests may write theirs meanwhile).
# scripts/play and scripts/lobby add their program's own usage once it is built; setup.sh is sourced, not run, and
# is left out.
# Usage: tests/tools/scripts_help.sh ROOT
set -uo pipefail
root="$1"
failed=0
for script in "$root"/scripts/*; do
    name="$(basename "$script")"
    [ -f "$script" ] && [ -x "$script" ] || continue
    [ "$name" = setup.sh ] && continue
    before="$(cd "$root" && git status --porcelain --untracked-files=no 2>/dev/null)"
    out="$(timeout 20 bash "$script" --help 2>&1)"
    rc=$?
    after="$(cd "$root" && git status --porcelain --untracked-files=no 2>/dev/null)"
    if [ "$rc" -ne 0 ]; then
        echo "FAIL scripts/$name --help exited $rc: $(echo "$out" | tail -n 1)"
        failed=1
    elif ! grep -q "Usage: scripts/$name" <<<"$out"; then
        echo "FAIL scripts/$name --help printed no 'Usage: scripts/$name' line"
        failed=1
    elif [ "$before" != "$after" ]; then
        echo "FAIL scripts/$name --help changed the checkout"
        failed=1
    else
        echo "ok   scripts/$name --help"
    fi
done
exit "$failed"
