//! Searches the start position (or a position on standard input) to each
//! depth in turn, each time with a fresh engine, and prints the move, the
//! score, the nodes and the time iterative deepening needs to finish that
//! depth: what the transposition table and the move ordering are worth.
//! `cargo run --release -p carreno_ai --example deepen -- [max_depth] [table_bits] [--stdin] [--no-ordering]`
mod support;

use carreno_ai::{Engine, Limits, SearchConfig};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let max: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10);
    let bits: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(22);
    let ordering = !args.iter().any(|a| a == "--no-ordering");
    let position = support::start_or_stdin(&args);
    println!(
        "table 2^{bits} entries, ordering {}",
        if ordering { "on" } else { "off" }
    );
    for depth in 1..=max {
        let config = SearchConfig {
            table_bits: bits,
            ordering,
            max_depth: depth,
            ..SearchConfig::default()
        };
        let analysis = Engine::new(config).analyse_position(&position, &Limits::none());
        let pv: Vec<String> = analysis.pv.iter().map(|m| m.to_string()).collect();
        println!(
            "depth {depth:2}: {} {:>10} {:>12} nodes {:>9.2?}  {}",
            analysis.best,
            analysis.score.to_string(),
            analysis.nodes,
            analysis.time,
            pv.join(" ")
        );
        if analysis.score.is_proven() {
            break;
        }
    }
}
