//! The clocks of one game, kept from the times of its events.
//!
//! A player's clock runs while they owe a move (and their flag has not
//! fallen): from the event that made the move theirs to the event that
//! stops it, which is charged to them less [`LAG_ALLOWANCE_MS`]. In the
//! simultaneous match both clocks may run at once, one for each player, as
//! the rules keep one clock a player there. Live games have a time for the
//! whole match ([`Limit::Live`]); correspondence games a time for each move
//! ([`Limit::Correspondence`]), which starts again with each move owed.

use entropy_protocol::{Clocks, Speed};
use entropy_rules::TimeControl;

use super::Millis;

/// The time a live move's clock is not charged, for the message's way
/// across the network: each time a clock stops, the time it ran is reduced
/// by this much (never below zero), and a flag falls only this long after
/// the clock reads zero.
pub const LAG_ALLOWANCE_MS: i64 = 150;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// How long the players have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Limit {
    /// No clock.
    Untimed,
    /// Each player has this many milliseconds for the whole match.
    Live { ms: i64 },
    /// Each move must be made within this many milliseconds.
    Correspondence { per_move_ms: i64 },
}

/// Both players' clocks.
#[derive(Clone, Debug)]
pub(super) struct Clock {
    limit: Limit,
    /// Live: each player's time left as of the last time their clock stopped.
    left: [i64; 2],
    /// When each player's clock started running, if it runs.
    since: [Option<Millis>; 2],
}

impl Clock {
    /// The clocks of a game played at `speed`, none running yet.
    pub(super) fn new(speed: Speed) -> Clock {
        let limit = match speed {
            Speed::Live { seconds } if seconds > 0 => Limit::Live {
                ms: i64::from(seconds) * 1000,
            },
            Speed::Live { .. } => Limit::Untimed,
            Speed::Correspondence { days } if days > 0 => Limit::Correspondence {
                per_move_ms: i64::from(days) * DAY_MS,
            },
            Speed::Correspondence { .. } => Limit::Untimed,
        };
        let left = match limit {
            Limit::Live { ms } => ms,
            _ => 0,
        };
        Clock {
            limit,
            left: [left; 2],
            since: [None; 2],
        }
    }

    /// The rules' time control: the seconds each player has (live games).
    pub(super) fn time_control(speed: Speed) -> Option<TimeControl> {
        match speed {
            Speed::Live { seconds } => TimeControl::from_secs(seconds),
            Speed::Correspondence { .. } => None,
        }
    }

    pub(super) fn limit(&self) -> Limit {
        self.limit
    }

    pub(super) fn is_live(&self) -> bool {
        matches!(self.limit, Limit::Live { .. })
    }

    /// Whether `player`'s clock runs.
    pub(super) fn runs(&self, player: usize) -> bool {
        self.since[player].is_some()
    }

    /// Whether any clock runs.
    pub(super) fn any_runs(&self) -> bool {
        self.since.iter().any(Option::is_some)
    }

    /// The time `player`'s clock would be charged if it stopped at `at`.
    fn used(&self, player: usize, at: Millis) -> i64 {
        match self.since[player] {
            Some(since) => (at - since - LAG_ALLOWANCE_MS).max(0),
            None => 0,
        }
    }

    /// Live: the time `player` has left if their clock stops at `at`.
    pub(super) fn left_after(&self, player: usize, at: Millis) -> u64 {
        u64::try_from((self.left[player] - self.used(player, at)).max(0)).unwrap_or(0)
    }

    /// When `player`'s time runs out, if their clock runs: the live clock
    /// reading zero plus the lag allowance, or the correspondence move's days.
    pub(super) fn deadline_of(&self, player: usize) -> Option<Millis> {
        let since = self.since[player]?;
        match self.limit {
            Limit::Untimed => None,
            Limit::Live { .. } => Some(since.saturating_add(self.left[player]).saturating_add(LAG_ALLOWANCE_MS)),
            Limit::Correspondence { per_move_ms } => Some(since.saturating_add(per_move_ms)),
        }
    }

    /// Whether `player`'s time has run out by `at` (a move at `at` is too late).
    pub(super) fn out_of_time(&self, player: usize, at: Millis) -> bool {
        self.deadline_of(player).is_some_and(|deadline| at >= deadline)
    }

    /// The first time a running clock runs out, and whose.
    pub(super) fn next_deadline(&self) -> Option<(usize, Millis)> {
        (0..2)
            .filter_map(|p| self.deadline_of(p).map(|d| (p, d)))
            .min_by_key(|&(p, d)| (d, p))
    }

