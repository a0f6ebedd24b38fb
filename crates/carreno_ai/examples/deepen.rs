//! Searches the start position (or a position on standard input) one depth
//! at a time and prints each iteration's move, score, nodes and time.
//! `cargo run --release -p carreno_ai --example deepen -- [max_depth] [table_bits] [--stdin]`
use carreno_ai::{Engine, Limits, SearchConfig};
use carreno_rules::Position;
use std::io::Read;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let max: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(12);
    let bits: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(24);
    let position = if args.iter().any(|a| a == "--stdin") {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).unwrap();
        text.parse::<Position>().unwrap_or_else(|e| panic!("{e}"))
    } else {
        Position::new()
    };
    let mut engine = Engine::new(SearchConfig {
        table_bits: bits,
        ..SearchConfig::default()
    });
    let mut total = 0;
    for depth in 1..=max {
        let mut e = std::mem::replace(
            &mut engine,
            Engine::new(SearchConfig {
                table_bits: 4,
                ..SearchConfig::default()
            }),
        );
        e = e.with_max_depth(depth);
        let a = e.analyse_position(&position, &Limits::none());
        total += a.nodes;
        let pv: Vec<String> = a.pv.iter().map(|m| m.to_string()).collect();
        println!(
            "depth {depth:2}: {} {:>10} nodes {:>12} total {:>8.2?}  {}",
            a.best,
            a.score.to_string(),
            a.nodes,
            a.time,
            pv.join(" ")
        );
        let _ = total;
        engine = e;
        if a.score.is_proven() {
            break;
        }
    }
}
