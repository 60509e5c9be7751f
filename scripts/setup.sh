#!/usr/bin/env bash
# Shared by scripts/play and scripts/test: install what is missing (Debian packages only), then configure and build.
# Usage (sourced): ensure_packages; build_preset release|asan [targets...]
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PACKAGES=(cmake g++ ninja-build pkg-config libsfml-dev doctest-dev libbox2d-dev xvfb xauth imagemagick)

# Runs one apt-get step with its output (hundreds of dpkg lines) in LOG, printing one line; on failure prints the
# log's tail and its path, and exits. Usage: apt_step LOG WHAT SUDO apt-get-arguments...
apt_step() {
    local log="$1" what="$2" sudo="$3"; shift 3
    printf '%s ... ' "$what"
    if $sudo env DEBIAN_FRONTEND=noninteractive apt-get "$@" >>"$log" 2>&1; then
        echo "ok"
        return 0
    fi
    echo "FAILED"
    echo "---- last lines of $log:" >&2
    tail -n 25 "$log" >&2
    echo "error: $what failed; the whole apt-get output is in $log" >&2
    exit 1
}

ensure_packages() {
    local missing=()
    for p in "${PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { echo "error: need root (or sudo) to apt-get install ${missing[*]}" >&2; exit 1; }
        sudo="sudo"
        sudo -v  # any password prompt comes here, on its own line
    fi
    local log
    log="$(mktemp --tmpdir bvh-fighter-apt.XXXXXX.log)"
    echo "Installing missing Debian packages: ${missing[*]} (apt-get output: $log)"
    apt_step "$log" "apt-get update" "$sudo" update
    apt_step "$log" "apt-get install (${#missing[@]} packages)" "$sudo" install -y --no-install-recommends "${missing[@]}"
}

build_preset() {
    local preset="$1"; shift
    cmake --preset "$preset" >/dev/null
    if [ $# -gt 0 ]; then
        local args=()
        for t in "$@"; do args+=(--target "$t"); done
        cmake --build --preset "$preset" -j "$(nproc)" "${args[@]}"
    else
        cmake --build --preset "$preset" -j "$(nproc)"
    fi
}
