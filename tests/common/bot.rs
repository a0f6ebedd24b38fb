//! The tests' bots: `entropy_client::bot`, on a runtime of the test's,
//! failing the test when one cannot play on. (Included with `#[path]` by
//! the tests that need it.)

#![allow(dead_code)]

use std::time::Duration;

pub use entropy_client::bot::{Behaviour, Played};

/// How long anything here may take on a loaded machine: a test waits for
/// each thing to happen, and this bounds only a test that hangs.
pub const BOUND: Duration = Duration::from_secs(120);

/// A bot named `name` at `address`, playing as `behaviour` says; its games.
pub async fn bot(address: String, name: &str, behaviour: Behaviour, seed: u64) -> Vec<Played> {
    match tokio::time::timeout(BOUND * 4, entropy_client::bot::play(&address, name, behaviour, seed)).await {
        Ok(Ok(played)) => played,
        Ok(Err(why)) => panic!("the bot {name} stopped: {why}"),
        Err(_) => panic!("the bot {name} never finished"),
    }
}
