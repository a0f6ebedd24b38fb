//! The sign-in guard: failed sign-ins counted by name and by address, with
//! delays that grow. A few failures are free (a mistyped password); past
//! them each failure doubles the wait before the next try is heard, up to
//! [`MAX_WAIT`], and a try within the wait is answered 429 with when to
//! try again, without a password being checked. A sign-in that succeeds
//! clears its name's count; counts are forgotten after [`FORGET_AFTER`]
//! without a failure.
//!
//! Names are counted whether or not an account has them, so the answers
//! never tell which names exist. Addresses are those of the clients
//! ([`client_address`]); the loopback addresses a proxy on this machine
//! connects from are counted by the address the proxy names, or not at all.
//!
//! (Hand-written: `governor` limits the rate of attempts, where this counts
//! failures and makes the wait grow with them, which is what slows a guesser
//! and leaves a person who mistypes alone.)

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::http::HeaderMap;

use crate::door::Ticket;

/// Failures of one name that cost nothing.
pub const FREE_PER_NAME: u32 = 5;
/// Failures from one address that cost nothing.
pub const FREE_PER_ADDRESS: u32 = 10;
/// The first wait, doubled at each failure after the free ones.
pub const FIRST_WAIT: Duration = Duration::from_secs(1);
/// The longest wait.
pub const MAX_WAIT: Duration = Duration::from_secs(15 * 60);
/// How long a count is kept after its last failure.
pub const FORGET_AFTER: Duration = Duration::from_secs(60 * 60);
/// The most names and addresses counted at once: past it the oldest are
/// forgotten first (a guesser with endless names cannot make it grow).
pub const MAX_COUNTED: usize = 100_000;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    Name(String),
    Address(IpAddr),
}

#[derive(Clone, Copy, Debug)]
struct Count {
    failures: u32,
    last: Instant,
    /// No try is heard before this.
    until: Instant,
}

/// The guard of one server.
#[derive(Debug, Default)]
pub struct Guard {
    counts: Mutex<HashMap<Key, Count>>,
}

/// A try refused for now: how long until the next is heard, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wait {
    pub retry_after: Duration,
    pub reason: String,
}

impl Guard {
    fn keys(name_key: &str, address: Option<IpAddr>) -> Vec<Key> {
        let mut keys = vec![Key::Name(name_key.to_string())];
        keys.extend(address.map(Key::Address));
        keys
    }

    /// Whether a sign-in for `name_key` from `address` may be tried now.
    pub fn check(&self, name_key: &str, address: Option<IpAddr>) -> Result<(), Wait> {
        self.check_at(name_key, address, Instant::now())
    }

    fn check_at(&self, name_key: &str, address: Option<IpAddr>, now: Instant) -> Result<(), Wait> {
        let counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        let mut longest: Option<(Duration, &Key)> = None;
        let keys = Guard::keys(name_key, address);
        for key in &keys {
            if let Some(count) = counts.get(key)
                && count.until > now
            {
                let left = count.until - now;
                if longest.is_none_or(|(l, _)| left > l) {
                    longest = Some((left, key));
                }
            }
        }
        match longest {
            None => Ok(()),
            Some((left, key)) => {
                // Whole seconds, rounded up: a client that waits as told is heard.
                let retry_after = Duration::from_secs(left.as_millis().div_ceil(1000) as u64);
                let whose = match key {
                    Key::Name(_) => "for this name",
                    Key::Address(_) => "from this address",
                };
                Err(Wait {
                    retry_after,
                    reason: format!(
                        "too many failed sign-ins {whose}: try again in {} seconds",
                        retry_after.as_secs()
                    ),
                })
            }
        }
    }

    /// Counts a failed sign-in.
    pub fn failed(&self, name_key: &str, address: Option<IpAddr>) {
        self.failed_at(name_key, address, Instant::now());
    }

    fn failed_at(&self, name_key: &str, address: Option<IpAddr>, now: Instant) {
        let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        for key in Guard::keys(name_key, address) {
            let free = match key {
                Key::Name(_) => FREE_PER_NAME,
                Key::Address(_) => FREE_PER_ADDRESS,
            };
            let count = counts.entry(key).or_insert(Count {
                failures: 0,
                last: now,
                until: now,
            });
            count.failures = count.failures.saturating_add(1);
            count.last = now;
            if count.failures > free {
                let doublings = (count.failures - free - 1).min(20);
                let wait = FIRST_WAIT.saturating_mul(1 << doublings).min(MAX_WAIT);
                count.until = now + wait;
            }
        }
        if counts.len() > MAX_COUNTED {
            forget_oldest(&mut counts, counts_len_target());
        }
    }

