//! Proves what either side can force from the start (or a position on
//! standard input) within growing numbers of plies.
//! `cargo run --release -p carreno_ai --example prove -- [max_plies] [table_bits] [first_plies] [--stdin]`
mod support;

use std::time::Instant;

use carreno_ai::solve::Prover;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let max: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(9);
    let bits: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(24);
    let position = support::start_or_stdin(&args);
    let first: u32 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let mut prover = Prover::new(bits);
    let start = Instant::now();
    for d in first..=max {
        let before = prover.nodes;
        let (question, answer) = if d % 2 == 1 {
            ("wins", prover.wins(&position, d, false))
        } else {
            ("loses", prover.loses(&position, d, false))
        };
        println!(
            "{} to move {question} within {d:2} plies: {answer:5}  ({} nodes, {:.1?} so far)",
            position.to_move(),
            prover.nodes - before,
            start.elapsed()
        );
        if answer {
            break;
        }
    }
}
