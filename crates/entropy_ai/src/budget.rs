//! What a search may spend on a move, and what it has spent: [`Limits`]
//! (a time, a node count), a [`StopFlag`] to stop it early, and the
//! [`Control`] that counts a search's nodes and says when it must stop.
//! The players of both games search within them.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

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
