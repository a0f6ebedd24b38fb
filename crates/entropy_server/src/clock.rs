//! The server's clock: what time it is ([`Clock::now`]) and a way to wait
//! until a time ([`Clock::sleep_until`]). The server reads time only
//! through it, so a test can run the whole server on a [`ManualClock`] it
//! moves itself: games' clocks, the sweeper, the heartbeat, a connection's
//! time limit for its Hello and the flood limit all follow it.

use std::future::Future;
use std::pin::Pin;
use std::sync::Mutex;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::sync::watch;

pub use crate::game::Millis;

/// A future that a [`Clock`] completes at a time.
pub type Sleep<'a> = Pin<Box<dyn Future<Output = ()> + Send + 'a>>;

/// Where the server reads the time.
pub trait Clock: Send + Sync + 'static {
    /// Milliseconds since 1970.
    fn now(&self) -> Millis;
    /// Completes once [`Clock::now`] reads `at` or later.
    fn sleep_until(&self, at: Millis) -> Sleep<'_>;
}

/// The machine's clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Millis {
        let since = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or(Duration::ZERO);
        i64::try_from(since.as_millis()).unwrap_or(i64::MAX)
    }

    fn sleep_until(&self, at: Millis) -> Sleep<'_> {
        Box::pin(async move {
            loop {
                let left = at.saturating_sub(self.now());
                if left <= 0 {
                    return;
                }
                // Checked again on waking: the machine's clock may have been set.
                tokio::time::sleep(Duration::from_millis(left.unsigned_abs().min(60_000))).await;
            }
        })
    }
}

/// A clock that moves only when told ([`ManualClock::advance`]): for tests.
#[derive(Debug)]
pub struct ManualClock {
    now: watch::Sender<Millis>,
    lock: Mutex<()>,
}

impl ManualClock {
    /// A clock that reads `start` until it is moved.
    pub fn new(start: Millis) -> ManualClock {
        ManualClock {
            now: watch::Sender::new(start),
            lock: Mutex::new(()),
        }
    }

    /// Moves the clock on, waking whatever waits for a time now passed.
    pub fn advance(&self, by: Duration) {
        let _one_at_a_time = self.lock.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let by = i64::try_from(by.as_millis()).unwrap_or(i64::MAX);
        self.now.send_modify(|now| *now = now.saturating_add(by));
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Millis {
        *self.now.borrow()
    }

    fn sleep_until(&self, at: Millis) -> Sleep<'_> {
        let mut time = self.now.subscribe();
        Box::pin(async move {
            // The sender lives as long as the clock, which outlives this borrow.
            let _ = time.wait_for(|now| *now >= at).await;
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_manual_clock_wakes_its_sleepers_when_moved_past_their_time() {
        let clock = std::sync::Arc::new(ManualClock::new(1_000));
        let sleeper = {
            let clock = clock.clone();
            tokio::spawn(async move { clock.sleep_until(3_000).await })
        };
        clock.advance(Duration::from_millis(1_000));
        tokio::task::yield_now().await;
        assert!(!sleeper.is_finished());
        clock.advance(Duration::from_millis(1_000));
        sleeper.await.unwrap();
        assert_eq!(clock.now(), 3_000);
    }
}
