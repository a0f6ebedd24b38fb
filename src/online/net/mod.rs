//! The network: what the app asks of it ([`NetCommand`]) and what it tells
//! the app ([`NetEvent`]), through [`Net`], read and written without
//! waiting. Nothing a frame does ever waits on the network, and the game
//! asks for no frame to listen for it: each event wakes the game's loop
//! ([`crate::app::redraw::wake`]).
//!
//! Outside the browser ([`native`]) a thread runs a tokio runtime that
//! holds the connection (`entropy_client`: the HTTP calls and the
//! WebSocket that comes back by itself) and can host a server. In the
//! browser ([`web`]) the connection is not carried yet (docs/web.md).

use std::path::PathBuf;
use std::time::Duration;

use entropy_client::Incoming;
use entropy_protocol::{Account, ClientMessage, GameId};

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(not(target_arch = "wasm32"))]
pub use native::{HOST_DATABASE, Net};
#[cfg(target_arch = "wasm32")]
mod web;
#[cfg(target_arch = "wasm32")]
pub use web::Net;

/// How long signing in may take before the player is told the server
/// cannot be reached: the HTTP call and the WebSocket's opening together.
pub const REACH: Duration = Duration::from_secs(5);

/// What the app asks of the network.
#[derive(Debug, Clone, PartialEq)]
pub enum NetCommand {
    /// Signs in (or registers, `register`) at `address` and opens the
    /// connection.
    SignIn {
        address: String,
        name: String,
        password: String,
        register: bool,
    },
    /// Opens the connection with a session's token kept from an earlier
    /// sign-in.
    Resume { address: String, token: String },
    /// Signs out: the session ends on the server and the connection closes.
    SignOut,
    /// A message for the server (sent once the connection is back, if it
    /// is down).
    Send(ClientMessage),
    /// The finished game's match file, from the server's archive.
    FetchMatch { game: GameId },
    /// Starts a server inside the game, for players on this network: the
    /// server's database in `folder`, on every address, port
    /// [`HOST_PORT`] (another if that one is taken, and said).
    Host { folder: PathBuf },
    /// Stops the server hosted inside the game (its games are kept, and
    /// come back when it is hosted again).
    StopHosting,
}

/// What the network tells the app.
#[derive(Debug, Clone, PartialEq)]
pub enum NetEvent {
    /// Signed in at `address` (the address as the player typed it) and
    /// connected.
    SignedIn {
        address: String,
        account: Account,
        token: String,
    },
    /// Signing in or connecting failed, why, in words for the player.
    Failed(String),
    /// The connection said something ([`Incoming`]: a message, a loss, a
    /// return, the end).
    Incoming(Incoming),
    /// Signed out.
    SignedOut,
    /// A finished game's match file, or why it could not be had.
    MatchFile { game: GameId, file: Result<String, String> },
    /// The player's finished games, as the server's archive lists them
    /// (told after each sign-in).
    Listed(Vec<entropy_protocol::GameSummary>),
    /// The server inside the game listens on `port`; friends reach it at
    /// `addresses` (this computer's addresses on its networks, with the
    /// port); `taken`: [`HOST_PORT`] was taken, so it listens on another;
    /// `web`: it serves the web game too (built with `./serve`), so a
    /// friend plays in a browser at those addresses.
    Hosting {
        port: u16,
        addresses: Vec<String>,
        taken: bool,
        web: bool,
    },
    /// The server inside the game has stopped.
    HostStopped,
    /// The server inside the game could not start, why.
    HostFailed(String),
}

/// The port a server hosted in the game listens on, when it is free:
/// `entropy-server`'s own.
pub const HOST_PORT: u16 = entropy_client::DEFAULT_PORT;
