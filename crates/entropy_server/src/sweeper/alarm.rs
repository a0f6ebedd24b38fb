//! The sweeper's alarm: what wakes it when a deadline comes earlier than
//! the time it sleeps to.

use std::sync::atomic::{AtomicI64, Ordering};

use tokio::sync::Notify;

use crate::clock::Millis;

/// Wakes the sweeper when a deadline may fall before the time it sleeps
/// to, and only then: a move that sets its game's deadline an hour ahead
/// costs the sweeper nothing.
pub struct Alarm {
    pub(super) notify: Notify,
    /// The time the sweeper sleeps to; `Millis::MAX` while it reads the
    /// deadlines, so that a deadline stored meanwhile wakes it again.
    pub(super) sleeps_to: AtomicI64,
}

impl Default for Alarm {
    fn default() -> Alarm {
        Alarm {
            notify: Notify::new(),
            sleeps_to: AtomicI64::new(Millis::MAX),
        }
    }
}

impl Alarm {
    /// A game's deadline, just stored: wakes the sweeper if it sleeps past it.
    pub fn deadline(&self, deadline: Option<Millis>) {
        if deadline.is_some_and(|at| at < self.sleeps_to.load(Ordering::SeqCst)) {
            self.notify.notify_one();
        }
    }

    /// Wakes the sweeper.
    pub fn wake(&self) {
        self.notify.notify_one();
    }
}
