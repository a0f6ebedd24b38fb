//! The network, on a thread of its own: Bevy's task pools have no tokio
//! reactor, so a thread runs a tokio runtime that holds the connection to
//! a server (`entropy_client`: the HTTP calls and the WebSocket that comes
//! back by itself). The app talks to it through two channels, read and
//! written without waiting: [`NetCommand`]s in ([`Net::send`]), and
//! [`NetEvent`]s out ([`Net::drain`], once a frame). Nothing a frame does
//! ever waits on the network, and the game asks for no frame to listen for
//! it: each event it sends wakes the game's loop ([`crate::app::redraw::wake`]).

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use bevy::prelude::*;
use entropy_client::{CA_FILE_VAR, ClientError, Connection, Incoming, Liveness, Server};
use entropy_protocol::{Account, ClientMessage, Credentials, GameId};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

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
    /// port); `taken`: [`HOST_PORT`] was taken, so it listens on another.
    Hosting {
        port: u16,
        addresses: Vec<String>,
        taken: bool,
    },
    /// The server inside the game has stopped.
    HostStopped,
    /// The server inside the game could not start, why.
    HostFailed(String),
}

/// The port a server hosted in the game listens on, when it is free:
/// `entropy-server`'s own.
pub const HOST_PORT: u16 = entropy_client::DEFAULT_PORT;

/// The two ends of the network's channels, held by the app. Dropped (the
/// game closing), it lets the thread stop a server it hosts, which stores
/// when it went down so that its games' clocks get the time back.
#[derive(Resource)]
pub struct Net {
    commands: Option<UnboundedSender<NetCommand>>,
    events: Mutex<UnboundedReceiver<NetEvent>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Net {
    fn drop(&mut self) {
        // The thread's loop ends when its commands end.
        self.commands = None;
        if let Some(thread) = self.thread.take() {
            let deadline = std::time::Instant::now() + Duration::from_secs(6);
            while !thread.is_finished() && std::time::Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(10));
            }
        }
    }
}

