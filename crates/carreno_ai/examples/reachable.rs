//! Estimates how many positions can occur in a game: draws positions
//! uniformly from all 30.6 billion (seven pieces a side, either side to
//! move) and decides each by taking moves back towards the start.
//! `cargo run --release -p carreno_ai --example reachable -- [samples] [seed] [near_plies] [budget]`
use std::time::Instant;

use carreno_ai::solve::{POSITIONS, Reach, decide, near_start_distances, random_position};
use rand::{SeedableRng, rngs::SmallRng};

/// The Wilson 95% interval of a proportion.
fn wilson(k: u64, n: u64) -> (f64, f64) {
    let (k, n, z) = (k as f64, n as f64, 1.96f64);
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (centre - half, centre + half)
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let samples = args.first().copied().unwrap_or(1000);
    let seed = args.get(1).copied().unwrap_or(1);
    let plies = args.get(2).copied().unwrap_or(4) as u32;
    let budget = args.get(3).copied().unwrap_or(200_000);
    let start = Instant::now();
    let known = near_start_distances(plies);
    println!(
        "{} positions within {plies} moves of the start ({:.1?})",
        known.len(),
        start.elapsed()
    );
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut reachable, mut unreachable, mut unknown) = (0u64, 0u64, 0u64);
    let (mut longest, mut chain_sum) = (0u32, 0u64);
    let mut exhausted_max = 0;
    let mut with_no_parent = 0;
    for i in 1..=samples {
        let position = random_position(&mut rng);
        match decide(&position, &known, budget) {
            Reach::Reachable(d) => {
                reachable += 1;
                longest = longest.max(d);
                chain_sum += d as u64;
            }
            Reach::Unreachable(n) => {
                unreachable += 1;
                if unreachable <= 12 {
                    println!("unreachable ({n} positions lead to it, none from the start):\n{position}");
                }
                exhausted_max = exhausted_max.max(n);
                if n == 1 {
                    with_no_parent += 1;
                }
            }
            Reach::Unknown => {
                unknown += 1;
                println!("undecided:\n{position}");
            }
        }
        if i % 100_000 == 0 || i == samples {
            println!(
                "{i} sampled: {reachable} reachable, {unreachable} unreachable, {unknown} undecided ({:.1?})",
                start.elapsed()
            );
        }
    }
    let (lo, hi) = wilson(reachable, samples);
    let (ulo, uhi) = wilson(reachable + unknown, samples);
    println!(
        "reachable: {reachable} of {samples} ({:.1}%, 95% interval {:.1}%-{:.1}%): about {:.2e} of {POSITIONS} positions ({:.2e}-{:.2e})",
        100.0 * reachable as f64 / samples as f64,
        100.0 * lo,
        100.0 * hi,
        POSITIONS as f64 * reachable as f64 / samples as f64,
        POSITIONS as f64 * lo,
        POSITIONS as f64 * uhi.max(hi),
    );
    let _ = ulo;
    println!(
        "unreachable (proven): {unreachable}, of which {with_no_parent} have no position leading to them; largest backward closure exhausted {exhausted_max}"
    );
    println!(
        "chains found: mean {:.1} moves, longest {longest}",
        chain_sum as f64 / reachable.max(1) as f64
    );
}
