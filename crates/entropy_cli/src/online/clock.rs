//! How long the bot thinks over a move: a share of the time the server's
//! clock leaves it, never more than the level's own budget.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use entropy_ai::Limits;
use entropy_rules::Position;

use crate::bot::MoveClock;

/// Kept back from a live clock for the network and the server's own work.
pub const RESERVE: Duration = Duration::from_millis(400);

/// What the bot knows of its time when it asks for a move: what its clock
/// shows (none in correspondence) and about how many moves it still has
/// to make with it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeLeft {
    pub left: Option<Duration>,
    pub moves: usize,
}

/// The limits of one move: with a live clock, half as much again as an
/// even share of the time left (less [`RESERVE`]) over the moves left, at
/// most `per_move`, at least a millisecond; in correspondence, `per_move`.
///
/// ```
/// use std::time::Duration;
/// use entropy_cli::online::clock::{TimeLeft, move_time};
///
/// let budget = Duration::from_secs(2);
/// let plenty = TimeLeft { left: Some(Duration::from_secs(600)), moves: 40 };
/// assert_eq!(move_time(plenty, budget), budget);
/// let short = TimeLeft { left: Some(Duration::from_secs(4)), moves: 38 };
/// assert!(move_time(short, budget) < Duration::from_millis(200));
/// let gone = TimeLeft { left: Some(Duration::ZERO), moves: 3 };
/// assert_eq!(move_time(gone, budget), Duration::from_millis(1));
/// assert_eq!(move_time(TimeLeft { left: None, moves: 3 }, budget), budget);
/// ```
pub fn move_time(time: TimeLeft, per_move: Duration) -> Duration {
    let Some(left) = time.left else {
        return per_move;
    };
    let usable = left.saturating_sub(RESERVE);
    let share = usable.mul_f64(1.5 / (time.moves + 2) as f64);
    share.min(per_move).max(Duration::from_millis(1))
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
