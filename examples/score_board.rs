//! Scores a board with the rules crate: reads one from text, counts each
//! line aloud the way the rules suggest, and prints the total.
//!
//! `cargo run --release --example score_board`

use entropy_rules::Board;

fn main() {
    // Colours as digits 1–7, `.` for an empty cell; empty cells break runs.
    let text = "\
1121112
3......
3......
.......
.45654.
.......
7.....7";
    let board: Board = match text.parse() {
        Ok(board) => board,
        Err(e) => {
            eprintln!("not a board: {e}");
            std::process::exit(2);
        }
    };
    for line in board.breakdown() {
        println!("{line}");
    }
    println!("total: {}", board.score());
}
