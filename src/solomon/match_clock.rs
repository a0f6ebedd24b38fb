//! The match clock's state: both players' time left, set by the match's
//! setup and run by [`crate::solomon::clock`] (the tournament clock's rules
//! are told there).

use std::time::Duration;

use bevy::prelude::*;

/// Both players' time left, by [`entropy_rules::Player::index`].
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct MatchClock {
    /// Time left.
    pub left: [Duration; 2],
    /// Whether a clock is running this frame.
    pub running: bool,
}

impl MatchClock {
    /// A clock with `per_player` for each.
    pub fn new(per_player: Duration) -> MatchClock {
        MatchClock::with_left([per_player; 2])
    }

    /// A clock with these times left.
    pub fn with_left(left: [Duration; 2]) -> MatchClock {
        MatchClock { left, running: false }
    }
}
