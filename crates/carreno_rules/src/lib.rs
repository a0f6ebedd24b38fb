//! The rules of **Entropy**, Augustine Carreno's game of 1994 (seed 002),
//! as a plain-Rust library: no engine, no I/O, no clock.
//!
//! Two players, S and O, have seven pieces each on a 5×5 board. A piece may
//! move only while it touches a piece of its own side, and then goes like a
//! chess queen over empty squares. A player with a piece touching nothing at
//! all is in check and must end that; a player with no legal move passes.
//! The first to *disperse* — every piece touching the other side's pieces
//! and none of its own — wins. O moves first. This project's reading adds
//! the draws: two passes in succession, a third repetition, 200 moves.
//!
//! The types:
//! - [`Square`], [`SquareSet`], [`Side`], [`Move`]: small `Copy` values with
//!   invariants, in seed 002's notation (`c4`, `a4-c4`, `pass`).
//! - [`Board`]: seven pieces a side on distinct squares; isolated pieces,
//!   pieces that may move, dispersal; a text form of five lines of `S`, `O`
//!   and `.`, row 5 first, read back with faults named by line and column,
//!   within [`Bounds::BOARD`] (the [`text`] of `board_basics`: bounds on
//!   text from outside, and the escaped excerpt an error quotes).
//! - [`Position`]: a board and the side to move. `Copy`, 12 bytes,
//!   allocation-free: legal moves, each piece's destinations or the reason
//!   it may not move ([`Position::piece_moves`]), check, the winner after a
//!   move. Illegal moves are refused with a [`MoveError`] a player can read.
//! - [`Game`]: a position with its history: the result with its reason
//!   ([`GameResult`]), draws included, undo, the move list in notation, and a
//!   [`GameRecord`] that replays (serde behind the default `serde` feature).
//!
//! ```
//! use carreno_rules::{Game, Move, Side};
//! let mut game = Game::new();
//! assert_eq!(game.to_move(), Side::O);
//! game.play("a2-c4".parse::<Move>()?)?;
//! // S may move a4 (it touches a5), along the column or the diagonal.
//! assert_eq!(game.piece_moves("a4".parse()?)?.to_string(), "a2 c2 a3 b3 b4");
//! assert_eq!(game.result(), None);
//! assert_eq!(game.move_text(), "1. a2-c4");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

mod board;
mod error;
mod game;
mod moves;
mod position;
mod side;
mod square;

pub use board::{Board, BoardParseError, BoardParseErrorKind, PIECES, SetupError};
pub use board_basics::NotationError;
pub use board_basics::text::{self, Bounds, TooLong};
pub use error::MoveError;
pub use game::{DrawReason, Game, GameRecord, GameResult, MOVE_LIMIT, ReplayError, Win, WinReason};
pub use moves::{MAX_MOVES, Move, MoveList};
pub use position::{Position, perft};
pub use side::Side;
pub use square::{Direction, SIDE, SQUARES, Square, SquareSet, SquareSetIter};
