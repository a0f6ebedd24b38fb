//! What the tests of the server as processes share: a PostgreSQL of the
//! test's own ([`postgres`]), the real binary run as a child process
//! ([`process`]), and players that speak the protocol over WebSocket and
//! keep each game's board by the rules crate ([`player`], [`view`]).
//!
//! Nothing here waits a fixed time: a test waits for a message, a port, a
//! process's end; [`SAFETY_NET`] only bounds a wait that would otherwise
//! hang a broken test.

#![allow(dead_code)]

pub mod player;
pub mod postgres;
pub mod process;
pub mod view;

use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// How long a test waits for something that should come before failing.
pub const SAFETY_NET: Duration = Duration::from_secs(60);

/// The machine's clock in milliseconds since 1970, as the binary's
/// `SystemClock` reads it.
pub fn wall_ms() -> i64 {
    let since = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("the clock is after 1970");
    i64::try_from(since.as_millis()).expect("milliseconds since 1970 fit in an i64")
}

/// An HTTP request through ureq on the blocking pool: its status and body.
pub async fn http(method: &'static str, url: String, body: Option<String>) -> (u16, String) {
    tokio::task::spawn_blocking(move || {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(SAFETY_NET))
            .build()
            .into();
        let response = match (method, body) {
            ("GET", _) => agent.get(&url).call(),
            ("POST", Some(body)) => agent.post(&url).content_type("application/json").send(body),
            ("POST", None) => agent.post(&url).send_empty(),
            (other, _) => panic!("no {other} in these tests"),
        };
        let mut response = response.map_err(|e| format!("{method} {url}: {e}"))?;
        let status = response.status().as_u16();
        let text = response.body_mut().read_to_string().unwrap_or_default();
        Ok::<_, String>((status, text))
    })
    .await
    .expect("the HTTP request's task ran")
    .unwrap_or_else(|e| panic!("{e}"))
}

/// Like [`http`], but a connection refused (a server not yet listening) is `None`.
pub async fn try_get(url: String) -> Option<(u16, String)> {
    tokio::task::spawn_blocking(move || {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(SAFETY_NET))
            .build()
            .into();
        let mut response = agent.get(&url).call().ok()?;
        let status = response.status().as_u16();
        let text = response.body_mut().read_to_string().unwrap_or_default();
        Some((status, text))
    })
    .await
    .expect("the HTTP request's task ran")
}
