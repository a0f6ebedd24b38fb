#!/usr/bin/env bash
# Reruns the table of measured strength in docs/ai.md: each level against
# the greedy baseline and against the level below, at the levels' own time
# budgets, each run into its own report (the names docs/arena/ uses).
# Usage: crates/entropy_cli/scripts/ai-tables.sh [output-dir]   (about five hours on two cores)
set -euo pipefail
cd "$(dirname "$0")/../../.."
out="${1:-target/ai-tables}"
mkdir -p "$out"
source scripts/setup.sh >/dev/null
cargo_target="${CARGO_TARGET_DIR:-target}"
cargo build --release --locked -p entropy_cli
cli="$cargo_target/release/entropy-cli"
# run NAME ARGS...: one arena run; seed (default 2026) and jobs (default 2,
# one match on each core) come from the environment.
run() {
    local name="$1"; shift
    local args=(arena "$@" -j "${jobs:-2}" --seed "${seed:-2026}" --quiet)
    {
        echo "== $name: entropy-cli ${args[*]}"
        echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
        nice -n 10 "$cli" "${args[@]}"
        echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
    } > "$out/$name.txt"
    cat "$out/$name.txt"
}
run greedy-greedy greedy greedy -n 200
run beginner-greedy beginner greedy -n 200
run easy-greedy easy greedy -n 200
run medium-greedy medium greedy -n 200
run hard-greedy hard greedy -n 40
seed=2027 run hard-greedy-2 hard greedy -n 40
run master-greedy master greedy -n 10
run easy-beginner easy beginner -n 200
run medium-easy medium easy -n 200
run hard-medium hard medium -n 40
# Master against Hard: six runs of ten on seeds 2034-2039, each one match at
# a time, two runs side by side (one on each core).
for pair in "8 2034 9 2035" "10 2036 11 2037" "12 2038 13 2039"; do
    set -- $pair
    jobs=1 seed=$2 run "master-hard-$1" master hard -n 10 &
    jobs=1 seed=$4 run "master-hard-$3" master hard -n 10 &
    wait
done