    /// After an event at `at`: the clocks of the players who owe a move now
    /// run (no clock runs in an untimed game), the others stop (charged for the time they ran). The `mover`'s
    /// clock stops in any case, and starts again if they owe another move.
    pub(super) fn sync(&mut self, owing: [bool; 2], at: Millis, mover: Option<usize>) {
        if self.limit == Limit::Untimed {
            return;
        }
        for (player, owes) in owing.into_iter().enumerate() {
            let running = self.since[player].is_some();
            if running && owes && mover != Some(player) {
                continue;
            }
            if running {
                self.left[player] = (self.left[player] - self.used(player, at)).max(0);
            }
            self.since[player] = owes.then_some(at);
        }
    }

    /// `player`'s flag fell: no time left, and their clock never runs again.
    pub(super) fn flag(&mut self, player: usize) {
        self.left[player] = 0;
        self.since[player] = None;
    }

    /// The server was down for `ms`: each running clock starts that much
    /// later, but never later than `at`.
    pub(super) fn resume(&mut self, ms: i64, at: Millis) {
        for since in self.since.iter_mut().flatten() {
            *since = since.saturating_add(ms).min(at);
        }
    }

    /// The clocks as they read at `now`. `running` names the one player
    /// whose clock runs; while both run (the simultaneous match) it is
    /// `None`, as when neither does.
    pub(super) fn reading(&self, now: Millis) -> Option<Clocks> {
        let left = |player: usize| -> u64 {
            let ms = match (self.limit, self.since[player]) {
                (Limit::Live { .. }, Some(since)) => self.left[player] - (now - since).max(0),
                (Limit::Live { .. }, None) => self.left[player],
                (Limit::Correspondence { per_move_ms }, Some(since)) => since.saturating_add(per_move_ms) - now,
                (Limit::Correspondence { per_move_ms }, None) => per_move_ms,
                (Limit::Untimed, _) => 0,
            };
            u64::try_from(ms.max(0)).unwrap_or(0)
        };
        if self.limit == Limit::Untimed {
            return None;
        }
        let running = match self.since {
            [Some(_), None] => Some(0),
            [None, Some(_)] => Some(1),
            _ => None,
        };
        Some(Clocks {
            left_ms: [left(0), left(1)],
            running,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_charged_less_the_lag_allowance_and_never_below_zero() {
        let mut clock = Clock::new(Speed::Live { seconds: 60 });
        clock.sync([true, false], 1_000, None);
        assert_eq!(clock.left_after(0, 1_100), 60_000);
        assert_eq!(clock.left_after(0, 3_150), 58_000);
        clock.sync([false, true], 3_150, Some(0));
        assert_eq!(clock.reading(3_150).unwrap().left_ms, [58_000, 60_000]);
        assert_eq!(clock.reading(4_150).unwrap().running, Some(1));
        assert_eq!(clock.reading(4_150).unwrap().left_ms, [58_000, 59_000]);
        assert_eq!(clock.deadline_of(1), Some(3_150 + 60_000 + LAG_ALLOWANCE_MS));
        assert!(!clock.out_of_time(1, 63_299));
        assert!(clock.out_of_time(1, 63_300));
    }

    #[test]
    fn correspondence_gives_each_move_its_days() {
        let mut clock = Clock::new(Speed::Correspondence { days: 2 });
        clock.sync([false, true], 0, None);
        assert_eq!(clock.next_deadline(), Some((1, 2 * DAY_MS)));
        clock.sync([true, false], DAY_MS, Some(1));
        assert_eq!(clock.next_deadline(), Some((0, 3 * DAY_MS)));
        let reading = clock.reading(2 * DAY_MS).unwrap();
        assert_eq!(reading.left_ms, [DAY_MS as u64, 2 * DAY_MS as u64]);
        assert_eq!(reading.running, Some(0));
    }

    #[test]
    fn resuming_starts_the_running_clocks_later_but_not_after_now() {
        let mut clock = Clock::new(Speed::Live { seconds: 60 });
        clock.sync([true, true], 1_000, None);
        clock.resume(5_000, 4_000);
        assert_eq!(clock.deadline_of(0), Some(4_000 + 60_000 + LAG_ALLOWANCE_MS));
        assert_eq!(clock.reading(4_000).unwrap().running, None);
        assert!(Clock::new(Speed::Live { seconds: 0 }).reading(0).is_none());
    }
}
