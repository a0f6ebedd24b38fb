#!/usr/bin/env bash
# Reruns every arena table of docs/ai.md: the levels against the greedy
# baseline and against each other, with the levels' own time budgets.
# Usage: crates/entropy_cli/scripts/ai-tables.sh [output-dir]   (about seven hours on two cores)
set -euo pipefail
cd "$(dirname "$0")/../../.."
out="${1:-target/ai-tables}"
mkdir -p "$out"
source scripts/setup.sh >/dev/null
cargo_target="${CARGO_TARGET_DIR:-target}"
cargo build --release --locked -p entropy_cli
cli="$cargo_target/release/entropy-cli"
run() {
    local name="$1"; shift
    echo "== $name: entropy-cli arena $* -j 2 --seed ${seed:-2026}" | tee "$out/$name.txt"
    echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/$name.txt"
    nice -n 10 "$cli" arena "$@" -j 2 --seed "${seed:-2026}" | tee -a "$out/$name.txt"
    echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/$name.txt"
}
run greedy-greedy greedy greedy -n 200
run hard-greedy hard greedy -n 40
seed=2027 run hard-greedy-2 hard greedy -n 40
run beginner-greedy beginner greedy -n 200
run easy-greedy easy greedy -n 200
run medium-greedy medium greedy -n 200
run easy-beginner easy beginner -n 200
run medium-easy medium easy -n 200
run hard-medium hard medium -n 40
run master-greedy master greedy -n 10
run master-hard master hard -n 10
seed=2028 run master-hard-3 master hard -n 10
seed=2029 run master-hard-4 master hard -n 10
seed=2030 run master-hard-5 master hard -n 10
seed=2032 run master-hard-6 master hard -n 10
seed=2033 run master-hard-7 master hard -n 10
seed=2034 run master-hard-8 master hard -n 10
seed=2035 run master-hard-9 master hard -n 10
seed=2036 run master-hard-10 master hard -n 10
seed=2037 run master-hard-11 master hard -n 10
seed=2038 run master-hard-12 master hard -n 10
seed=2039 run master-hard-13 master hard -n 10
