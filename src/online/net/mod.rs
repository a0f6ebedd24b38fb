//! The network: what the app asks of it ([`NetCommand`]) and what it tells
//! the app ([`NetEvent`]), through [`Net`], read and written without
//! waiting. Nothing a frame does ever waits on the network, and the game
//! asks for no frame to listen for it: each event wakes the game's loop
//! ([`crate::app::redraw::wake`]).
//!
//! One session ([`link`]) holds the connection (`entropy_client`: the
//! HTTP calls and the WebSocket that comes back by itself) and a server
//! hosted here ([`host`]). Outside the browser it runs on a thread of its
//! own with a tokio runtime (Bevy's task pools have no tokio reactor); in
//! the browser, on the page's event loop, through the browser's own
//! WebSocket and `fetch`.

use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

use bevy::prelude::*;
use entropy_client::Incoming;
use entropy_protocol::{Account, ClientMessage, GameId};
use futures_channel::mpsc::{UnboundedReceiver, UnboundedSender, unbounded};

mod host;
mod link;

pub use host::HOST_DATABASE;

/// The two ends of the network's channels, held by the app: commands in
/// ([`Net::send`]), events out ([`Net::drain`], once a frame), both without
/// waiting. Dropped (the game closing), it lets the session stop a server
/// it hosts, which stores when it went down so that its games' clocks get
/// the time back.
#[derive(Resource)]
pub struct Net {
    commands: Option<UnboundedSender<NetCommand>>,
    events: Mutex<UnboundedReceiver<NetEvent>>,
    #[cfg(not(target_arch = "wasm32"))]
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Net {
    /// Starts the network's session.
    pub fn start() -> Net {
        let (commands, inbox) = unbounded();
        let (outbox, events) = unbounded();
        let outbox = link::Outbox(outbox);
        #[cfg(not(target_arch = "wasm32"))]
        let thread = {
            let started = std::thread::Builder::new().name("network".into()).spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build();
                match runtime {
                    Ok(runtime) => runtime.block_on(link::run(inbox, outbox)),
                    Err(e) => {
                        outbox.say(NetEvent::Failed(format!("the network could not start: {e}")));
                    }
                }
            });
            started
                .map_err(|e| error!("the network's thread could not start: {e}"))
                .ok()
        };
        #[cfg(target_arch = "wasm32")]
        entropy_client::runtime::spawn(link::run(inbox, outbox));
        Net {
            commands: Some(commands),
            events: Mutex::new(events),
            #[cfg(not(target_arch = "wasm32"))]
            thread,
        }
    }

    /// Asks the network for `command`; never waits.
    pub fn send(&self, command: NetCommand) {
        if self
            .commands
            .as_ref()
            .is_none_or(|c| c.unbounded_send(command).is_err())
        {
            warn!("the network's session has stopped");
        }
    }

    /// What the network has said since the last call; never waits.
    pub fn drain(&self) -> Vec<NetEvent> {
        let mut events = Vec::new();
        let mut inbox = self.events.lock().unwrap_or_else(|p| p.into_inner());
        while let Ok(event) = inbox.try_recv() {
            events.push(event);
        }
        events
    }
}

impl Drop for Net {
    fn drop(&mut self) {
        // The session's loop ends when its commands end.
        self.commands = None;
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(thread) = self.thread.take() {
            let deadline = std::time::Instant::now() + Duration::from_secs(6);
            while !thread.is_finished() && std::time::Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(10));
            }
        }
    }
}

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
