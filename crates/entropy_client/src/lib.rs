//! A client of entropy-server.
//!
//! - [`Server`]: where the server is ([`Endpoint`]: `ws://`, `wss://`,
//!   `http://`, `https://` or a bare `host:port`, all taken alike) and its
//!   HTTP API: [`Server::register`], [`Server::login`], [`Server::logout`],
//!   [`Server::game_file`], [`Server::player_games`],
//!   [`Server::leaderboard`], [`Server::server_key`]. Outside the browser
//!   the calls are blocking `ureq` requests run on tokio's blocking pool
//!   (rustls with ring: no OpenSSL, no aws-lc-rs), and `https://` and
//!   `wss://` trust the Mozilla roots, or instead the certificate
//!   authorities given (`Server::with_root_certificates`,
//!   `Server::with_ca_file`): a server with a certificate of its own. In
//!   the browser they are the browser's `fetch` and WebSocket.
//! - [`Connection`] ([`Server::connect`]): the WebSocket, sending
//!   [`entropy_protocol::ClientMessage`]s and receiving
//!   [`entropy_protocol::ServerMessage`]s, which connects again by itself
//!   after a lost connection, signs in again, watches its games again from
//!   the last version it saw and sends again a move that had no answer.
//! - [`GameView`]: one game's events replayed into the rules crate's
//!   positions, with the moves each player owes, and the count between the
//!   rounds, which a player says they have seen with the message
//!   [`GameView::count_seen_message`] makes.
//! - [`bot`]: a bot that plays random legal moves, for tests and scripted
//!   runs.
//!
//! Outside the browser everything runs inside a tokio runtime the caller
//! provides; in the browser, on the page's event loop ([`runtime`]).

#[cfg(not(target_arch = "wasm32"))]
pub mod bot;
mod connection;
mod endpoint;
mod http;
mod incoming;
mod liveness;
mod resume;
pub mod runtime;
mod socket;
#[cfg(not(target_arch = "wasm32"))]
mod trust;
mod view;

use std::fmt;

pub use connection::Connection;
pub use endpoint::{BadUrl, DEFAULT_PORT, Endpoint};
pub use http::{HTTP_TIMEOUT, MAX_JSON, MAX_MATCH_FILE, Server};
pub use incoming::Incoming;
pub use liveness::{CONNECT_TIMEOUT, FIRST_BACKOFF, Liveness, MAX_BACKOFF, PING_EVERY, SILENCE};
#[cfg(not(target_arch = "wasm32"))]
pub use trust::CA_FILE_VAR;
pub use view::{Applied, BoardStep, End, GameView, Owed, Start, ViewError, player_at};

/// What went wrong talking to a server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientError {
    /// The server's address was refused.
    Url(BadUrl),
    /// An HTTP call could not be made or finished (`what`: the path).
    Http { what: String, reason: String },
    /// The server answered an HTTP call with an error.
    Api { status: u16, error: String },
    /// The server's answer is not what the protocol says (`what` it was).
    Malformed { what: String, reason: String },
    /// The WebSocket could not be opened, or failed.
    WebSocket(String),
    /// The certificate authorities to trust could not be read (why).
    Tls(String),
    /// The server refused the `Hello` (a token no longer valid, another
    /// protocol), why.
    Refused(String),
    /// The connection is over for good.
    Closed,
}

impl fmt::Display for ClientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClientError::Url(e) => write!(f, "{e}"),
            ClientError::Http { what, reason } => write!(f, "{what}: {reason}"),
            ClientError::Api { status, error } => write!(f, "the server said no ({status}): {error}"),
            ClientError::Malformed { what, reason } => write!(f, "{what} is not what the protocol says: {reason}"),
            ClientError::WebSocket(why) => write!(f, "WebSocket: {why}"),
            ClientError::Tls(why) => write!(f, "TLS: {why}"),
            ClientError::Refused(why) => write!(f, "the server refused the session: {why}"),
            ClientError::Closed => f.write_str("the connection is closed"),
        }
    }
}

impl std::error::Error for ClientError {}
