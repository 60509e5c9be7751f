#!/usr/bin/env bash
# Shared by scripts/play and scripts/test: install what is missing (Debian packages only), then configure and build.
# Usage (sourced): ensure_packages; build_preset release|asan [targets...]
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PACKAGES=(cmake g++ ninja-build pkg-config libsfml-dev doctest-dev libbox2d-dev xvfb xauth imagemagick)

ensure_packages() {
    local missing=()
    for p in "${PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "Installing missing packages: ${missing[*]}"
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { echo "error: need root (or sudo) to apt-get install ${missing[*]}" >&2; exit 1; }
        sudo="sudo"
    fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
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
