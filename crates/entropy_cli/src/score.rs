//! `entropy-cli score`: a board's score counted line by line, aloud.

use entropy_rules::{Board, Line};

/// One line per row and column, `row A  1121112  2 and 2 and 2 is 6, …`,
/// then `total: <score>`.
pub fn report(board: &Board) -> String {
    let mut out = String::new();
    for line in board.breakdown() {
        let cells: String = board
            .line_cells(line.line)
            .iter()
            .map(|c| c.map_or('.', |c| char::from(b'0' + c.number())))
            .collect();
        let name = match line.line {
            Line::Row(_) => format!("{}   ", line.line),
            Line::Col(_) => line.line.to_string(),
        };
        out.push_str(&format!("{name}  {cells}  {}\n", line.spoken()));
    }
    out.push_str(&format!("total: {}\n", board.score()));
    out
}
