//! Players for Entropy: the Chaos side chooses where the drawn counter goes,
//! the Order side chooses a slide or a pass. Every player sees only a
//! [`Position`] (board, counts left in the bag, phase), never the bag's order.
//!
//! - [`Player`]: the one interface for both roles; [`Limits`] and
//!   [`StopFlag`] bound a move by time, by search nodes, or on request, and
//!   a search keeps to them with a [`budget::Control`] (Carreno's players'
//!   search too).
//! - [`Level`]: the five levels people play against, from Beginner to
//!   Master, each with its per-move time budget ([`Level::budget`]);
//!   [`Level::player`] builds one from a seed; [`parse_level`] reads a
//!   level's name (Carreno's levels too); [`Level::rating`] its measured
//!   Glicko-2 rating for a kind of match ([`RatedKind`]).
//! - [`hint`]: Order's best move with the final score it expects.
//! - [`review_match`]: every move of a match judged against the best move,
//!   with its cost and a [`Mark`], in the background on worker threads.
//! - [`Greedy`]: the baseline (best score now).
//! - [`choose_simultaneous`]: a player's move in a simultaneous match, on
//!   whichever board it owes one.
//! - [`budget::tournament_time`] ([`Level::tournament_budget`]): a move's
//!   share of a match clock, for tournament play.
//! - [`SearchConfig`]: the shape of a search level, for the tuning tool
//!   ([`Level::search_config`], [`SearchConfig::player`]).
//!
//! How the levels play, and how the search, the evaluation and the
//! playouts work, is in `docs/ai.md`.

use entropy_rules::{Action, Cell, OrderMove, Phase, Position};

pub mod budget;
mod casual;
mod config;
mod eval;
mod greedy;
mod level;
mod player;
mod ratings;
mod review;
mod rollout;
mod search;
mod simultaneous;
mod watch;

#[cfg(test)]
#[path = "../tests/support/mod.rs"]
mod testing;

pub use budget::{Limits, StopFlag};
pub use config::{Playouts, SearchConfig};
pub use greedy::Greedy;
pub use level::{Level, LevelParseError, parse_level};
pub use player::{Hint, hint};
pub use ratings::RatedKind;
pub use review::{
    Mark, MatchReview, MoveReview, PlayerSummary, ReviewBudget, ReviewError, RoundReview, review_match,
    review_simultaneous,
};
pub use simultaneous::choose_simultaneous;
/// The clock the searches' deadlines read: std's, or in the web game the
/// browser's (std's `Instant` has no clock there).
#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;
#[cfg(target_arch = "wasm32")]
pub use web_time::Instant;

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

    /// The move `position` waits for, whichever role plays it: Chaos's
    /// placement or Order's slide or pass. `None` when it waits for a draw
    /// (chance, not a choice) or the round is over.
    ///
    /// ```
    /// use entropy_ai::{Level, Limits, Player};
    /// use entropy_rules::{Action, Colour, Position, Size};
    ///
    /// let mut player = Level::Beginner.player(1);
    /// let empty = Position::new(Size::Seven);
    /// assert_eq!(player.choose(&empty, &Limits::none()), None, "a draw is chance");
    /// let mut drawn = empty;
    /// drawn.draw(Colour::from_index(0).unwrap()).unwrap();
    /// assert!(matches!(player.choose(&drawn, &Limits::none()), Some(Action::Place(_))));
    /// ```
    fn choose(&mut self, position: &Position, limits: &Limits) -> Option<Action> {
        match position.phase() {
            Phase::ChaosPlace(_) => Some(Action::Place(self.place(position, limits))),
            Phase::OrderMove => Some(Action::from(self.order(position, limits))),
            Phase::ChaosDraw | Phase::Finished => None,
        }
    }

    /// How much this player has searched so far (`None` for a player that
    /// does not search): how fast it thinks where it runs.
    fn searched(&self) -> Option<Searched> {
        None
    }
}

/// A searching player's moves searched and the nodes (positions evaluated
/// and moves judged in playouts) it took for them.
///
/// ```
/// use entropy_ai::{Level, Limits, Player};
/// use entropy_rules::{Action, Round, Size};
///
/// let mut round = Round::new(Size::Seven, 7);
/// round.apply(Action::Draw).unwrap();
/// let mut hard = Level::Hard.player(1);
/// hard.choose(round.position(), &Limits::nodes(2_000)).unwrap();
/// let searched = hard.searched().unwrap();
/// assert_eq!(searched.moves, 1);
/// assert!(searched.nodes > 0);
/// assert_eq!(searched.nodes_per_move(), Some(searched.nodes as f64));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Searched {
    /// Moves searched.
    pub moves: u64,
    /// Nodes in all.
    pub nodes: u64,
}

impl Searched {
    /// Counts a move that took `nodes`.
    pub fn add(&mut self, nodes: u64) {
        self.moves += 1;
        self.nodes += nodes;
    }

    /// The mean nodes a move (`None` before any move).
    pub fn nodes_per_move(&self) -> Option<f64> {
        (self.moves > 0).then(|| self.nodes as f64 / self.moves as f64)
    }
}

impl std::ops::Add for Searched {
    type Output = Searched;

    fn add(self, other: Searched) -> Searched {
        Searched {
            moves: self.moves + other.moves,
            nodes: self.nodes + other.nodes,
        }
    }
}
