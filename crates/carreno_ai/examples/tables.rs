//! Builds the endgame tables ply after ply and prints each ply's size and
//! build time; with `--save`, writes them after every ply, and `--resume`
//! continues from such a file, so a long build can run in several sittings.
//! Stops at `max_plies`, when the tables are complete (a ply finds nothing),
//! or when `--minutes` have passed (checked between plies).
//! `cargo run --release -p carreno_ai --example tables -- [max_plies] [--save FILE] [--resume FILE] [--minutes M]`
use std::path::PathBuf;
use std::time::{Duration, Instant};

use carreno_ai::solve::{EndgameTables, Proof, dispersed_boards, reach::POSITIONS};
use carreno_rules::Position;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let max: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(5);
    let save = value("--save").map(PathBuf::from);
    let resume = value("--resume").map(PathBuf::from);
    let minutes: Option<f64> = value("--minutes").and_then(|m| m.parse().ok());
    let start = Instant::now();
    let deadline = minutes.map(|m| start + Duration::from_secs_f64(m * 60.0));
    let mut tables = match &resume {
        Some(path) => {
            let tables = EndgameTables::load(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            println!(
                "resumed {} plies from {} ({:.1?})",
                tables.plies(),
                path.display(),
                start.elapsed()
            );
            tables
        }
        None => {
            println!(
                "boards with a given side dispersed: {} ({:.1?})",
                dispersed_boards(),
                start.elapsed()
            );
            EndgameTables::new()
        }
    };
    println!("plies  won classes  won positions  lost classes lost positions      time");
    let row = |l: &carreno_ai::solve::tables::Level| {
        println!(
            "{:5} {:12} {:14} {:13} {:14} {:>9.1?}",
            l.plies, l.won_classes, l.won_positions, l.lost_classes, l.lost_positions, l.time
        )
    };
    for l in tables.levels() {
        row(l);
    }
    while tables.plies() < max && !tables.is_complete() && deadline.is_none_or(|d| Instant::now() < d) {
        let next = tables.plies() + 1;
        tables.extend(next, None, row);
        if let Some(path) = &save {
            tables.save(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
    }
    let (won, lost): (u64, u64) = tables
        .levels()
        .iter()
        .fold((0, 0), |(w, l), x| (w + x.won_positions, l + x.lost_positions));
    println!(
        "within {} plies: {won} positions won by the side to move ({:.3}%), {lost} lost ({:.3}%), of {POSITIONS}",
        tables.plies(),
        100.0 * won as f64 / POSITIONS as f64,
        100.0 * lost as f64 / POSITIONS as f64
    );
    let start_value = tables.probe(&Position::new());
    let verdict = match (start_value, tables.is_complete()) {
        (Some(Proof::Win(n)), _) => format!("O, to move, wins in {n} plies"),
        (Some(Proof::Loss(n)), _) => format!("O, to move, loses in {n} plies"),
        (_, true) => "a draw: the tables are complete and do not hold it".to_string(),
        _ => format!("not decided within {} plies", tables.plies()),
    };
    println!("the start position: {verdict}");
    println!(
        "tables {}complete; memory {:.0} MB; {:.1?} in all",
        if tables.is_complete() { "" } else { "not yet " },
        tables.bytes() as f64 / 1e6,
        start.elapsed()
    );
}
