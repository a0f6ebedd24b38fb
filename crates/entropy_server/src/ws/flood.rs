//! The flood limit: a token bucket on the server's clock. A connection may
//! send `burst` messages at once and `rate` a second sustained; one that
//! sends more is told so and closed.

use crate::clock::Millis;

/// A connection's allowance of messages.
#[derive(Clone, Debug)]
pub struct Bucket {
    rate: f64,
    burst: f64,
    tokens: f64,
    at: Millis,
}

impl Bucket {
    pub fn new(rate: f64, burst: f64, now: Millis) -> Bucket {
        Bucket {
            rate,
            burst,
            tokens: burst,
            at: now,
        }
    }

    /// Takes one message's token; false if the connection floods.
    pub fn take(&mut self, now: Millis) -> bool {
        let elapsed = now.saturating_sub(self.at).max(0) as f64 / 1000.0;
        self.at = self.at.max(now);
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_passes_a_flood_does_not_and_time_refills() {
        let mut bucket = Bucket::new(30.0, 90.0, 0);
        assert!((0..90).all(|_| bucket.take(0)));
        assert!(!bucket.take(0));
        // One second later: 30 more.
        assert!((0..30).all(|_| bucket.take(1000)));
        assert!(!bucket.take(1000));
        // Thirty a second, sustained, for a minute: never refused.
        let mut steady = Bucket::new(30.0, 90.0, 0);
        assert!((0..1800).all(|i| steady.take(i * 1000 / 30 + 34)));
    }
}
