#!/usr/bin/env bash
# The formatting check (CTest "the tree is formatted by .clang-format"): clang-format --dry-run over every file
# tests/tools/format_files.sh lists; fails on any drift, naming the files and the command that fixes them. Skipped
# when clang-format 14 (Debian 12's, the version the tree is formatted with) is missing: another version formats
# some constructs differently and would fail a formatted tree.
# Usage: tests/tools/format_check.sh ROOT
set -euo pipefail
root="$1"
if ! command -v clang-format >/dev/null; then
    echo "FORMAT CHECK SKIPPED: clang-format is not installed (scripts/setup.sh installs it)"
    exit 0
fi
version="$(clang-format --version | sed -n 's/.*version \([0-9]*\)\..*/\1/p')"
if [ "$version" != "14" ]; then
    echo "FORMAT CHECK SKIPPED: clang-format $version, the tree is formatted by clang-format 14"
    exit 0
fi
mapfile -d '' files < <("$root/tests/tools/format_files.sh" "$root")
cd "$root"
drift="$(clang-format --style=file --dry-run "${files[@]}" 2>&1 | sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: .*-Wclang-format-violations.*/\1/p' | sort -u)"
if [ -n "$drift" ]; then
    echo "$(wc -l <<<"$drift") files differ from .clang-format:"
    sed 's/^/  /' <<<"$drift" | head -n 20
    echo "fix them with:"
    echo "  scripts/format"
    exit 1
fi
echo "${#files[@]} files formatted as .clang-format says"
