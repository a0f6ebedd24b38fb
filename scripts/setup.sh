#!/usr/bin/env bash
# Installs what a fresh Debian or Ubuntu machine lacks to build, test and
# play the game, and picks a cargo target directory. Sourced by ./play and
# ./run-tests; safe to run again (it installs only what is missing).
set -euo pipefail

# postgresql: the server's tests start a PostgreSQL of their own (not the
# system's service) to run several server processes on one database.
# chromium, chromium-driver: the web game's tests play it in a headless
# Chromium (tests/browser.rs).
packages=(pkg-config libasound2-dev libudev-dev libx11-dev libxkbcommon-x11-0
          xvfb xauth xdotool mesa-vulkan-drivers libvulkan1 postgresql openssl
          chromium chromium-driver)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v cargo >/dev/null 2>&1; then
    echo "setup: cargo is missing: install Rust 1.95 (https://rustup.rs) and run this again" >&2
    exit 1
fi

# Keep build products outside the clone when a cache folder is available,
# so that a fresh clone does not rebuild every dependency.
if [ -z "${CARGO_TARGET_DIR:-}" ] && mkdir -p "${HOME:-/nonexistent}/.cache/entropy-target" 2>/dev/null; then
    export CARGO_TARGET_DIR="$HOME/.cache/entropy-target"
fi
