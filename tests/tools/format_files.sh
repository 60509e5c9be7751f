#!/usr/bin/env bash
# The C++ files the formatter owns (.clang-format): every .cpp and .h under engine/, game/, bench/, web/ and tests/,
# NUL-separated, in a stable order. Shared by scripts/format and the CTest check tests/tools/format_check.sh.
# Usage: tests/tools/format_files.sh ROOT
set -euo pipefail
cd "$1"
find engine game bench web tests -type f \( -name '*.cpp' -o -name '*.h' \) -print0 | sort -z
