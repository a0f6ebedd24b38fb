//! When a search stops: a node budget, a deadline, a flag.

use std::time::{Duration, Instant};

use crate::{Limits, StopFlag};

/// How many nodes pass between two looks at the clock and the flag.
const CHECK_EVERY: u64 = 256;

/// With a time limit, no new iteration starts after this share of it (the
/// next one takes several times longer than the last).
const SOFT_TIME: f32 = 0.3;

/// A search's budget and what it has spent.
pub(super) struct Control {
    start: Instant,
    time: Option<Duration>,
    pub(super) deadline: Option<Instant>,
    pub(super) node_limit: u64,
    stop: StopFlag,
    pub(super) nodes: u64,
    next_check: u64,
    pub(super) aborted: bool,
}

impl Control {
    pub(super) fn new(limits: &Limits) -> Control {
        let start = Instant::now();
        Control {
            start,
            time: limits.time,
            deadline: limits.deadline(start),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            stop: limits.stop.clone(),
            nodes: 0,
            next_check: 0,
            aborted: limits.stop.is_raised(),
        }
    }

    /// Counts `n` nodes; true when the search must stop now.
    #[inline]
    pub(super) fn tick(&mut self, n: u64) -> bool {
        self.nodes += n;
        if self.nodes >= self.node_limit {
            self.aborted = true;
        }
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + CHECK_EVERY;
            if self.stop.is_raised() || self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// Whether a new iteration may start.
    pub(super) fn may_deepen(&self) -> bool {
        !self.aborted
            && self
                .time
                .is_none_or(|t| self.start.elapsed().as_secs_f32() < t.as_secs_f32() * SOFT_TIME)
    }
}
