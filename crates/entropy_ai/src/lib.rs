//! Players for Entropy: the Chaos side chooses where the drawn counter goes,
//! the Order side chooses a slide or a pass. Every player sees only a
//! [`Position`] (board, counts left in the bag, phase), never the bag's order.
//!
//! - [`Player`]: the one interface for both roles; [`Limits`] and
//!   [`StopFlag`] bound a move by time, by search nodes, or on request.
//! - [`Level`]: the five levels people play against, from Beginner to
//!   Master, each with its per-move time budget ([`Level::budget`]);
//!   [`Level::player`] builds one from a seed.
//! - [`hint`]: Order's best move with the final score it expects.
//! - [`review_match`]: every move of a match judged against the best move,
//!   with its cost and a [`Mark`], in the background on worker threads.
//! - [`Greedy`]: the baseline (best score now).
//! - [`SearchConfig`]: the shape of a search level, for the tuning tool
//!   ([`Level::search_config`], [`SearchConfig::player`]).
//!
//! How the levels play, and how the search, the evaluation and the
//! playouts work, is in `docs/ai.md`.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use entropy_rules::{Cell, OrderMove, Position};

mod casual;
mod config;
mod eval;
mod greedy;
mod level;
mod player;
mod review;
mod rollout;
mod search;
mod watch;

#[cfg(test)]
#[path = "../tests/support/mod.rs"]
mod testing;

pub use config::{Playouts, SearchConfig};
pub use greedy::Greedy;
pub use level::{Level, LevelParseError};
pub use player::{Hint, hint};
pub use review::{Mark, MatchReview, MoveReview, PlayerSummary, ReviewBudget, ReviewError, RoundReview, review_match};

/// How much a player may spend on one move, and a way to stop it early.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Wall-clock time for the move.
    pub time: Option<Duration>,
    /// Search nodes for the move: with no time limit, a search bounded by
    /// nodes is deterministic for a given seed.
    pub nodes: Option<u64>,
    /// Raised by another thread to ask for a move at once.
    pub stop: StopFlag,
}

impl Limits {
    /// No limit but the player's own.
    pub fn none() -> Limits {
        Limits::default()
    }

    /// At most `time` for the move.
    pub fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }

    /// At most `nodes` search nodes for the move.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// The same limits, stopped by `stop`.
    pub fn with_stop(self, stop: StopFlag) -> Limits {
        Limits { stop, ..self }
    }

    /// The time by which a move started now must be made.
    pub fn deadline(&self, start: Instant) -> Option<Instant> {
        self.time.map(|t| start + t)
    }
}

/// A cancellation flag shared between a search and whoever waits for it.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A flag not yet raised.
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// Asks the search to stop and answer now.
    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag was raised.
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// A player of either role.
///
/// [`Player::place`] is called when the position waits for Chaos to place
/// the drawn counter, [`Player::order`] when it waits for Order. Both must
/// return a legal move for such a position, whatever the limits.
pub trait Player: Send {
    /// A short name for reports.
    fn name(&self) -> String;

    /// Where Chaos puts the drawn counter.
    fn place(&mut self, position: &Position, limits: &Limits) -> Cell;

    /// Order's slide or pass.
    fn order(&mut self, position: &Position, limits: &Limits) -> OrderMove;
}
