//! A slow, obviously correct move generator on a plain grid, written from
//! the rules' text without the crate's bitboards, to check the crate against.

#![allow(dead_code)]

use carreno_rules::{Move, Position, Side, Square};

/// `grid[rank][file]`: the side of the piece there.
pub type Grid = [[Option<Side>; 5]; 5];

pub fn grid(position: &Position) -> Grid {
    let mut grid = [[None; 5]; 5];
    for square in Square::all() {
        grid[square.rank()][square.file()] = position.board().side_at(square);
    }
    grid
}

fn on_board(file: i32, rank: i32) -> bool {
    (0..5).contains(&file) && (0..5).contains(&rank)
}

/// The sides of the pieces touching (file, rank).
fn neighbour_sides(grid: &Grid, file: i32, rank: i32) -> Vec<Side> {
    let mut sides = Vec::new();
    for df in -1..=1 {
        for dr in -1..=1 {
            let (f, r) = (file + df, rank + dr);
            if (df, dr) != (0, 0)
                && on_board(f, r)
                && let Some(side) = grid[r as usize][f as usize]
            {
                sides.push(side);
            }
        }
    }
    sides
}

/// Whether some piece of `side` touches no piece at all.
pub fn has_isolated(grid: &Grid, side: Side) -> bool {
    (0..5).any(|r| (0..5).any(|f| grid[r][f] == Some(side) && neighbour_sides(grid, f as i32, r as i32).is_empty()))
}

/// Whether every piece of `side` touches a piece, and none its own side's.
pub fn dispersed(grid: &Grid, side: Side) -> bool {
    (0..5).all(|r| {
        (0..5).all(|f| {
            if grid[r][f] != Some(side) {
                return true;
            }
            let sides = neighbour_sides(grid, f as i32, r as i32);
            !sides.is_empty() && !sides.contains(&side)
        })
    })
}

fn square(file: i32, rank: i32) -> Square {
    Square::new(file as usize, rank as usize).unwrap()
}

/// Every legal move, straight from the rules: a piece touching one of its
/// own side goes any number of empty squares in one of eight directions; a
/// player in check keeps only the moves after which none of its pieces is
/// isolated; with no move left, the pass.
pub fn slow_moves(position: &Position) -> Vec<Move> {
    let grid = grid(position);
    let me = position.to_move();
    let in_check = has_isolated(&grid, me);
    let mut moves = Vec::new();
    for rank in 0..5i32 {
        for file in 0..5i32 {
            if grid[rank as usize][file as usize] != Some(me) || !neighbour_sides(&grid, file, rank).contains(&me) {
                continue;
            }
            for df in -1..=1 {
                for dr in -1..=1 {
                    if (df, dr) == (0, 0) {
                        continue;
                    }
                    let (mut f, mut r) = (file + df, rank + dr);
                    while on_board(f, r) && grid[r as usize][f as usize].is_none() {
                        let mut after = grid;
                        after[rank as usize][file as usize] = None;
                        after[r as usize][f as usize] = Some(me);
                        if !in_check || !has_isolated(&after, me) {
                            moves.push(Move::slide(square(file, rank), square(f, r)));
                        }
                        f += df;
                        r += dr;
                    }
                }
            }
        }
    }
    if moves.is_empty() {
        moves.push(Move::Pass);
    }
    moves.sort();
    moves
}

/// The position after `mv` on the grid, for checking `play`.
pub fn slow_play(position: &Position, mv: Move) -> Grid {
    let mut grid = grid(position);
    if let Move::Slide { from, to } = mv {
        grid[from.rank()][from.file()] = None;
        grid[to.rank()][to.file()] = Some(position.to_move());
    }
    grid
}

/// The number of move sequences of `depth` moves, by the slow generator.
pub fn slow_perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    slow_moves(position)
        .into_iter()
        .map(|mv| slow_perft(&position.play_unchecked(mv), depth - 1))
        .sum()
}