    /// A sign-in that succeeded: its name's failures are forgotten.
    pub fn succeeded(&self, name_key: &str) {
        let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        counts.remove(&Key::Name(name_key.to_string()));
    }

    /// Forgets the counts without a failure for [`FORGET_AFTER`].
    pub fn prune(&self) {
        let now = Instant::now();
        let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        counts.retain(|_, count| now.duration_since(count.last) < FORGET_AFTER || count.until > now);
        counts.shrink_to_fit();
    }

    /// How many names and addresses are counted.
    pub fn len(&self) -> usize {
        self.counts.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

fn counts_len_target() -> usize {
    MAX_COUNTED * 9 / 10
}

/// Forgets the counts whose last failure is oldest, down to `keep`.
fn forget_oldest(counts: &mut HashMap<Key, Count>, keep: usize) {
    let mut by_age: Vec<(Instant, Key)> = counts.iter().map(|(k, c)| (c.last, k.clone())).collect();
    by_age.sort_by_key(|(last, _)| *last);
    let drop = counts.len().saturating_sub(keep);
    for (_, key) in by_age.into_iter().take(drop) {
        counts.remove(&key);
    }
}

/// The address of the client a request comes from: the connection's own,
/// or, from a proxy on this machine (127.0.0.1, ::1), the last address the
/// proxy names in `X-Forwarded-For` (None if it names none: such requests
/// are counted by name only). An IPv6 address counts by its /64.
pub fn client_address(ticket: Option<&Ticket>, headers: &HeaderMap) -> Option<IpAddr> {
    let peer = ticket?.peer();
    if !crate::door::proxied(peer) {
        return Some(household(peer));
    }
    let forwarded = headers.get("x-forwarded-for")?.to_str().ok()?;
    let last = forwarded.rsplit(',').next()?.trim();
    last.parse::<IpAddr>().ok().map(household)
}

/// An IPv6 address's /64 (a household's prefix); an IPv4 address as it is.
fn household(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let mut octets = v6.octets();
                octets[8..].fill(0);
                IpAddr::from(octets)
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failures_past_the_free_ones_make_the_wait_grow_and_success_clears_the_name() {
        let guard = Guard::default();
        let now = Instant::now();
        let there: IpAddr = "203.0.113.9".parse().unwrap();
        for _ in 0..FREE_PER_NAME {
            assert!(guard.check_at("ann", Some(there), now).is_ok());
            guard.failed_at("ann", Some(there), now);
        }
        assert!(
            guard.check_at("ann", Some(there), now).is_ok(),
            "the free failures cost nothing"
        );
        guard.failed_at("ann", Some(there), now);
        let wait = guard.check_at("ann", None, now).unwrap_err();
        assert_eq!(wait.retry_after, FIRST_WAIT);
        assert!(wait.reason.contains("for this name"), "{}", wait.reason);
        guard.failed_at("ann", Some(there), now + FIRST_WAIT);
        let wait = guard.check_at("ann", None, now + FIRST_WAIT).unwrap_err();
        assert_eq!(wait.retry_after, FIRST_WAIT * 2, "doubled");
        assert!(
            guard.check_at("bob", None, now).is_ok(),
            "another name is not held back"
        );
        guard.succeeded("ann");
        assert!(guard.check_at("ann", None, now + FIRST_WAIT).is_ok());
    }

    #[test]
    fn an_address_that_fails_with_many_names_waits_and_the_wait_is_bounded() {
        let guard = Guard::default();
        let now = Instant::now();
        let there: IpAddr = "2001:db8::7".parse().unwrap();
        for i in 0..100 {
            guard.failed_at(&format!("name-{i}"), Some(household(there)), now);
        }
        let other_in_household: IpAddr = "2001:db8::99".parse().unwrap();
        let wait = guard
            .check_at("fresh", Some(household(other_in_household)), now)
            .unwrap_err();
        assert!(wait.reason.contains("from this address"), "{}", wait.reason);
        assert_eq!(wait.retry_after, MAX_WAIT);
    }
}
