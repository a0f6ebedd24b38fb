//! The state every part of a running server shares.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use crate::clock::Clock;
use crate::conns::Conns;
use crate::db::Store;
use crate::hub::audience::Audience;
use crate::hub::slots::Hub;
use crate::notify::note::Notifier;
use crate::sweeper::alarm::Alarm;

/// The limits a connection lives within.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// How long a new connection has to say Hello.
    pub hello_within: Duration,
    /// The messages a second a connection may send, sustained.
    pub messages_per_second: f64,
    /// The messages it may send at once, above that rate.
    pub burst: f64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            hello_within: Duration::from_secs(10),
            messages_per_second: 30.0,
            burst: 90.0,
        }
    }
}

/// The running server's shared state.
pub struct Server {
    pub store: Store,
    pub clock: Arc<dyn Clock>,
    pub limits: Limits,
    pub conns: Conns,
    pub hub: Hub,
    /// The games' spectators on every process.
    pub audience: Audience,
    pub notes: Notifier,
    /// This process's id in the heartbeat table.
    pub process: String,
    /// Wakes the sweeper when a deadline comes earlier than it sleeps to.
    pub sweep: Alarm,
    /// Turns true when the server stops.
    pub stopping: watch::Receiver<bool>,
}

/// Completes when the server stops.
pub async fn stopped(stopping: &mut watch::Receiver<bool>) {
    // The guard `wait_for` returns is dropped here: it must not live across an await.
    let _ = stopping.wait_for(|stop| *stop).await.is_ok();
}
