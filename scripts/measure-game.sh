#!/usr/bin/env bash
# Measures the game as players run it (the release build) under Xvfb with
# software rendering at 1280x720, and an empty Bevy window in the same way
# first, as the control every frame figure is compared with. Prints JSON:
# the empty window's frames (empty_window_…); each frame's wall and CPU
# time (median, 99th percentile, and ratio to the empty window's) with the
# screen held still but drawn every frame, while slides animate, while the
# count runs and while Hard thinks; the share of a core the game takes in
# 10 s still spells (title, a menu, a person's turn, a paused match) and
# over Hard's searches in a round (its search threads left out; all of it,
# and with nothing else moving); Hard's nodes a move as Chaos over a round
# against the greedy baseline (as `entropy-cli arena hard greedy` plays),
# drawing every frame and drawing only when asked; time from launch to the
# first frame, resident memory after a match, and the time a save takes.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
cargo build --release --locked --bin entropy >&2
target="${CARGO_TARGET_DIR:-target}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() {
    xvfb-run -a -s "-screen 0 1280x800x24" env "$@" \
        ENTROPY_PREFS_DIR="$work/prefs" ENTROPY_DATA_DIR="$work/data" \
        "$target/release/entropy" 2>"$work/log.txt" \
        || { cat "$work/log.txt" >&2; exit 1; }
}
run ENTROPY_SCRIPT=empty-window ENTROPY_MEASURE_OUT="$work/control.json"
run ENTROPY_SCRIPT=measure ENTROPY_MEASURE_OUT="$work/measure.json" ENTROPY_MEASURE_CONTROL="$work/control.json"
cat "$work/measure.json"
