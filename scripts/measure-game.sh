#!/usr/bin/env bash
# Measures the game as players run it (the release build) under Xvfb with
# software rendering at 1280x720: frame times while idle, while slides
# animate and while the computer thinks (median and 99th percentile), time
# from launch to the first frame, resident memory after a full match, and
# the time a save of the match takes. Prints JSON.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
cargo build --release --locked --bin entropy >&2
target="${CARGO_TARGET_DIR:-target}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ENTROPY_SCRIPT=measure ENTROPY_MEASURE_OUT="$work/measure.json" \
    ENTROPY_PREFS_DIR="$work/prefs" ENTROPY_DATA_DIR="$work/data" \
    xvfb-run -a -s "-screen 0 1280x800x24" "$target/release/entropy" 2>"$work/log.txt" \
    || { cat "$work/log.txt" >&2; exit 1; }
cat "$work/measure.json"
