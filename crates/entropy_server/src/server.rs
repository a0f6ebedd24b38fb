//! The state every part of a running server shares.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use crate::clock::Clock;
use crate::conns::Conns;
use crate::db::Store;
use crate::door::Door;
use crate::hub::audience::Audience;
use crate::hub::slots::Hub;
use crate::notify::note::Notifier;
use crate::sweeper::alarm::Alarm;

/// The limits a connection lives within (docs/online.md, "Limits").
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// How long a connection has to send a request's headers (a new one,
    /// or one kept alive between requests), and to finish its TLS handshake.
    pub request_within: Duration,
    /// How long a new WebSocket has to say Hello.
    pub hello_within: Duration,
    /// The most connections held at once (and never more than the
    /// process's file limit allows: [`crate::door`]).
    pub connections: usize,
    /// The most connections one address holds at once.
    pub per_address: usize,
    /// The messages a second a connection may send, sustained.
    pub messages_per_second: f64,
    /// The messages it may send at once, above that rate.
    pub burst: f64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            request_within: Duration::from_secs(5),
            hello_within: Duration::from_secs(5),
            connections: 10_000,
            per_address: 32,
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
    /// Every TCP connection's way in ([`crate::door`]).
    pub door: Door,
    /// Failed sign-ins by name and address ([`crate::guard`]).
    pub guard: crate::guard::Guard,
    /// How fast each address registers accounts ([`crate::http::registering`]).
    pub registering: crate::http::Registering,
    pub hub: Hub,
    /// The games' spectators on every process.
    pub audience: Audience,
    /// The players signed in on the other processes.
    pub roster: crate::hub::roster::Roster,
    pub notes: Notifier,
    /// This process's id in the heartbeat table.
    pub process: String,
    /// The key finished match files are signed with, the database's
    /// ([`crate::db::keys`]).
    pub signing: entropy_protocol::signature::SigningKey,
    /// Wakes the sweeper when a deadline comes earlier than it sleeps to.
    pub sweep: Alarm,
    /// Rung when the lobby changed: its teller sends it anew
    /// ([`crate::lobby::teller`]).
    pub lobby_changed: tokio::sync::Notify,
    /// How fast each account posts seeks ([`crate::lobby::posting`]).
    pub posting: crate::lobby::Posting,
    /// Turns true when the server stops.
    pub stopping: watch::Receiver<bool>,
}

/// Completes when the server stops.
pub async fn stopped(stopping: &mut watch::Receiver<bool>) {
    // The guard `wait_for` returns is dropped here: it must not live across an await.
    let _ = stopping.wait_for(|stop| *stop).await.is_ok();
}
