#!/usr/bin/env bash
# Measures the game as players run it (release build) under Xvfb with
# software rendering at 1280x720: frame times while idle and while slides
# animate (median and 99th percentile), time from launch to the first
# frame, and resident memory after a full match. Prints JSON.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
cargo build --release --locked --features ci --bin entropy >&2
target="${CARGO_TARGET_DIR:-target}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo '(events: [(3, Custom("measure"))])' > "$work/measure.ron"
CI_TESTING_CONFIG="$work/measure.ron" ENTROPY_MEASURE_OUT="$work/measure.json" ENTROPY_PREFS_DIR="$work/prefs" \
    xvfb-run -a -s "-screen 0 1280x800x24" "$target/release/entropy" 2>"$work/log.txt" \
    || { cat "$work/log.txt" >&2; exit 1; }
cat "$work/measure.json"