impl Net {
    /// Starts the network's thread.
    pub fn start() -> Net {
        let (commands, inbox) = unbounded_channel();
        let (outbox, events) = unbounded_channel();
        let started = std::thread::Builder::new().name("network".into()).spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build();
            match runtime {
                Ok(runtime) => runtime.block_on(run(inbox, outbox)),
                Err(e) => {
                    say(&outbox, NetEvent::Failed(format!("the network could not start: {e}")));
                }
            }
        });
        let thread = started
            .map_err(|e| error!("the network's thread could not start: {e}"))
            .ok();
        Net {
            commands: Some(commands),
            events: Mutex::new(events),
            thread,
        }
    }

    /// Asks the network for `command`; never waits.
    pub fn send(&self, command: NetCommand) {
        if self.commands.as_ref().is_none_or(|c| c.send(command).is_err()) {
            warn!("the network's thread has stopped");
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

/// Hands `event` to the app and wakes its loop to take it; whether the app
/// is still there.
fn say(outbox: &UnboundedSender<NetEvent>, event: NetEvent) -> bool {
    let sent = outbox.send(event).is_ok();
    crate::app::redraw::wake();
    sent
}

/// The session the network holds: the server, its token and the connection.
struct Link {
    server: Server,
    token: String,
    connection: Connection,
}

/// The network's loop: commands in, events out, until the app is gone.
async fn run(mut inbox: UnboundedReceiver<NetCommand>, outbox: UnboundedSender<NetEvent>) {
    let mut link: Option<Link> = None;
    let mut hosted: Option<entropy_server::Running> = None;
    loop {
        let incoming = async {
            match link.as_mut() {
                Some(link) => link.connection.recv().await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            command = inbox.recv() => {
                match command {
                    None => break,
                    Some(NetCommand::Host { folder }) => {
                        if hosted.is_none() {
                            match host(&folder).await {
                                Ok(running) => {
                                    let port = running.local_addr().port();
                                    let addresses = local_addresses().into_iter().map(|a| format!("{a}:{port}")).collect();
                                    let taken = port != HOST_PORT;
                                    say(&outbox, NetEvent::Hosting { port, addresses, taken });
                                    hosted = Some(running);
                                }
                                Err(why) => {
                                    say(&outbox, NetEvent::HostFailed(why));
                                }
                            }
                        }
                    }
                    Some(NetCommand::StopHosting) => {
                        if let Some(running) = hosted.take() {
                            running.shutdown().await;
                        }
                        say(&outbox, NetEvent::HostStopped);
                    }
                    Some(command) => handle(command, &mut link, &outbox).await,
                }
            }
            said = incoming => {
                // The answers to the connection's own pings change nothing.
                if matches!(said, Some(Incoming::Message(entropy_protocol::ServerMessage::Pong))) {
                    continue;
                }
                let over = matches!(said, None | Some(Incoming::Closed(_)));
                let said = said.unwrap_or_else(|| Incoming::Closed("the connection ended".into()));
                if !say(&outbox, NetEvent::Incoming(said)) {
                    break;
                }
                if over {
                    link = None;
                }
            }
        }
    }
    drop(link);
    if let Some(running) = hosted {
        running.shutdown().await;
    }
}

/// Starts the server inside the game, its database in `folder`: on
/// [`HOST_PORT`] on every address, or on any free port if that one is taken.
async fn host(folder: &Path) -> Result<entropy_server::Running, String> {
    std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let database = entropy_server::db::sqlite_url(&folder.join(HOST_DATABASE));
    let clock = || std::sync::Arc::new(entropy_server::SystemClock);
    let listen = |port: u16| SocketAddr::from(([0, 0, 0, 0], port));
    match entropy_server::start(
        entropy_server::Config::new(listen(HOST_PORT), database.clone()),
        clock(),
    )
    .await
    {
        Ok(running) => Ok(running),
        Err(entropy_server::StartError::Listen(_)) => {
            entropy_server::start(entropy_server::Config::new(listen(0), database), clock())
                .await
                .map_err(|e| e.to_string())
        }
        Err(e) => Err(e.to_string()),
    }
}

/// The file of a hosted server's database, in the game's data folder.
pub const HOST_DATABASE: &str = "server.db";

/// This computer's IPv4 addresses on its networks (not the loopback), the
/// ones a friend on the same network types to join.
fn local_addresses() -> Vec<String> {
    let mut found = Vec::new();
    #[cfg(unix)]
    // SAFETY: getifaddrs fills a list that freeifaddrs frees; each entry's
    // address is read only where the list says it is an IPv4 one.
    unsafe {
        let mut list: *mut libc::ifaddrs = std::ptr::null_mut();
        if libc::getifaddrs(&mut list) == 0 {
            let mut entry = list;
            while !entry.is_null() {
                let address = (*entry).ifa_addr;
                if !address.is_null() && i32::from((*address).sa_family) == libc::AF_INET {
                    let v4 = &*(address as *const libc::sockaddr_in);
                    let ip = std::net::Ipv4Addr::from(u32::from_be(v4.sin_addr.s_addr));
                    if !ip.is_loopback() {
                        found.push(ip.to_string());
                    }
                }
                entry = (*entry).ifa_next;
            }
            libc::freeifaddrs(list);
        }
    }
    found.sort();
    found.dedup();
    found
}

async fn handle(command: NetCommand, link: &mut Option<Link>, outbox: &UnboundedSender<NetEvent>) {
    let tell = |event: NetEvent| {
        say(outbox, event);
    };
    match command {
        NetCommand::SignIn {
            address,
            name,
            password,
            register,
        } => {
            // The old session goes before a new one is opened.
            *link = None;
            let credentials = Credentials {
                name,
                password,
                bot: false,
            };
            *link = open(&address, sign_in(&address, credentials, register), &tell).await;
            list_finished(link, outbox);
        }
        NetCommand::Resume { address, token } => {
            *link = None;
            *link = open(&address, resume(&address, token), &tell).await;
            list_finished(link, outbox);
        }
        NetCommand::SignOut => {
            if let Some(old) = link.take() {
                drop(old.connection);
                // Signing out is best done; the player is out either way.
                let _ = tokio::time::timeout(REACH, old.server.logout(&old.token)).await;
            }
            tell(NetEvent::SignedOut);
        }
        NetCommand::Send(message) => match link {
            Some(link) => {
                if link.connection.send(message).is_err() {
                    tell(NetEvent::Incoming(Incoming::Closed("the connection is closed".into())));
                }
            }
            None => tell(NetEvent::Failed("not connected to a server".into())),
        },
        // Hosting is the loop's own ([`run`]), as it holds the server.
        NetCommand::Host { .. } | NetCommand::StopHosting => {}
        NetCommand::FetchMatch { game } => {
            let file = match link {
                Some(link) => link.server.game_file(&game).await.map_err(|e| e.to_string()),
                None => Err("not connected to a server".into()),
            };
            tell(NetEvent::MatchFile { game, file });
        }
    }
}

/// The player's finished games, as the server's archive lists them, told
/// once signed in: asked on a task of its own (within [`REACH`]), so that
/// nothing else waits for it; an archive that does not answer is asked
/// again at the next sign-in.
fn list_finished(link: &Option<Link>, outbox: &UnboundedSender<NetEvent>) {
    let Some(link) = link else { return };
    let Some(name) = link.connection.account().map(|a| a.name.clone()) else {
        return;
    };
    let (server, outbox) = (link.server.clone(), outbox.clone());
    tokio::spawn(async move {
        match tokio::time::timeout(REACH, server.player_games(&name)).await {
            Ok(Ok(listed)) => {
                say(&outbox, NetEvent::Listed(listed));
            }
            Ok(Err(e)) => warn!("the server's archive of {name}'s games: {e}"),
            Err(_) => warn!("the server's archive of {name}'s games did not answer"),
        }
    });
}

/// Opens a session at `address` by `attempt` (a sign-in or a session
/// kept), within [`REACH`], and tells how it went.
async fn open(
    address: &str,
    attempt: impl std::future::Future<Output = Result<(Link, Account), String>>,
    tell: &impl Fn(NetEvent),
) -> Option<Link> {
    match tokio::time::timeout(REACH, attempt).await {
        Ok(Ok((new, account))) => {
            tell(NetEvent::SignedIn {
                address: address.to_string(),
                account,
                token: new.token.clone(),
            });
            Some(new)
        }
        Ok(Err(why)) => {
            tell(NetEvent::Failed(why));
            None
        }
        Err(_) => {
            tell(NetEvent::Failed(unreachable(address)));
            None
        }
    }
}

/// The server at `address`, trusting the certificate authority the
/// environment names (a server with a certificate of its own), if any.
fn server(address: &str) -> Result<Server, String> {
    let server = Server::new(address.trim()).map_err(|e| format!("{address}: {e}"))?;
    match std::env::var_os(CA_FILE_VAR) {
        Some(path) => server.with_ca_file(path.as_ref()).map_err(|e| e.to_string()),
        None => Ok(server),
    }
}

async fn sign_in(address: &str, credentials: Credentials, register: bool) -> Result<(Link, Account), String> {
    let server = server(address)?;
    let signed = if register {
        server.register(&credentials).await
    } else {
        server.login(&credentials).await
    }
    .map_err(|e| said(address, e))?;
    let connection = server
        .connect_with(Some(signed.token.clone()), Liveness::PROMPT)
        .await
        .map_err(|e| said(address, e))?;
    let link = Link {
        server,
        token: signed.token,
        connection,
    };
    Ok((link, signed.account))
}

async fn resume(address: &str, token: String) -> Result<(Link, Account), String> {
    let server = server(address)?;
    let connection = server
        .connect_with(Some(token.clone()), Liveness::PROMPT)
        .await
        .map_err(|e| said(address, e))?;
    let account = connection
        .account()
        .cloned()
        .ok_or_else(|| "the server took the connection without its account: sign in again".to_string())?;
    Ok((
        Link {
            server,
            token,
            connection,
        },
        account,
    ))
}

/// The server at `address` gave no answer in time.
fn unreachable(address: &str) -> String {
    format!(
        "No answer from {} within {} seconds: is the address right, and the server running?",
        address.trim(),
        REACH.as_secs()
    )
}

/// A failure to sign in or connect, in words for the player.
fn said(address: &str, error: ClientError) -> String {
    let address = address.trim();
    match error {
        ClientError::Api { error, .. } => error,
        ClientError::Http { reason, .. } | ClientError::WebSocket(reason) => {
            format!("Cannot reach {address}: {reason}")
        }
        ClientError::Refused(why) => format!("{address} refused the session: {why}"),
        other => format!("{address}: {other}"),
    }
}
