#!/usr/bin/env bash
# Shared by scripts/play and scripts/test: install what is missing (Debian packages only), then configure and build.
# Usage: scripts/setup.sh is sourced (`source scripts/setup.sh`), then: ensure_packages; run_as_checkout_owner SCRIPT
#   ARGS...; build_preset release|asan [targets...]. Run by itself it only answers --help.
#
# Only apt-get needs root. Everything else runs as the user who owns the checkout, so that `sudo scripts/play`
# cannot leave a root-owned build/ that the next run as that user could not write to.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# coturn (the TURN relay of the relay tests), iproute2 and nftables (the network-namespace NAT tests); sqlite3 and
# libpq (the ranked store), cpp-httplib (bvh_matchd); scripts/test adds postgresql (its store test starts a
# throwaway cluster); clang-format (the formatting check, scripts/format).
PACKAGES=(cmake g++ ninja-build pkg-config clang-format libsfml-dev doctest-dev libbox2d-dev xvfb xauth xdotool imagemagick coturn iproute2 nftables libsodium-dev libssl-dev zlib1g-dev libsqlite3-dev libpq-dev libcpp-httplib-dev)

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
        # Passwordless sudo answers `sudo -n true` at once (`sudo -v` would ask it for a password it does not
        # have); otherwise `sudo -v` asks for the password here, on its own line, before anything installs.
        sudo -n true 2>/dev/null || sudo -v || { echo "error: sudo refused; apt-get install ${missing[*]} as root" >&2; exit 1; }
    fi
    local log
    log="$(mktemp --tmpdir bvh-fighter-apt.XXXXXX.log)"
    echo "Installing missing Debian packages: ${missing[*]} (apt-get output: $log)"
    apt_step "$log" "apt-get update" "$sudo" update
    apt_step "$log" "apt-get install (${#missing[@]} packages)" "$sudo" install -y --no-install-recommends "${missing[@]}"
}

# When run as root (sudo, su) in a checkout another user owns, re-runs SCRIPT ARGS... as that user (the packages are
# in place by now, so the re-run needs no root); returns when there is nothing to do.
run_as_checkout_owner() {
    local owner
    owner="$(stat -c %U "$ROOT")"
    [ "$(id -u)" -eq 0 ] && [ "$owner" != "root" ] || return 0
    command -v runuser >/dev/null || { echo "error: run this as $owner, not as root (only apt-get needs root)" >&2; exit 1; }
    echo "Running as root, but $owner owns $ROOT: building and running as $owner"
    exec runuser -u "$owner" -- bash "$@"
}

# Refuses a build/ holding files of another user (e.g. left by `sudo scripts/play` before this check existed),
# naming the command that repairs it.
check_build_owner() {
    [ -d "$ROOT/build" ] || return 0
    local foreign
    foreign="$(find "$ROOT/build" ! -user "$(id -u)" -print -quit)"
    [ -z "$foreign" ] && return 0
    echo "error: $foreign belongs to $(stat -c %U "$foreign"), not to $(id -un), so this build cannot update it" >&2
    local sudo="sudo "
    [ "$(id -u)" -eq 0 ] && sudo=""
    echo "fix:   ${sudo}chown -R $(id -un): $ROOT/build      (or delete it: ${sudo}rm -rf $ROOT/build)" >&2
    exit 1
}

# Answers --help or -h anywhere in ARGS and exits 0: prints SCRIPT's header comment (its lines from the second to the
# first that is not a comment, the `#` taken off) and, for a script that starts a program (PROGRAM, a path under
# build/release; "" for none), that program's own --help once it is built. Builds nothing, installs nothing.
# Usage: answer_help "${BASH_SOURCE[0]}" PROGRAM "$@"
answer_help() {
    local script="$1" program="$2" a
    shift 2
    for a in "$@"; do
        case "$a" in
            --help | -h)
                sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$script"
                if [ -n "$program" ] && [ -x "$ROOT/build/release/$program" ]; then
                    echo
                    "$ROOT/build/release/$program" --help
                elif [ -n "$program" ]; then
                    echo "(build/release/$program --help lists its flags once it is built)"
                fi
                exit 0
                ;;
        esac
    done
}

build_preset() {
    local preset="$1"; shift
    check_build_owner
    cmake --preset "$preset" >/dev/null
    if [ $# -gt 0 ]; then
        local args=()
        for t in "$@"; do args+=(--target "$t"); done
        cmake --build --preset "$preset" -j "$(nproc)" "${args[@]}"
    else
        cmake --build --preset "$preset" -j "$(nproc)"
    fi
}

# Run by itself (not sourced): it is a library, so it answers --help with its header and otherwise says where to go.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    answer_help "${BASH_SOURCE[0]}" "" "$@"
    echo "scripts/setup.sh is sourced by scripts/play and scripts/test, not run: run one of those (each installs, builds and runs)" >&2
    exit 2
fi
