//! How long the bot thinks over a move: the AI's own share of a
//! tournament clock ([`entropy_ai::budget::tournament_time`]) of the time
//! the server's clock leaves it, never more than the level's own budget.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use entropy_ai::Limits;
use entropy_ai::budget::tournament_time;
use entropy_rules::Position;

use crate::bot::MoveClock;

/// What the bot knows of its time when it asks for a move: what its clock
/// shows (none in correspondence) and about how many moves it still has
/// to make with it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeLeft {
    pub left: Option<Duration>,
    pub moves: usize,
}

/// The time of one move: with a live clock, the AI's tournament share of
/// the time left over the moves left, at most `per_move`; in
/// correspondence, `per_move`.
///
/// ```
/// use std::time::Duration;
/// use entropy_cli::online::clock::{TimeLeft, move_time};
///
/// let budget = Duration::from_secs(1);
/// let plenty = TimeLeft { left: Some(Duration::from_secs(900)), moves: 97 };
/// assert_eq!(move_time(plenty, budget), budget);
/// let short = TimeLeft { left: Some(Duration::from_secs(4)), moves: 38 };
/// assert!(move_time(short, budget) < Duration::from_millis(100));
/// assert_eq!(move_time(TimeLeft { left: None, moves: 3 }, budget), budget);
/// ```
pub fn move_time(time: TimeLeft, per_move: Duration) -> Duration {
    match time.left {
        Some(left) => tournament_time(left, time.moves, per_move),
        None => per_move,
    }
}

/// A [`MoveClock`] whose time left the game's thread sets before each move.
#[derive(Clone, Debug)]
pub struct SharedClock {
    per_move: Duration,
    time: Arc<Mutex<TimeLeft>>,
}

impl SharedClock {
    /// A clock giving at most `per_move` a move.
    pub fn new(per_move: Duration) -> SharedClock {
        SharedClock {
            per_move,
            time: Arc::new(Mutex::new(TimeLeft::default())),
        }
    }

    /// Sets the time left for the next moves.
    pub fn set(&self, time: TimeLeft) {
        if let Ok(mut slot) = self.time.lock() {
            *slot = time;
        }
    }
}

impl MoveClock for SharedClock {
    fn limits(&mut self, _position: &Position) -> Limits {
        let time = self.time.lock().map(|t| *t).unwrap_or_default();
        Limits::time(move_time(time, self.per_move))
    }
}
