//! Computer players for Entropy, Augustine Carreno's game (seed 002), and
//! the tools that establish how far the game can be solved.
//!
//! - [`Player`]: the one interface of every player; [`Limits`] and
//!   [`StopFlag`] (shared with Solomon's game's players) bound a move by
//!   time, by search nodes, or on request; the search keeps to them with
//!   `entropy_ai`'s `budget::Control`.
//! - [`Level`]: Easy, Medium and Hard, each with its per-move budget
//!   ([`Level::budget`]); [`Level::player`] builds one from a seed;
//!   [`Level::rating`] its measured Glicko-2 rating.
//! - [`hint`]: the best move with its score, for a game's hint button.
//! - [`search`]: the alpha-beta engine behind Medium and Hard, exact about
//!   wins and losses; [`eval`]: its static evaluation; [`tactics`]: the
//!   fast test for a move that wins at once.
//! - [`solve`]: counting positions, proving results, endgame tables.

#![warn(missing_docs)]

pub use entropy_ai::{LevelParseError, Limits, StopFlag};

use carreno_rules::{Game, Move};

pub mod eval;
pub mod key;
mod level;
mod ratings;
pub mod search;
pub mod solve;
pub mod tactics;

pub use eval::{Weights, evaluate};
pub use level::{Casual, Level, SearchPlayer, hint, table_move};
pub use search::{Analysis, Engine, Score, SearchConfig};

/// A player: given a game that is not over, a legal move.
pub trait Player: Send {
    /// A short name for reports.
    fn name(&self) -> String;

    /// The move to play in `game`, within `limits` (a player may answer
    /// sooner). It must be legal; a game that is over gets a pass.
    fn choose(&mut self, game: &Game, limits: &Limits) -> Move;
}
