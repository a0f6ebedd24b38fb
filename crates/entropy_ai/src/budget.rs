//! What a search may spend on a move, and what it has spent: [`Limits`]
//! (a time, a node count), a [`StopFlag`] to stop it early, and the
//! [`Control`] that counts a search's nodes and says when it must stop.
//! The players of both games search within them. For tournament play, a
//! move's share of a match clock: [`tournament_time`].

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::Instant;

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

/// A search's budget and what it has spent: made from the [`Limits`] when
/// the search starts, it counts the nodes and says when the search must
/// stop (the node budget spent, the deadline passed, the flag raised).
///
/// ```
/// use entropy_ai::Limits;
/// use entropy_ai::budget::Control;
/// let mut control = Control::new(&Limits::nodes(100), 16);
/// assert!(!control.tick(99));
/// assert!(control.tick(1));
/// assert!(control.aborted() && !control.may_deepen(0.5));
/// assert_eq!((control.nodes(), control.node_limit()), (100, Some(100)));
/// ```
#[derive(Clone, Debug)]
pub struct Control {
    start: Instant,
    time: Option<Duration>,
    deadline: Option<Instant>,
    node_limit: u64,
    stop: StopFlag,
    nodes: u64,
    next_check: u64,
    check_every: u64,
    aborted: bool,
}

impl Control {
    /// A search starting now within `limits`, that looks at the clock and
    /// the flag once every `check_every` nodes (the node budget it checks
    /// at every node).
    pub fn new(limits: &Limits, check_every: u64) -> Control {
        let start = Instant::now();
        Control {
            start,
            time: limits.time,
            deadline: limits.deadline(start),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            stop: limits.stop.clone(),
            nodes: 0,
            next_check: 0,
            check_every,
            aborted: limits.stop.is_raised(),
        }
    }

