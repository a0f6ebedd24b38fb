//! Builds the endgame tables up to a number of plies and prints each ply's
//! size and build time. `cargo run --release -p carreno_ai --example tables -- [max_plies]`
use std::time::Instant;

use carreno_ai::solve::{EndgameTables, dispersed_boards, reach::POSITIONS};

fn main() {
    let max: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    let start = Instant::now();
    println!(
        "boards with a given side dispersed: {} ({:.1?})",
        dispersed_boards(),
        start.elapsed()
    );
    let (mut won, mut lost) = (0u64, 0u64);
    println!("plies  won classes  won positions  lost classes lost positions   time");
    let tables = EndgameTables::build(max, |l| {
        won += l.won_positions;
        lost += l.lost_positions;
        println!(
            "{:5} {:12} {:14} {:13} {:14} {:>8.1?}",
            l.plies, l.won_classes, l.won_positions, l.lost_classes, l.lost_positions, l.time
        );
    });
    println!(
        "within {max} plies: {won} positions won by the side to move ({:.3}%), {lost} lost ({:.3}%), of {POSITIONS}",
        100.0 * won as f64 / POSITIONS as f64,
        100.0 * lost as f64 / POSITIONS as f64
    );
    println!(
        "table memory {:.0} MB, {:.1?} in all",
        tables.bytes() as f64 / 1e6,
        start.elapsed()
    );
}
