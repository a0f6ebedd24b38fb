//! The exact identity of a position in one number, for the search's table
//! and the sets of positions the tactics and the solver keep.

use carreno_rules::{Position, Side};

/// The exact identity of a position: both masks and the side to move.
#[inline]
pub fn key(position: &Position) -> u64 {
    let board = position.board();
    board.pieces(Side::S).bits() as u64
        | (board.pieces(Side::O).bits() as u64) << 25
        | (position.to_move() as u64) << 50
}