    /// Counts `n` nodes; true when the search must stop now.
    #[inline]
    pub fn tick(&mut self, n: u64) -> bool {
        self.nodes += n;
        if self.nodes >= self.node_limit {
            self.aborted = true;
        }
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + self.check_every;
            if self.stop.is_raised() || self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// Whether a new iteration may start: the search has not been stopped,
    /// and with a time limit, less than the share `soft_time` of it is spent
    /// (the next iteration takes several times longer than the last).
    pub fn may_deepen(&self, soft_time: f32) -> bool {
        !self.aborted
            && self
                .time
                .is_none_or(|t| self.start.elapsed().as_secs_f32() < t.as_secs_f32() * soft_time)
    }

    /// Whether the search must stop (it then answers with what it has).
    #[inline]
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// The nodes counted so far.
    #[inline]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The node budget, if the limits set one.
    pub fn node_limit(&self) -> Option<u64> {
        (self.node_limit != u64::MAX).then_some(self.node_limit)
    }

    /// The time by which the search must answer, if the limits set one.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

/// What a move costs beyond its thinking time, as [`tournament_time`]
/// counts it: the search running past its deadline until it next looks at
/// the clock, making the move, the game drawing it.
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(50);

/// The time [`tournament_time`] keeps on the clock to the end of the match,
/// whatever the moves: room for what it does not foresee.
pub const SAFETY_RESERVE: Duration = Duration::from_secs(3);

/// The least thinking time [`tournament_time`] gives a move.
pub const MIN_THINK: Duration = Duration::from_millis(1);

/// The time to think about one move of a match played on a clock (the Mind
/// Sports Olympiad gives each player 15 minutes for the whole match):
/// `left` is what the player's clock shows, `moves_left` the moves they
/// still have to make in the match, this one included (as Chaos and as
/// Order, in this round and the next: `entropy_rules::Match::moves_left`,
/// `entropy_rules::SimultaneousMatch::moves_left`), `per_move` the level's
/// normal time for a move ([`crate::Level::budget`]).
///
/// How it budgets: it keeps back a reserve, [`SAFETY_RESERVE`] for the
/// match and [`MOVE_OVERHEAD`] for each move still to make, and shares the
/// rest evenly among those moves; a move gets that share or the level's
/// normal time, whichever is less (at least [`MIN_THINK`]). In 15 minutes
/// the even share (about 9 s for the 97 moves of a 7×7 match) is above
/// every level's normal time, so the levels play as they always do; in a
/// minute they think about half a second a move.
///
/// It never flags a player whose moves each cost at most their thinking
/// time and [`MOVE_OVERHEAD`], if the clock starts with the reserve: with
/// `L` on the clock and `n` moves to go, `L` stays above `SAFETY_RESERVE +
/// n × MOVE_OVERHEAD` from one move to the next (a move spends at most the
/// even share of what is above it), so the reserve is still there after
/// the last move.
///
/// ```
/// use std::time::Duration;
/// use entropy_ai::budget::tournament_time;
///
/// let hard = Duration::from_secs(1);
/// // 15 minutes, 97 moves to go: Hard's full second.
/// assert_eq!(tournament_time(Duration::from_secs(900), 97, hard), hard);
/// // 1 minute: about half a second.
/// let quick = tournament_time(Duration::from_secs(60), 97, hard);
/// assert!(quick > Duration::from_millis(400) && quick < Duration::from_millis(600));
/// ```
pub fn tournament_time(left: Duration, moves_left: usize, per_move: Duration) -> Duration {
    let moves = u32::try_from(moves_left.max(1)).unwrap_or(u32::MAX);
    let reserve = SAFETY_RESERVE + MOVE_OVERHEAD.saturating_mul(moves);
    let share = left.saturating_sub(reserve) / moves;
    share.min(per_move).max(MIN_THINK)
}

#[cfg(test)]
mod tournament_tests {
    use super::*;
    use crate::Level;

    /// The moves of one player in a 7×7 match: 49 placements, 48 Order moves.
    const MATCH_MOVES: usize = 49 + 48;

    /// Plays `moves` moves from a clock of `clock`, each taking its
    /// thinking time and `overhead`; gives the thinking times and what the
    /// clock shows at the end (`None` if it ran out).
    fn simulate(
        clock: Duration,
        moves: usize,
        per_move: Duration,
        overhead: Duration,
    ) -> (Vec<Duration>, Option<Duration>) {
        let mut left = clock;
        let mut times = Vec::new();
        for done in 0..moves {
            let think = tournament_time(left, moves - done, per_move);
            times.push(think);
            match left.checked_sub(think + overhead) {
                Some(rest) => left = rest,
                None => return (times, None),
            }
        }
        (times, Some(left))
    }

    #[test]
    fn a_whole_match_never_runs_the_clock_out() {
        for clock in [Duration::from_secs(900), Duration::from_secs(60)] {
            for level in Level::ALL {
                for overhead in [Duration::ZERO, MOVE_OVERHEAD / 2, MOVE_OVERHEAD] {
                    let (times, left) = simulate(clock, MATCH_MOVES, level.budget(), overhead);
                    let total: Duration = times.iter().sum();
                    assert!(total <= clock, "{level} on {clock:?}: {total:?}");
                    let left = left.unwrap_or_else(|| panic!("{level} flagged on {clock:?}"));
                    assert!(left >= SAFETY_RESERVE, "{level} on {clock:?}: {left:?} left");
                    assert!(times.iter().all(|&t| t <= level.budget()));
                }
            }
        }
    }

    #[test]
    fn fifteen_minutes_leave_every_level_its_normal_time() {
        for level in Level::ALL {
            let (times, _) = simulate(Duration::from_secs(900), MATCH_MOVES, level.budget(), MOVE_OVERHEAD);
            assert!(times.iter().all(|&t| t == level.budget()), "{level}");
        }
    }

    #[test]
    fn a_minute_is_shared_out_and_a_late_start_still_finishes() {
        let master = Level::Master.budget();
        let (times, left) = simulate(Duration::from_secs(60), MATCH_MOVES, master, MOVE_OVERHEAD);
        assert!(left.is_some());
        assert!(times[0] > Duration::from_millis(400) && times[0] < Duration::from_millis(600));
        // Half the clock spent on the first round's moves: the second round
        // still fits.
        let (_, left) = simulate(Duration::from_secs(30), 49, master, MOVE_OVERHEAD);
        assert!(left.is_some());
        // A clock almost gone: the least time, never nothing.
        assert_eq!(tournament_time(SAFETY_RESERVE, 40, master), MIN_THINK);
        assert_eq!(tournament_time(Duration::ZERO, 0, master), MIN_THINK);
    }
}
